import type { TrashAlbum, TrashPage as TrashPageData } from '@photo/contract';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTrashDays } from '../../../shared/api/client-config';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { dismissTrashed, useTrashed } from '../../../shared/trash/trashed-store';
import { LineIcon } from '../../../shared/ui/line-icon';
import { useDeleteForGood, useRestoreTrash, useTrash } from '../api/trash-api';
import { trashGroups } from '../lib/trash-groups';
import { TrashPageNotice, useTrashNotice, type TrashNotice } from './restored-notice';
import { TrashSelectionBar } from './trash-selection-bar';
import { GroupHead, ReadOnlyTrashTiles, SelectableTrashTiles } from './trash-tiles';
import { TrashedAlbums } from './trashed-albums';
import './trash.css';
import { useT } from '../../../i18n/i18n';

const TRASH_ICON = 'M3.5 5.5h13M8 5.5v-2h4v2M5.5 5.5l.75 11h7.5l.75-11M8.5 8.5v5M11.5 8.5v5';
const RESTORE_ICON = 'M4 4v4h4M4.5 8A6.5 6.5 0 1 1 4 12';

/** An empty Trash: what it is for, and the way back to the photos. */
function EmptyTrash({ days }: { days: number }) {
  const t = useT();
  return (
    <EmptyState
      icon="trash"
      title={t('trash.empty.title')}
      text={days > 0 ? t('trash.empty.text', { days }) : t('trash.off')}
      action={
        <Link to={paths.timeline} className="btn btn-primary">
          {t('trash.toPhotos')}
        </Link>
      }
    />
  );
}

