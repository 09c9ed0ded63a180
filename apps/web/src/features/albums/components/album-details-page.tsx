import type { Album, Photo } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Suspense, lazy, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTrashDays } from '../../../shared/api/client-config';
import { useRotatePhoto } from '../../../shared/api/rotate-photo';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useDeleteAlbum } from '../api/delete-album';
import { albumKeys } from '../api/album-keys';
import { deletePhoto } from '../api/delete-photo';
import { useAlbum } from '../api/get-album';
import { useAlbumPhotos, useSetAlbumPhoto } from '../api/get-album-photos';
import { AlbumDownloadButton } from './album-download-button';
import { AlbumErrorState } from './album-error-state';
import { AlbumIcon } from './album-icons';
import { PhotoCardChrome, ViewerLink, photoCardAlt } from './photo-card';
import { PhotoGrid, PhotoGridSkeleton } from './photo-grid';
import type { ViewerParts } from '../../viewer/components/photo-lightbox';
import type { ViewerDeletion } from '../../viewer/components/viewer-delete';
import { ViewerLightbox } from '../../viewer/components/viewer-lightbox';
import { usePhotoViewer } from '../../viewer/hooks/use-photo-viewer';
import { useLeaveAlbum } from '../api/leave-album';
import { VISIBILITY_LABELS } from './album-visibility';
import { useOpenedOnce } from '../../../shared/lib/use-opened-once';
import { SelectableTile } from '../../../shared/selection/selectable-tile';
import { SelectionNotice } from '../../../shared/selection/selection-notice';
import { useSelection, type Selection } from '../../../shared/selection/use-selection';
import { announceTrashed } from '../../../shared/trash/trashed-store';
import { selectedMarks, type SelectedMarks } from '../../../shared/selection/selected-marks';
import { favouriteNow } from '../../marks/lib/favourites-store';
import { useT } from '../../../i18n/i18n';

/**
 * The viewer's Delete over the album's photos, as the grid's: the photos the person may delete;
 * the album and the lists are read again once the viewer has moved on.
 */
function useViewerDeletion(mayDelete: (photo: Photo) => boolean): ViewerDeletion {
  const queryClient = useQueryClient();
  return {
    may: mayDelete,
    request: (photo) => deletePhoto(photo.id),
    done: () => void queryClient.invalidateQueries({ queryKey: albumKeys.all }),
  };
}

// What the owner opens now and then loads when first opened, not with the page.
const RenameAlbumForm = lazy(() =>
  import('./rename-album-form').then((module) => ({ default: module.RenameAlbumForm })),
);

function AlbumPhotos({
  album,
  canAdd,
  mayDelete,
  mayRotate,
  onPhotoRotated,
  viewerParts,
  selectionBar,
}: {
  album: Album;
  canAdd: boolean;
  mayDelete: (photo: Photo) => boolean;
  mayRotate: (photo: Photo) => boolean;
  onPhotoRotated?: (photo: Photo) => void;
  viewerParts?: ViewerParts;
  selectionBar?: (selection: Selection, marks: SelectedMarks) => ReactNode;
}) {
  const photos = useAlbumPhotos(album.id);
  const selection = useSelection();
  const userId = useCurrentUserId();
  const { data: shown } = photos;
  const ordered = useCallback(() => (shown ?? []).map((photo) => photo.id), [shown]);
  const setAlbumPhoto = useSetAlbumPhoto(album.id);
  const rotate = useRotatePhoto(`rotate-album-${album.id}`, (rotated) => {
    setAlbumPhoto(rotated);
    onPhotoRotated?.(rotated);
  });
  const viewer = usePhotoViewer(photos);
  const deletion = useViewerDeletion(mayDelete);
  const t = useT();
  const shownId = viewer.list[viewer.index]?.id;
  const { reset: resetRotate } = rotate;
  // A failed turn is said while its photo is shown, not over the next one.
  useEffect(() => resetRotate(), [shownId, resetRotate]);

  if (photos.isPending) return <PhotoGridSkeleton label={t('albums.photos.loading')} />;
  if (photos.isError) {
    return (
      <ErrorState
        title={t('albums.photos.loadFailed')}
        message={errorMessage(photos.error)}
        onRetry={() => void photos.refetch()}
      />
    );
  }
  if (photos.data.length === 0) {
    return (
      <EmptyState
        icon="photos"
        title={t('albums.noPhotos')}
        text={t(canAdd ? 'albums.empty.add' : 'albums.empty.view')}
        action={
          canAdd && (
            <Link to={paths.upload(album.id)} className="btn btn-primary">
              <AlbumIcon name="upload" /> {t('albums.upload')}
            </Link>
          )
        }
      />
    );
  }
  return (
    <>
      <PhotoGrid
        current={viewer.list[viewer.index]?.id}
        total={album.photoCount}
        photos={photos.data}
        alt={photoCardAlt}
        link={(photo, image) => (
          <SelectableTile
            id={photo.id}
            label={photoCardAlt(photo)}
            selection={selection}
            ordered={ordered}
            open={(className) => (
              <ViewerLink photo={photo} linkRef={viewer.linkRef(photo.id)} className={className} />
            )}
          >
            {image}
          </SelectableTile>
        )}
        chrome={(photo) => (selection.selecting ? null : <PhotoCardChrome photo={photo} />)}
      />
      {selection.selecting &&
        selectionBar?.(
          selection,
          selectedMarks(shown ?? [], selection.ids, userId, (photo) =>
            favouriteNow(photo.id, photo.favourite === true),
          ),
        )}
      <SelectionNotice selection={selection} />
      <ViewerLightbox
        viewer={viewer}
        parts={viewerParts}
        deletion={deletion}
        pageLink
        mayRotate={mayRotate}
        onRotate={(photo, direction) => rotate.mutate({ photoId: photo.id, direction })}
        rotating={rotate.isPending}
        rotateError={rotate.isError ? errorMessage(rotate.error) : null}
      />
      <LoadMore
        hasMore={photos.hasNextPage}
        loading={photos.isFetchingNextPage}
        onLoadMore={() => void photos.fetchNextPage()}
      />
    </>
  );
}

