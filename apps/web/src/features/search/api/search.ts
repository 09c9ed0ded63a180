import type { SearchResult } from '@photo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { PENDING_REFETCH_MS } from '../../../shared/lib/image-url';
import { refetchWhileMaking } from '../../../shared/lib/media';

/** What a search asks for, as the page's address holds it: each '' when not asked. */
export interface SearchFilters {
  /** Words of an album's name or a photo's file name. */
  q: string;
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD. */
  to: string;
  /** A camera's make or model. */
  camera: string;
  /** The user id of who added the photos. */
  addedBy: string;
  /** 'true': only the person's favourites (decision 0082). */
  favourites: string;
}

export const SEARCH_FIELDS = ['q', 'from', 'to', 'camera', 'addedBy', 'favourites'] as const;

/** Photos asked for at a time: a few screens of tiles on a wide screen. */
export const SEARCH_PAGE_SIZE = 120;

export function filtersFrom(params: URLSearchParams): SearchFilters {
  const read = (name: keyof SearchFilters) => params.get(name)?.trim() ?? '';
  return {
    q: read('q'),
    from: read('from'),
    to: read('to'),
    camera: read('camera'),
    addedBy: read('addedBy'),
    favourites: read('favourites') === 'true' ? 'true' : '',
  };
}

/** The search's query string: the criteria given, in a fixed order (the address and the cache key). */
export function searchParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of SEARCH_FIELDS) if (filters[name]) params.set(name, filters[name]);
  return params;
}

/** Whether anything is asked: the server answers a search without criteria 400. */
export function hasCriteria(filters: SearchFilters): boolean {
  return SEARCH_FIELDS.some((name) => filters[name] !== '');
}

/** How many criteria besides the text are given. */
export function filterCount(filters: SearchFilters): number {
  return SEARCH_FIELDS.filter((name) => name !== 'q' && filters[name] !== '').length;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (filters: SearchFilters) =>
    [...searchKeys.all, searchParams(filters).toString()] as const,
};

/**
 * GET search: albums whose name matches (first page only) and photos matching every criterion,
 * newest first, page by page along nextCursor. A refused search (400: a date range backwards)
 * is said beside the filters, not in the notification area.
 */
export function useSearch(filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = searchParams(filters);
      params.set('limit', String(SEARCH_PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiJson<SearchResult>(`/api/search?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    select: (data) => ({
      albums: data.pages[0]?.albums ?? [],
      people: data.pages[0]?.people ?? [],
      photos: data.pages.flatMap((page) => page.photos),
    }),
    enabled: hasCriteria(filters),
    // A photo just uploaded is being made smaller, a video prepared: look again until it is there.
    refetchInterval: (query) =>
      refetchWhileMaking(
        query.state.data?.pages.flatMap((page) => page.photos) ?? [],
        PENDING_REFETCH_MS,
      ),
    meta: { quietErrorCodes: ['VALIDATION_FAILED'] },
  });
}
