import type { Album } from '@photo/contract';
import { countLabel } from '../../../shared/lib/count-label';
import { formatDateRange } from '../../../shared/lib/format-date';

/**
 * The quiet line under an album's name: how many photos it holds and the span of their dates,
 * "12 photos · Mar – Jun 2024"; "No photos yet" when it holds none.
 */
export function albumFactsLine(
  album: Pick<Album, 'photoCount' | 'firstPhotoDate' | 'lastPhotoDate'>,
  locales?: string | string[],
): string {
  if (album.photoCount === 0) return 'No photos yet';
  const range = formatDateRange(album.firstPhotoDate, album.lastPhotoDate, locales);
  const count = countLabel(album.photoCount, 'photo');
  return range ? `${count} · ${range}` : count;
}
