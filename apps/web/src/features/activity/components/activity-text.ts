import type { Activity } from '@photo/contract';
import { paths } from '../../../shared/config/paths';
import { t } from '../../../i18n/i18n';

/** What an entry says: "Ann commented on your photo: “Lovely!”", "Bob added 12 photos to Garden"… */
export function activityText(entry: Activity): string {
  // One sentence per kind (an ICU select), its word order the language's own.
  return t('activity.text', {
    kind: entry.kind === 'comment' && entry.excerpt ? 'commentQuote' : entry.kind,
    actor: entry.actorName,
    album: entry.albumName,
    count: entry.count,
    excerpt: entry.excerpt ?? '',
  });
}

/** Where an entry leads: the photo in its album's viewer for a comment or a like, else the album. */
export function activityHref(entry: Activity): string {
  const album = paths.album(entry.albumId);
  if ((entry.kind === 'comment' || entry.kind === 'like') && entry.photoId) {
    return `${album}?${new URLSearchParams({ photo: entry.photoId }).toString()}`;
  }
  return album;
}

/** The badge's text: "3", "99+"; empty when nothing is unread. */
export function badgeText(unread: { count: number; more: boolean } | undefined): string {
  if (!unread || unread.count === 0) return '';
  return unread.more ? '99+' : String(unread.count);
}
