import type { LinkPermission } from '@photo/contract';

/**
 * How a part of the Share dialog tells what went wrong: once, in the dialog's own alert, cleared
 * when the next change starts.
 */
export interface Outcome {
  /** A change starts: the last failure is no longer news. */
  starts: () => void;
  failed: (error: unknown) => void;
}

/** What a link lets whoever holds it do, in the list and in the new-link form. */
export const PERMISSION_LABELS: Record<LinkPermission, string> = {
  view: 'Can view',
  download: 'Can view and download',
  addPhotos: 'Can add photos',
};

/** A share link as people open it: absolute, on this site when the server gave a path. */
export function absoluteLink(url: string): string {
  return new URL(url, window.location.origin).toString();
}

const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Expires 3 Dec", "Expires 3 Dec 2027", "Expired"; null for a link that never expires. */
export function expiryText(expiresAt: string | null, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return null;
  if (date.getTime() <= now) return 'Expired';
  const format = date.getFullYear() === new Date(now).getFullYear() ? dayMonth : dayMonthYear;
  return `Expires ${format.format(date)}`;
}