/** What a dialog over the album's page is given, the Share dialog (put in by the app) among them. */
export interface AlbumDialogProps {
  album: Album;
  show: boolean;
  onClose: () => void;
}

interface AlbumDetailsPageProps {
  /** Told when the person who added a photo has rotated it from the viewer. */
  onPhotoRotated?: (photo: Photo) => void;
  /** The viewer's "Like", details and comments. */
  viewerParts?: ViewerParts;
  /** The bar over the top bar while photos are selected (its actions, and what they are). */
  selectionBar?: (selection: Selection, marks: SelectedMarks) => ReactNode;
  /** The owner's Share dialog, drawn once first opened. */
  shareDialog?: (props: AlbumDialogProps) => ReactNode;
}

/** What the signed-in user is to the album, and so may do with it. */
function albumRights(album: Album, userId: string | null) {
  const isOwner = userId !== null && album.createdById === userId;
  return {
    isOwner,
    canAdd: isOwner || album.myRole === 'contributor',
    isMember: album.myRole !== undefined,
    mayDelete: (photo: Photo) =>
      isOwner || (album.myRole === 'contributor' && photo.createdById === userId),
  };
}

/** The album's name, by whom, and how it is seen. */
function AlbumTitle({
  album,
  isOwner,
  isMember,
}: {
  album: Album;
  isOwner: boolean;
  isMember: boolean;
}) {
  const t = useT();
  return (
    <div className="app-album-title">
      <h2 className="h4 mb-0 text-break">{album.name}</h2>
      <p className="small text-body-secondary mb-0">
        {album.createdBy && (
          <span className="me-2">{t('albums.by', { name: album.createdBy })}</span>
        )}
        {isOwner && album.visibility && album.visibility !== 'everyone' && (
          <span className="badge text-bg-light border me-1">
            {t(VISIBILITY_LABELS[album.visibility])}
          </span>
        )}
        {isMember && (
          <span className="badge text-bg-light border">{t('albums.album.sharedWithYou')}</span>
        )}
      </p>
    </div>
  );
}

/** Upload, Share, Download, Leave, Rename, Delete: those the user may, beside the title. */
function AlbumActions({
  album,
  rights,
  mayLeave,
  renaming,
  onShare,
  onLeave,
  onRename,
  onDelete,
}: {
  album: Album;
  rights: ReturnType<typeof albumRights>;
  mayLeave: boolean;
  renaming: boolean;
  onShare: () => void;
  onLeave: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { isOwner, canAdd } = rights;
  return (
    <div className="app-album-actions">
      {canAdd ? (
        <Link to={paths.upload(album.id)} className="btn btn-primary btn-sm">
          <AlbumIcon name="upload" /> {t('albums.upload')}
        </Link>
      ) : (
        <>
          <Button variant="primary" size="sm" disabled aria-describedby="upload-owner-only">
            <AlbumIcon name="upload" /> {t('albums.upload')}
          </Button>
          <span id="upload-owner-only" className="small text-body-secondary">
            {t(album.myRole === 'viewer' ? 'albums.viewerOnly' : 'albums.ownerOnly')}
          </span>
        </>
      )}
      {isOwner && (
        <Button variant="outline-primary" size="sm" onClick={onShare}>
          <AlbumIcon name="share" />{' '}
          <span className="app-narrow-hidden">{t('albums.album.share')}</span>
        </Button>
      )}
      <AlbumDownloadButton album={album} />
      {mayLeave && (
        <Button variant="outline-secondary" size="sm" onClick={onLeave}>
          <AlbumIcon name="leave" />{' '}
          <span className="app-narrow-hidden">{t('albums.album.leave')}</span>
        </Button>
      )}
      {isOwner && !renaming && (
        <Button variant="outline-secondary" size="sm" onClick={onRename}>
          <AlbumIcon name="rename" />{' '}
          <span className="app-narrow-hidden">{t('albums.album.rename')}</span>
        </Button>
      )}
      {isOwner && (
        <Button variant="outline-danger" size="sm" onClick={onDelete}>
          <AlbumIcon name="trash" />{' '}
          <span className="app-narrow-hidden">{t('albums.album.delete')}</span>
        </Button>
      )}
    </div>
  );
}

/** Asks a member before they leave the album; then shows the albums shared with them. */
function LeaveAlbumDialog({
  albumId,
  album,
  userId,
  show,
  onClose,
}: AlbumDialogProps & {
  /** The album's id as the page's address has it (its queries' key). */
  albumId: string;
  userId: string | null;
}) {
  const navigate = useNavigate();
  const leave = useLeaveAlbum(albumId, () => void navigate(`${paths.myAlbums}?tab=shared`));
  const t = useT();
  return (
    <ConfirmDialog
      show={show}
      title={t('albums.leave.title')}
      confirmLabel={t('albums.leave')}
      busy={leave.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (userId === null) return;
        leave.mutate(userId, { onError: onClose });
      }}
    >
      {t('albums.leave.text', { name: album.name })}
    </ConfirmDialog>
  );
}

