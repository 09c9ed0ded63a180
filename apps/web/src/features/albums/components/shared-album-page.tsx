import { IMAGE_SIZES } from '@photo/contract';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useSignedIn } from '../../../shared/auth/session-store';
import { ErrorState } from '../../../shared/components/error-state';
import { EmptyState } from '../../../shared/components/empty-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { EAGER_CARDS } from '../../../shared/lib/card-image';
import { imageSrcSet, scaledSize, sizedImageUrl } from '../../../shared/lib/image-url';
import { useSharedAlbum, useSharedPhotos } from '../api/sharing';

/**
 * What a share link opens, for anyone who holds it, with or without an account: the album's
 * name and photos, each opening full size. Nothing here changes anything.
 */
export function SharedAlbumPage() {
  const { token = '' } = useParams();
  const album = useSharedAlbum(token);
  const photos = useSharedPhotos(token, album.isSuccess);
  const signedIn = useSignedIn();

  if (album.isPending) return <LoadingState label="Loading the shared album…" />;
  if (album.isError) {
    const missing = album.error instanceof ApiError && album.error.status === 404;
    return (
      <>
        <PageTitle title="Shared album" />
        <h1>Shared album</h1>
        <ErrorState
          title={missing ? 'This link was not found.' : 'The album could not be loaded.'}
          message={
            missing
              ? 'It may have been stopped by the person who shared it.'
              : errorMessage(album.error)
          }
          onRetry={missing ? undefined : () => void album.refetch()}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={album.data.name} />
      <p className="text-body-secondary mb-1">Shared album</p>
      <h1 className="text-break">{album.data.name}</h1>
      <p className="text-body-secondary">
        by {album.data.createdBy}
        {signedIn ? '' : ' · '}
        {!signedIn && <Link to={paths.login}>Sign in to comment</Link>}
      </p>
      {photos.isPending && <LoadingState label="Loading photos…" />}
      {photos.isError && (
        <ErrorState
          title="The photos of this album could not be loaded."
          message={errorMessage(photos.error)}
          onRetry={() => void photos.refetch()}
        />
      )}
      {photos.isSuccess && photos.data.length === 0 && (
        <EmptyState>
          <p>There are no photos in this album yet.</p>
        </EmptyState>
      )}
      {photos.isSuccess && photos.data.length > 0 && (
        <>
          <Row
            as="ul"
            xs={1}
            sm={2}
            lg={3}
            xl={4}
            className="g-4 list-unstyled"
            aria-label="Photos"
          >
            {photos.data.map((photo, index) => {
              const size = scaledSize(photo.width, photo.height, IMAGE_SIZES.thumb) ?? {
                width: 600,
                height: 450,
              };
              const alt = `Photo by ${photo.createdBy || 'unknown'}`;
              return (
                <Col as="li" key={photo.id} className="d-flex justify-content-center">
                  <Card className="h-100 shadow-sm app-card">
                    <a
                      href={photo.photoUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="app-card-img-link"
                      aria-label={`Open full size: ${alt}`}
                    >
                      <Card.Img
                        variant="top"
                        className="app-card-img"
                        src={sizedImageUrl(photo.photoUrl, 'thumb')}
                        srcSet={imageSrcSet(photo.photoUrl)}
                        sizes="(max-width: 575px) calc(100vw - 2rem), 18rem"
                        width={size.width}
                        height={size.height}
                        loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
                        decoding="async"
                        alt={alt}
                      />
                    </a>
                    <Card.Body>
                      <Card.Title as="h2" className="h6 mb-0 text-break">
                        {photo.createdBy}
                      </Card.Title>
                    </Card.Body>
                  </Card>
                </Col>
              );
            })}
          </Row>
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
