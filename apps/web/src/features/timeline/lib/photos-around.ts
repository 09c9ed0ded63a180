import type { TimelineMonth, TimelinePhoto } from '@photo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { monthPhotos } from './loaded-photos';

/** How many photos the viewer is given on each side of the one it shows. */
export const VIEWER_REACH = 60;

export interface PhotosAround {
  /** The photos read so far around the one shown, in the timeline's order. */
  photos: TimelinePhoto[];
  /** Where each stands in the whole timeline (months not read still count). */
  places: number[];
  /** The one shown, in `photos`; -1 when it is not among those read. */
  index: number;
}

/**
 * The photos read so far within VIEWER_REACH of `shownId`, month by month from its own: only
 * the months it reaches are read from the cache, however many the timeline holds.
 */
export function photosAround(
  queryClient: QueryClient,
  months: readonly TimelineMonth[],
  favourites: boolean,
  shownId: string,
): PhotosAround {
  const before: number[] = [];
  let sum = 0;
  for (const { count } of months) {
    before.push(sum);
    sum += count;
  }
  let month = -1;
  let at = -1;
  let own: TimelinePhoto[] = [];
  for (let m = 0; m < months.length && at < 0; m += 1) {
    own = monthPhotos(queryClient, months[m]!.month, favourites);
    at = own.findIndex((photo) => photo.id === shownId);
    month = m;
  }
  if (at < 0) return { photos: [], places: [], index: -1 };
  const start = Math.max(0, at - VIEWER_REACH);
  let photos = own.slice(start, at + VIEWER_REACH + 1);
  let places = photos.map((_, k) => before[month]! + start + k);
  // The months before it, from the nearest, until the reach is full (months not read skipped).
  let wanted = VIEWER_REACH - (at - start);
  for (let m = month - 1; m >= 0 && wanted > 0; m -= 1) {
    const list = monthPhotos(queryClient, months[m]!.month, favourites);
    const first = Math.max(0, list.length - wanted);
    photos = [...list.slice(first), ...photos];
    places = [...list.slice(first).map((_, k) => before[m]! + first + k), ...places];
    wanted -= list.length - first;
  }
  // And after it.
  wanted = VIEWER_REACH - (Math.min(own.length, at + VIEWER_REACH + 1) - at - 1);
  for (let m = month + 1; m < months.length && wanted > 0; m += 1) {
    const list = monthPhotos(queryClient, months[m]!.month, favourites).slice(0, wanted);
    photos.push(...list);
    places.push(...list.map((_, k) => before[m]! + k));
    wanted -= list.length;
  }
  return { photos, places, index: photos.findIndex((photo) => photo.id === shownId) };
}