/**
 * Asks the owner before the album is deleted (to Trash, with its photos, when the server keeps
 * one: Undo brings the album back); then shows their albums.
 */
function DeleteAlbumDialog({ album, show, onClose }: AlbumDialogProps) {
  const navigate = useNavigate();
  const days = useTrashDays() ?? 0;
  const t = useT();
  const { name } = album;
  const deleteAlbum = useDeleteAlbum(() => {
    if (days) {
      announceTrashed({ text: t('trash.albumMoved', { name }), restore: { albumIds: [album.id] } });
    }
    void navigate(paths.myAlbums);
  });
  return (
    <ConfirmDialog
      show={show}
      title={t(days ? 'trash.moveAlbum.title' : 'albums.delete.title')}
      confirmLabel={t(days ? 'trash.move.confirm' : 'albums.album.delete')}
      busy={deleteAlbum.isPending}
      onCancel={onClose}
      onConfirm={() => deleteAlbum.mutate(album.id, { onError: onClose })}
    >
      {days ? t('trash.moveAlbum.text', { name, days }) : t('albums.delete.text', { name })}
    </ConfirmDialog>
  );
}

/**
 * Album details: the album's photos, and their originals as one zip. Its owner may share, rename or
 * delete it and delete any photo; a member who can add photos uploads and deletes their own; a member may leave.
 */
export function AlbumDetailsPage({
  onPhotoRotated,
  viewerParts,
  selectionBar,
  shareDialog,
}: AlbumDetailsPageProps) {
  const { albumId = '' } = useParams();
  const album = useAlbum(albumId);
  const userId = useCurrentUserId();
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [sharing, setSharing] = useState(false);
  const shareOpened = useOpenedOnce(sharing);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const t = useT();

  if (album.isPending) {
    return (
      <>
        <div className="app-album-head-placeholder" aria-hidden="true" />
        <PhotoGridSkeleton label={t('albums.album.loading')} />
      </>
    );
  }
  if (album.isError) {
    return (
      <>
        <PageTitle title={t('albums.album')} />
        <h1>{t('albums.album.heading')}</h1>
        <AlbumErrorState album={album} />
      </>
    );
  }

  const current = album.data;
  const rights = albumRights(current, userId);

  return (
    <>
      <PageTitle title={current.name} />
      <h1 className="app-eyebrow">{t('albums.album.heading')}</h1>
      <div className="app-album-head">
        <AlbumTitle album={current} isOwner={rights.isOwner} isMember={rights.isMember} />
        <AlbumActions
          album={current}
          rights={rights}
          mayLeave={rights.isMember && userId !== null}
          renaming={renaming}
          onShare={() => setSharing(true)}
          onLeave={() => setConfirmingLeave(true)}
          onRename={() => setRenaming(true)}
          onDelete={() => setConfirmingDelete(true)}
        />
      </div>
      {renaming && (
        <Suspense fallback={null}>
          <RenameAlbumForm album={current} onDone={() => setRenaming(false)} />
        </Suspense>
      )}
      <AlbumPhotos
        album={current}
        canAdd={rights.canAdd}
        mayDelete={rights.mayDelete}
        mayRotate={(photo) =>
          userId !== null && photo.createdById === userId && photo.kind === 'photo'
        }
        onPhotoRotated={onPhotoRotated}
        viewerParts={viewerParts}
        selectionBar={selectionBar}
      />
      {rights.isOwner &&
        shareOpened &&
        shareDialog?.({ album: current, show: sharing, onClose: () => setSharing(false) })}
      <LeaveAlbumDialog
        albumId={albumId}
        album={current}
        userId={userId}
        show={confirmingLeave}
        onClose={() => setConfirmingLeave(false)}
      />
      <DeleteAlbumDialog
        album={current}
        show={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}
