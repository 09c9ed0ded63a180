import type { Activity } from '@photo/contract';
import { paths } from '../../../shared/config/paths';

/** What an entry says: "Ann commented on your photo: “Lovely!”", "Bob added 12 photos to Garden"… */
export function activityText(entry: Activity): string {
  const photos = (n: number) => (n === 1 ? 'a photo' : `${n} photos`);
  switch (entry.kind) {
    case 'invitation':
      return `You were invited to ${entry.albumName}`;
    case 'photosAdded':
      return `${entry.actorName} added ${photos(entry.count)} to ${entry.albumName}`;
    case 'guestUpload':
      return `${entry.actorName} (guest) added ${photos(entry.count)} to ${entry.albumName}`;
    case 'comment':
      return entry.excerpt
        ? `${entry.actorName} commented on your photo: “${entry.excerpt}”`
        : `${entry.actorName} commented on your photo`;
    case 'like':
      return `${entry.actorName} liked your photo`;
  }
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
