import type { Album } from '@photo/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { EAGER_CARDS } from '../../../shared/lib/card-image';
import { useFirstScreenFirst } from '../../../shared/lib/first-screen-first';
import { useT } from '../../../i18n/i18n';
import type { useAlbums } from '../api/get-albums';
import { AlbumCard } from './album-card';

interface AlbumListProps {
  query: ReturnType<typeof useAlbums>;
  /** What shows when there are no albums: an EmptyState. */
  empty: ReactNode;
  label: string;
}

/** A grid of album cards with its loading, error and empty states, loading more on scroll. */
export function AlbumList({ query, empty, label }: AlbumListProps) {
  const t = useT();
  if (query.isPending) return <LoadingState label={t('albums.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        title={t('albums.loadFailed')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const albums: Album[] = query.data;
  if (albums.length === 0) return empty;
  return <AlbumGrid albums={albums} query={query} label={label} />;
}

function AlbumGrid({
  albums,
  query,
  label,
}: {
  albums: Album[];
  query: AlbumListProps['query'];
  label: string;
}) {
  const shown = useFirstScreenFirst(albums, EAGER_CARDS);
  return (
    <>
      <ul
        className="gx-3 gy-4 gx-sm-4 list-unstyled row row-cols-2 row-cols-lg-3 row-cols-xl-4 app-album-grid"
        aria-label={label}
      >
        {shown.map((album, index) => (
          <li key={album.id} className="d-flex justify-content-center col">
            <AlbumCard album={album} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      {/* Once every card is there: its place would otherwise be in view at once. */}
      {shown.length === albums.length && (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </>
  );
}