/** The page's title, how long photos stay, and Restore all / Empty Trash. */
function TrashHeader({
  total,
  days,
  busy,
  onRestoreAll,
  onEmpty,
}: {
  total: number;
  /** Undefined until known: nothing is said about it meanwhile. */
  days: number | undefined;
  busy: boolean;
  onRestoreAll: () => void;
  onEmpty: () => void;
}) {
  const t = useT();
  return (
    <div className="app-trash-head">
      <div className="app-min-w-0">
        <h1 className="h3 mb-1">{t('trash.title')}</h1>
        {days !== undefined && (
          <p className="text-body-secondary mb-0">
            {days > 0 ? t('trash.intro', { days }) : t('trash.off')}
          </p>
        )}
      </div>
      {total > 0 && (
        <div className="d-flex gap-2 flex-wrap">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy}
            onClick={onRestoreAll}
          >
            <LineIcon d={RESTORE_ICON} size={18} grid={20} className="me-1 app-trash-button-icon" />
            {t('trash.restoreAll')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={busy}
            onClick={onEmpty}
          >
            <LineIcon d={TRASH_ICON} size={18} grid={20} className="me-1 app-trash-button-icon" />
            {t('trash.emptyTrash')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The caller's own Trash by album, and their photos other people's Trash holds. */
function TrashContent({
  pages,
  selection,
  busy,
  onRestoreAlbum,
  onDeleteAlbum,
}: {
  pages: readonly TrashPageData[];
  selection: Selection;
  busy: boolean;
  onRestoreAlbum: (album: Pick<TrashAlbum, 'id' | 'name'>) => void;
  onDeleteAlbum: (album: TrashAlbum) => void;
}) {
  const t = useT();
  const photos = useMemo(() => pages.flatMap((page) => page.photos), [pages]);
  const albums = pages[0]?.albums ?? [];
  const groups = useMemo(() => trashGroups(photos), [photos]);
  const ordered = useCallback(
    () => groups.albums.flatMap((group) => group.photos.map((photo) => photo.id)),
    [groups],
  );
  // Read once per render of the list: every tile counts its days from the same moment.
  const [now] = useState(() => Date.now());
  return (
    <>
      {albums.length > 0 && (
        <TrashedAlbums
          albums={albums}
          now={now}
          busy={busy}
          onRestore={onRestoreAlbum}
          onDelete={onDeleteAlbum}
        />
      )}
      {groups.albums.map(({ album, photos: inAlbum }) => (
        <section key={album.id} className="app-trash-group" aria-label={album.name}>
          <GroupHead
            title={album.name}
            action={
              album.trashed && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary flex-shrink-0"
                  disabled={busy}
                  onClick={() => onRestoreAlbum(album)}
                >
                  {t('trash.restoreAlbum')}
                </button>
              )
            }
          >
            {t(album.trashed ? 'trash.albumTrashed' : 'trash.fromAlbum', {
              count: inAlbum.length,
            })}
          </GroupHead>
          <SelectableTrashTiles
            photos={inAlbum}
            selection={selection}
            ordered={ordered}
            now={now}
            label={t('trash.photosOf', { name: album.name })}
          />
        </section>
      ))}
      {groups.elsewhere.length > 0 && (
        <section className="app-trash-elsewhere" aria-labelledby="trash-elsewhere">
          <h2 id="trash-elsewhere" className="h5 mb-1">
            {t('trash.elsewhere.title')}
          </h2>
          <p className="small text-body-secondary">{t('trash.elsewhere.text')}</p>
          {groups.elsewhere.map(({ holder, photos: held }) => (
            <div key={holder.id} className="app-trash-group">
              <GroupHead title={t('trash.heldBy', { name: holder.name })} />
              <ReadOnlyTrashTiles
                photos={held}
                now={now}
                label={t('trash.heldBy', { name: holder.name })}
              />
            </div>
          ))}
        </section>
      )}
    </>
  );
}

/**
 * /trash: what the signed-in person deleted, newest deletion first, by album, each photo with its
 * days left. Restore one, a selection, an album deleted with its photos, or all; Delete for good a
 * selection, or Empty Trash (after asking). Their own photos that an album's owner deleted are
 * listed apart, read-only.
 */
export function TrashPage() {
  const t = useT();
  const trash = useTrash();
  const configDays = useTrashDays();
  const selection = useSelection();
  const restore = useRestoreTrash();
  const remove = useDeleteForGood();
  const { notice, setNotice, dismiss } = useTrashNotice();
  const [emptying, setEmptying] = useState(false);
  // How many photos Empty Trash deletes, as counted when its dialog opened (kept while it fades).
  const [toEmpty, setToEmpty] = useState(0);
  const busy = restore.isPending || remove.isPending;
  const trashed = useTrashed();
  const done = (next: TrashNotice) => {
    // Said in the same place as "… moved to Trash · Undo", whose Undo this makes stale.
    if (trashed) dismissTrashed(trashed.id);
    setNotice(next);
  };
  const restoreWith = (request: Parameters<typeof restore.mutate>[0]) =>
    restore.mutate(request, { onSuccess: (restored) => done({ restored }) });
  // The album whose Delete for good is being asked about (kept while its dialog fades).
  const [albumToDelete, setAlbumToDelete] = useState<TrashAlbum | null>(null);
  const [askingAlbum, setAskingAlbum] = useState(false);

  const pages = trash.data?.pages ?? [];
  const first = pages[0];
  const days = first?.days ?? configDays;
  const shown = pages.some((page) => page.photos.length > 0 || page.albums.length > 0);
  return (
    <div className="app-trash-page">
      <PageTitle title={t('trash.title')} />
      <TrashHeader
        total={(first?.total ?? 0) + (first?.albums.length ?? 0)}
        // An empty Trash says it all in its own words.
        days={shown ? days : undefined}
        busy={busy}
        onRestoreAll={() => restoreWith({ all: true })}
        onEmpty={() => {
          setToEmpty(first?.total ?? 0);
          setEmptying(true);
        }}
      />
      {trash.isPending ? (
        <LoadingState label={t('trash.loading')} />
      ) : trash.isError ? (
        <ErrorState
          title={t('trash.loadFailed')}
          message={errorMessage(trash.error)}
          onRetry={() => void trash.refetch()}
        />
      ) : shown ? (
        <TrashContent
          pages={pages}
          selection={selection}
          busy={busy}
          onRestoreAlbum={(album) =>
            restore.mutate(
              { albumIds: [album.id] },
              {
                onSuccess: (restored) =>
                  done(
                    restored.count > 0
                      ? { restored }
                      : { text: t('trash.albumRestored', { name: album.name }) },
                  ),
              },
            )
          }
          onDeleteAlbum={(album) => {
            setAlbumToDelete(album);
            setAskingAlbum(true);
          }}
        />
      ) : (
        <EmptyTrash days={days ?? 0} />
      )}
      <LoadMore
        hasMore={trash.hasNextPage}
        loading={trash.isFetchingNextPage}
        onLoadMore={() => void trash.fetchNextPage()}
      />
      {selection.selecting && <TrashSelectionBar selection={selection} onDone={done} />}
      <TrashPageNotice notice={notice} onDismiss={dismiss} />
      <ConfirmDialog
        show={emptying}
        title={t('trash.emptyTrash.title')}
        confirmLabel={t('trash.emptyTrash')}
        busy={remove.isPending}
        onCancel={() => setEmptying(false)}
        onConfirm={() =>
          remove.mutate(
            { all: true },
            {
              onSuccess: (result) =>
                done({ text: t('trash.deletedForGood', { count: result.count }) }),
              onSettled: () => setEmptying(false),
            },
          )
        }
      >
        {t('trash.emptyTrash.text', { count: toEmpty })}
      </ConfirmDialog>
      <ConfirmDialog
        show={askingAlbum}
        title={t('trash.albumDeleteForGood.title', { name: albumToDelete?.name ?? '' })}
        confirmLabel={t('trash.deleteForGood')}
        busy={remove.isPending}
        onCancel={() => setAskingAlbum(false)}
        onConfirm={() => {
          if (!albumToDelete) return;
          remove.mutate(
            { albumIds: [albumToDelete.id] },
            {
              onSuccess: () =>
                done({ text: t('trash.albumDeletedForGood', { name: albumToDelete.name }) }),
              onSettled: () => setAskingAlbum(false),
            },
          );
        }}
      >
        {t('trash.albumDeleteForGood.text', { count: albumToDelete?.photoCount ?? 0 })}
      </ConfirmDialog>
    </div>
  );
}
