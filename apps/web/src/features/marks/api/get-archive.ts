import type { TimelinePage } from '@photo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { marksKeys } from './marks-keys';

/** Photos of one page of the Archive. */
const ARCHIVE_PAGE = 200;

/** GET /api/archive: the person's archived photos, newest first, page after page. */
export function useArchive() {
  return useInfiniteQuery({
    queryKey: marksKeys.archive(),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ARCHIVE_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiJson<TimelinePage>(`/api/archive?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
