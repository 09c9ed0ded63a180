import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import type { AlbumPickerProps } from '../../../shared/selection/album-picker-props';
import type { Selection } from '../../../shared/selection/use-selection';
import { useDownload } from '../../../shared/api/download';
import { LineIcon } from '../../../shared/ui/line-icon';
import { useBulkAdd, useBulkDelete, useLockPhotos } from '../api/bulk-actions';
import './selection-bar.css';
import { useIntl, useT } from '../../../i18n/i18n';

/**
 * The most photos one action may name: the contract's BULK_IDS_MAX (library.ts, whose values the
 * app's build does not take: only limits.ts is bundled).
 */
const BULK_IDS_MAX = 10_000;

/** Line icons of the bar, 20 × 20, in the current text colour; decorative (a label says it). */
const ICONS = {
  close: 'M5 5l10 10M15 5 5 15',
  download: 'M10 3v9.5M6 8.75l4 4 4-4M3.5 14v2.5h13V14',
  add: 'M3 5.5h9v9H3zM15.5 3.5v5M13 6h5M6 14.5v2h11v-7h-2',
  move: 'M3 5.5h8.5v9H3zM13 10h5M15.5 7.5 18 10l-2.5 2.5',
  trash: 'M3.5 5.5h13M8 5.5v-2h4v2M5.5 5.5l.75 11h7.5l.75-11M8.5 8.5v5M11.5 8.5v5',
  lock: 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9M10 12.25v2',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return <LineIcon d={ICONS[name]} size={20} />;
}

function Action({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: keyof typeof ICONS;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="app-selection-action" onClick={onClick} disabled={disabled}>
      <Icon name={icon} />
      <span className="app-selection-action-label">{label}</span>
    </button>
  );
}

export interface SelectionBarProps {
  selection: Selection;
  /** Photos were deleted, added or moved: what shows them is read again. */
  onChanged: () => void;
  /** The dialog that chooses the album photos are added or moved to. */
  albumPicker: (props: AlbumPickerProps) => ReactNode;
}

type Dialog = 'add' | 'move' | 'delete';

/**
 * Over the top bar while photos are selected: how many, Clear, and what can be done with them:
 * Download (a zip), Add to album, Move to album, Move to locked place (the caller's own uploads:
 * the server refuses others, naming one), Delete (after asking). Loaded when a first photo is
 * selected.
 */
export default function SelectionBar({ selection, onChanged, albumPicker }: SelectionBarProps) {
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

  const checked = (then: () => void) => () => {
    if (count > BULK_IDS_MAX) setTooMany(true);
    else then();
  };

  return (
    <>
      {createPortal(
        <div className="app-selection-bar" role="toolbar" aria-label={t('selection.bar')}>
          <div className="container-lg app-selection-inner">
            <button
              type="button"
              className="app-selection-action"
              aria-label={t('selection.clear')}
              onClick={selection.clear}
            >
              <Icon name="close" />
            </button>
            <span className="app-selection-count" aria-live="polite">
              {t('selection.count', { count })}
            </span>
            {tooMany && (
              <span className="small text-danger" role="alert">
                {t('selection.tooMany', { max: intl.formatNumber(BULK_IDS_MAX) })}
              </span>
            )}
            <div className="app-selection-actions">
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
              <Action
                icon="trash"
                label={t('selection.delete')}
                disabled={busy}
                onClick={checked(() => setDialog('delete'))}
              />
            </div>
          </div>
        </div>,
        document.body,
      )}
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
                ),
              onSettled: () => setDialog(null),
            },
          );
        },
      })}
      <ConfirmDialog
        show={dialog === 'delete'}
        title={t('selection.delete.title', { count })}
        confirmLabel={t('selection.delete.confirm', { count })}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(ids, {
            onSuccess: () => selection.finish(t('selection.deleted', { count })),
            onSettled: () => setDialog(null),
          })
        }
      >
        {t('selection.delete.text', { count })}
      </ConfirmDialog>
    </>
  );
}
