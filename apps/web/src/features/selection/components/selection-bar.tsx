import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { paths } from '../../../shared/config/paths';
import type { AlbumPickerProps } from '../../../shared/selection/album-picker-props';
import type { MarkActionsProps, SelectedMarks } from '../../../shared/selection/selected-marks';
import type { Selection } from '../../../shared/selection/use-selection';
import { useDownload } from '../../../shared/api/download';
import { useTrashDays } from '../../../shared/api/client-config';
import { announceTrashed } from '../../../shared/trash/trashed-store';
import { useBulkAdd, useBulkDelete, useLockPhotos } from '../api/bulk-actions';
import { SelectionAction as Action, SelectionBarFrame } from './selection-bar-frame';
import { useIntl, useT } from '../../../i18n/i18n';

/**
 * The most photos one action may name: the contract's BULK_IDS_MAX (library.ts, whose values the
 * app's build does not take: only limits.ts is bundled).
 */
const BULK_IDS_MAX = 10_000;

export interface SelectionBarProps {
  selection: Selection;
  /** Photos were deleted, added or moved: what shows them is read again. */
  onChanged: () => void;
  /** The dialog that chooses the album photos are added or moved to. */
  albumPicker: (props: AlbumPickerProps) => ReactNode;
  /** The selected photos' marks, where the page knows them: Favourite, Archive and their undoing. */
  marks?: SelectedMarks | undefined;
  /** Actions on the marks, given by the app (the marks feature's). */
  markActions?: (props: MarkActionsProps) => ReactNode;
}

type Dialog = 'add' | 'move' | 'delete';

/**
 * Over the top bar while photos are selected: how many, Clear, and what can be done with them:
 * Download (a zip), Add to album, Move to album, Move to locked place (the caller's own uploads:
 * the server refuses others, naming one), Delete (after asking; to Trash, with Undo, when the
 * server keeps one). Loaded when a first photo is selected.
 */
export default function SelectionBar({
  selection,
  onChanged,
  albumPicker,
  marks,
  markActions,
}: SelectionBarProps) {
  const ids = [...selection.ids];
  const count = ids.length;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [tooMany, setTooMany] = useState(false);
  const remove = useBulkDelete(onChanged);
  const add = useBulkAdd(onChanged);
  const lock = useLockPhotos(onChanged);
  const download = useDownload({ quiet: false });
  const busy = remove.isPending || add.isPending || download.isPending || lock.isPending;
  const t = useT();
  const intl = useIntl();
  // Deleted photos wait in Trash this many days; 0 (or not known yet): deleting is final.
  const days = useTrashDays() ?? 0;

  const checked = (then: () => void) => () => {
    if (count > BULK_IDS_MAX) setTooMany(true);
    else then();
  };

  return (
    <>
      <SelectionBarFrame
        selection={selection}
        alert={
          tooMany && (
            <span className="small text-danger" role="alert">
              {t('selection.tooMany', { max: intl.formatNumber(BULK_IDS_MAX) })}
            </span>
          )
        }
      >
        {marks &&
          markActions?.({
            ids,
            marks,
            busy,
            checked,
            finish: selection.finish,
            action: (props) => <Action key={props.icon} {...props} />,
          })}
        {/* Delete early: a phone shows the first few actions, the rest scroll into view. */}
        <Action
          icon="trash"
          label={t('selection.delete')}
          disabled={busy}
          onClick={checked(() => setDialog('delete'))}
        />
        <Action
          icon="download"
          label={t(download.isPending ? 'selection.preparing' : 'selection.download')}
          disabled={busy}
          onClick={checked(() =>
            download.mutate(
              { photoIds: ids },
              {
                onSuccess: () => selection.finish(t('selection.downloading', { count })),
              },
            ),
          )}
        />
        <Action
          icon="add"
          label={t('selection.add')}
          disabled={busy}
          onClick={checked(() => setDialog('add'))}
        />
        <Action
          icon="move"
          label={t('selection.move')}
          disabled={busy}
          onClick={checked(() => setDialog('move'))}
        />
        {/* The person's own uploads only (the server refuses others): offered when the page knows they are. */}
        {(!marks || marks.allMine) && (
          <Action
            icon="lock"
            label={t('selection.lock')}
            disabled={busy}
            onClick={checked(() =>
              lock.mutate(ids, {
                onSuccess: () => selection.finish(t('selection.locked', { count })),
              }),
            )}
          />
        )}
      </SelectionBarFrame>
      {albumPicker({
        show: dialog === 'add' || dialog === 'move',
        title: t(dialog === 'move' ? 'selection.move' : 'selection.add'),
        count,
        busy: add.isPending,
        onCancel: () => setDialog(null),
        onPick: (album) => {
          const move = dialog === 'move';
          add.mutate(
            { photoIds: ids, albumId: album.id, move },
            {
              onSuccess: () =>
                selection.finish(
                  t(move ? 'selection.moved' : 'selection.added', { count, album: album.name }),
                  // A new album is offered to open at once.
                  album.created
                    ? { label: t('selection.openAlbum'), to: paths.album(album.id) }
                    : undefined,
                ),
              onSettled: () => setDialog(null),
            },
          );
        },
      })}
      <ConfirmDialog
        show={dialog === 'delete'}
        title={t(days ? 'trash.move.title' : 'selection.delete.title', { count })}
        confirmLabel={t(days ? 'trash.move.confirm' : 'selection.delete.confirm', { count })}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(ids, {
            onSuccess: () => {
              if (!days) return selection.finish(t('selection.deleted', { count }));
              // Said at the app's level, with Undo: it outlasts this bar and the page.
              selection.clear();
              announceTrashed({ text: t('trash.moved', { count }), restore: { photoIds: ids } });
            },
            onSettled: () => setDialog(null),
          })
        }
      >
        {days ? t('trash.move.text', { count, days }) : t('selection.delete.text', { count })}
      </ConfirmDialog>
    </>
  );
}
