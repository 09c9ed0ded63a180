import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useSignedIn } from '../../../shared/auth/session-store';
import { ErrorState } from '../../../shared/components/error-state';
import { EmptyState } from '../../../shared/components/empty-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { useSharedAlbum, useSharedPhotos } from '../api/sharing';
import { LINK_PASSWORD_REQUIRED } from '../api/shared-link';
import { GuestUpload } from './guest-upload';
import { LinkPasswordForm } from './link-password-form';
import { SharedZipDownload } from './shared-zip-download';
import { ViewerLink } from '../../albums/components/photo-card';
import type { ViewerParts } from '../../viewer/components/photo-lightbox';
import { PhotoGrid, PhotoGridSkeleton, photoAlt } from '../../albums/components/photo-grid';
import { ViewerLightbox } from '../../viewer/components/viewer-lightbox';
import { usePhotoViewer } from '../../viewer/hooks/use-photo-viewer';
import { useT } from '../../../i18n/i18n';

/**
 * What a share link opens, for anyone who holds it, with or without an account: the album's
 * name and photos, each opening in the viewer (?photo=…), with its details, its original's download
 * and a slideshow, and, when its owner allows it, all the originals as one zip. A protected link
 * asks for its password first; through an addPhotos link a guest adds photos and videos.
 */
export function SharedAlbumPage({ viewerParts }: { viewerParts?: ViewerParts }) {
  const { token = '' } = useParams();
  const album = useSharedAlbum(token);
  const photos = useSharedPhotos(token, album.isSuccess);
  const signedIn = useSignedIn();
  const viewer = usePhotoViewer(photos);
  const t = useT();

  if (album.isPending) return <LoadingState label={t('albums.link.loading')} />;
  if (album.isError) {
    const error = album.error instanceof ApiError ? album.error : null;
    if (error?.code === LINK_PASSWORD_REQUIRED) return <LinkPasswordForm token={token} />;
    const missing = error?.status === 404;
    return (
      <>
        <PageTitle title={t('albums.link')} />
        <h1>{t('albums.link')}</h1>
        <ErrorState
          title={t(missing ? 'albums.link.gone' : 'albums.link.loadFailed')}
          message={missing ? t('albums.link.askAgain') : errorMessage(album.error)}
          onRetry={missing ? undefined : () => void album.refetch()}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={album.data.name} />
      <p className="app-eyebrow">{t('albums.link')}</p>
      <h1 className="h3 mb-1 text-break">{album.data.name}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <p className="small text-body-secondary mb-0 me-auto">
          {t('albums.by', { name: album.data.createdBy })}
          {signedIn ? '' : ' · '}
          {!signedIn && <Link to={paths.login}>{t('albums.link.signIn')}</Link>}
        </p>
        {album.data.linkPermission === 'addPhotos' && (
          <GuestUpload token={token} albumName={album.data.name} />
        )}
        {/* The owner lets the link offer the originals as one zip. */}
        {album.data.allowDownload && album.data.photoCount > 0 && (
          <SharedZipDownload token={token} />
        )}
      </div>
      {photos.isPending && <PhotoGridSkeleton label={t('albums.photos.loading')} />}
      {photos.isError && (
        <ErrorState
          title={t('albums.photos.loadFailed')}
          message={errorMessage(photos.error)}
          onRetry={() => void photos.refetch()}
        />
      )}
      {photos.isSuccess && photos.data.length === 0 && (
        <EmptyState icon="photos" title={t('albums.noPhotos')} text={t('albums.link.empty')} />
      )}
      {photos.isSuccess && photos.data.length > 0 && (
        <>
          <PhotoGrid
            current={viewer.list[viewer.index]?.id}
            total={album.data.photoCount}
            photos={photos.data}
            alt={photoAlt}
            link={(photo, image) => (
              <ViewerLink photo={photo} linkRef={viewer.linkRef(photo.id)} label={photoAlt(photo)}>
                {image}
              </ViewerLink>
            )}
            chrome={(photo) => (
              <div className="app-tile-chrome">
                <div className="app-tile-info">
                  <h2 className="app-tile-name">{photo.createdBy}</h2>
                </div>
              </div>
            )}
          />
          <ViewerLightbox
            viewer={viewer}
            parts={viewerParts}
            download={album.data.allowDownload === true}
          />
          <LoadMore
            hasMore={photos.hasNextPage}
            loading={photos.isFetchingNextPage}
            onLoadMore={() => void photos.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
