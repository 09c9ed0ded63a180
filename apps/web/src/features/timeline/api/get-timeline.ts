import type { TimelineMonths, TimelinePage } from '@photo/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { seededOrNow } from '../../../shared/api/query-client';
import { timelineKeys } from './timeline-keys';
import { refetchWhileMaking } from '../../../shared/lib/media';

/**
 * The most photos one page may hold: the contract's TIMELINE_PAGE_MAX (library.ts, whose values
 * the app's build does not take: only limits.ts is bundled).
 */
export const TIMELINE_PAGE_MAX = 500;

/** The address of the months of Photos (or of its favourites). */
export const timelineMonthsPath = (favourites: boolean) =>
  `/api/timeline/months${favourites ? '?favourites=true' : ''}`;

/** The address of a page of a month's photos: its first, or the one after `cursor`. */
export function timelineMonthPath(month: string, favourites: boolean, cursor: string | null) {
  const query = new URLSearchParams({ month, limit: String(TIMELINE_PAGE_MAX) });
  if (favourites) query.set('favourites', 'true');
  if (cursor) query.set('cursor', cursor);
  return `/api/timeline?${query.toString()}`;
}

/**
 * GET /api/timeline/months: every month holding a photo of one's Photos (or of its favourites),
 * newest first, with counts.
 */
export function useTimelineMonths(favourites = false) {
  return useQuery({
    queryKey: timelineKeys.months(favourites),
    queryFn: ({ signal }) => apiJson<TimelineMonths>(timelineMonthsPath(favourites), { signal }),
    // Read again each time Photos is shown and when the tab comes back to the front: a photo
    // added or deleted elsewhere (another tab, another device, a heart) is in its count. What a
    // page drawn on the server came with was read just now.
    staleTime: seededOrNow,
    refetchOnWindowFocus: 'always',
  });
}

/** A month's photos no one looks at are let go of soon: a long scroll holds only what is near. */
const MONTH_GC_MS = 60_000;

/**
 * GET /api/timeline?month=…: one month's photos, newest first, in pages of up to 500 along the
 * cursor. `enabled` is false until the month's rows come near the screen.
 */
export function useTimelineMonth(month: string, enabled: boolean, favourites = false) {
  return useInfiniteQuery({
    queryKey: timelineKeys.month(month, favourites),
    queryFn: ({ pageParam, signal }) =>
      apiJson<TimelinePage>(timelineMonthPath(month, favourites, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    gcTime: MONTH_GC_MS,
    ...(favourites ? { staleTime: seededOrNow } : {}),
    // A video being prepared plays in the viewer once it is ready: look again until then.
    refetchInterval: (query) =>
      refetchWhileMaking(query.state.data?.pages.flatMap((page) => page.photos) ?? [], false),
  });
}
