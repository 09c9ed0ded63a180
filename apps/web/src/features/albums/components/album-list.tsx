import type { Album } from '@photo/contract';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import type { useAlbums } from '../api/get-albums';
import { AlbumCard } from './album-card';

/** Cards in the first row at the widest layout (four columns): loaded at once, with high priority. */
export const EAGER_CARDS = 4;

interface AlbumListProps {
  query: ReturnType<typeof useAlbums>;
  empty: ReactNode;
  label: string;
}

/** A grid of album cards with its loading, error and empty states, loading more on scroll. */
export function AlbumList({ query, empty, label }: AlbumListProps) {
  if (query.isPending) return <LoadingState label="Loading albums…" />;
  if (query.isError) {
    return (
      <ErrorState
        title="The albums could not be loaded."
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const albums: Album[] = query.data;
  if (albums.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <Row as="ul" xs={1} sm={2} lg={3} xl={4} className="g-4 list-unstyled" aria-label={label}>
        {albums.map((album, index) => (
          <Col as="li" key={album.id} className="d-flex justify-content-center">
            <AlbumCard album={album} eager={index < EAGER_CARDS} />
          </Col>
        ))}
      </Row>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
