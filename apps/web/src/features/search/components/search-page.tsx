import type { Album, SearchResult } from '@photo/contract';
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import {
  filterCount,
  filtersFrom,
  hasCriteria,
  searchParams,
  useSearch,
  type SearchFilters,
} from '../api/search';
import '../../../shared/styles/search.css';
import { PhotoTiles } from './photo-tiles';
import { SearchFiltersForm, type Person } from './search-filters';
import { useT } from '../../../i18n/i18n';

/** Album cards of the first row load their covers at once. */
const EAGER_ALBUMS = 4;

interface SearchPageProps {
  /** An album's card, as the album lists show it. */
  renderAlbum: (album: Album, eager: boolean) => ReactNode;
  /** The person's people whose name holds the text (the people feature's faces). */
  renderPeople?: (people: SearchResult['people']) => ReactNode;
  /** People the search may be narrowed to besides the signed-in person. */
  people?: readonly Person[];
}

/** Everyone named: those given, and the owners of the albums found, each once, by name. */
function allPeople(given: readonly Person[], albums: readonly Album[]): Person[] {
  const byId = new Map(given.map((person) => [person.id, person]));
  for (const album of albums) {
    if (album.createdBy && !byId.has(album.createdById)) {
      byId.set(album.createdById, { id: album.createdById, name: album.createdBy });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The search page (/search?q=…&from=…&to=…&camera=…&addedBy=…): the albums whose name matches, in
 * a row of cards, then the photos matching every criterion, as square tiles, more on scroll. The
 * text is typed in the top bar's box; the filters are here. Everything asked is in the address,
 * so a search can be shared and the back button goes to the one before.
 */
export function SearchPage({ renderAlbum, renderPeople, people = [] }: SearchPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const myId = useCurrentUserId();
  const t = useT();
  const filters = filtersFrom(params);
  const asked = searchParams(filters).toString();
  const search = useSearch(filters);
  const refused =
    search.error instanceof ApiError && search.error.status === 400
      ? errorMessage(search.error)
      : null;
  const albums = search.data?.albums;
  const everyone = useMemo(() => allPeople(people, albums ?? []), [people, albums]);

  const apply = (next: SearchFilters) => {
    const query = searchParams(next).toString();
    void navigate(query ? `${paths.search()}?${query}` : paths.search());
  };

  return (
    <>
      <PageTitle title={filters.q ? t('search.title.q', { q: filters.q }) : t('search.title')} />
      <h1 className="h4 mb-3 text-break">
        {filters.q ? t('search.results', { q: filters.q }) : t('search.title')}
      </h1>
      <SearchFiltersForm
        key={asked}
        filters={filters}
        myId={myId}
        people={everyone}
        problem={refused}
        onApply={apply}
      />
      <SearchResults
        filters={filters}
        search={search}
        refused={refused !== null}
        renderAlbum={renderAlbum}
        renderPeople={renderPeople}
      />
    </>
  );
}

function SearchResults({
  filters,
  search,
  refused,
  renderAlbum,
  renderPeople,
}: {
  filters: SearchFilters;
  search: ReturnType<typeof useSearch>;
  refused: boolean;
  renderAlbum: SearchPageProps['renderAlbum'];
  renderPeople: SearchPageProps['renderPeople'];
}) {
  const t = useT();
  if (!hasCriteria(filters)) {
    return <EmptyState icon="search" title={t('search.start')} text={t('search.start.text')} />;
  }
  if (refused) return null;
  if (search.isPending) return <LoadingState label={t('search.searching')} />;
  if (search.isError && !search.data) {
    return (
      <ErrorState
        title={t('search.failed')}
        message={errorMessage(search.error)}
        onRetry={() => void search.refetch()}
      />
    );
  }
  const { albums, people, photos } = search.data;
  if (albums.length === 0 && people.length === 0 && photos.length === 0) {
    return (
      <EmptyState
        icon="search"
        title={filters.q ? t('search.none.q', { q: filters.q }) : t('search.none.filters')}
        text={t(filterCount(filters) > 0 ? 'search.none.fewer' : 'search.none.other')}
      />
    );
  }
  return (
    <>
      {people.length > 0 && renderPeople && (
        <section aria-labelledby="search-people" className="mb-4">
          <h2 id="search-people" className="h5 mb-3">
            {t('search.people')}
          </h2>
          {renderPeople(people)}
        </section>
      )}
      {albums.length > 0 && (
        <section aria-labelledby="search-albums" className="mb-4">
          <h2 id="search-albums" className="h5 mb-3">
            {t('search.albums')}
          </h2>
          <ul className="list-unstyled mb-0 app-search-albums" aria-label={t('search.albums')}>
            {albums.map((album, index) => (
              <li key={album.id}>{renderAlbum(album, index < EAGER_ALBUMS)}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="search-photos">
        <h2 id="search-photos" className="h5 mb-3">
          {t('search.photos')}
        </h2>
        {photos.length > 0 ? (
          <>
            <PhotoTiles photos={photos} />
            {search.isError ? (
              <ErrorState
                title={t('search.more.failed')}
                message={errorMessage(search.error)}
                onRetry={() => void search.fetchNextPage()}
              />
            ) : (
              <LoadMore
                hasMore={search.hasNextPage}
                loading={search.isFetchingNextPage}
                onLoadMore={() => void search.fetchNextPage()}
              />
            )}
          </>
        ) : (
          <p className="text-body-secondary">{t('search.none.photos')}</p>
        )}
      </section>
    </>
  );
}
