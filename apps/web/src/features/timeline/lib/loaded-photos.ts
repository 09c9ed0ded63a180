import type { TimelinePage as TimelinePageData, TimelinePhoto } from '@photo/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { timelineKeys } from '../api/timeline-keys';

/** Where a tile's link goes: the viewer on this page (?photo=…), or the photo's own page. */
export type OpenTarget = (photo: TimelinePhoto) => {
  to: string | { search: string };
  state?: unknown;
};

/** The photos of one month read so far, in the order shown. */
export function monthPhotos(
  queryClient: QueryClient,
  month: string,
  favourites: boolean,
): TimelinePhoto[] {
  return (
    queryClient
      .getQueryData<InfiniteData<TimelinePageData>>(timelineKeys.month(month, favourites))
      ?.pages.flatMap((page) => page.photos) ?? []
  );
}

/** Every photo of the timeline read so far, in the order shown. */
export function loadedPhotos(
  queryClient: QueryClient,
  months: readonly { month: string }[],
  favourites: boolean,
): TimelinePhoto[] {
  return months.flatMap(({ month }) => monthPhotos(queryClient, month, favourites));
}
