import type { Album } from '@photo/contract';
import { formatDateRange } from '../../../shared/lib/format-date';
import { t } from '../../../i18n/i18n';

/**
 * The quiet line under an album's name: how many photos it holds and the span of their dates,
 * "12 photos · Mar – Jun 2024"; "No photos yet" when it holds none.
 */
export function albumFactsLine(
  album: Pick<Album, 'photoCount' | 'firstPhotoDate' | 'lastPhotoDate'>,
  locales?: string | string[],
): string {
  const count = album.photoCount;
  if (count === 0) return t('albums.noPhotos');
  const range = formatDateRange(album.firstPhotoDate, album.lastPhotoDate, locales);
  return range ? t('albums.facts', { count, range }) : t('albums.photos', { count });
}
