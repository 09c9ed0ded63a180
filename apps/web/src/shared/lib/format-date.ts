const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
// EXIF dates carry no time zone; the server keeps the camera's clock reading as if it were UTC.
const takenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in the reader's own form, e.g. "21 Nov 2026, 14:05". */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

/** A date in the reader's own form, e.g. "November 21, 2026". */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

/** When a photo was taken, as the camera's clock read (see takenFormat). */
export function formatDateTaken(iso: string): string {
  const date = parse(iso);
  return date ? takenFormat.format(date) : iso;
}

// The app's texts are English, so is this phrase. numeric 'always': "1 day ago", not "yesterday".
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a moment was: "just now", "5 minutes ago", "2 days ago", "3 months ago"… */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 31) return relative.format(-days, 'day');
  if (days < 365) return relative.format(-Math.floor(days / 30.4375), 'month');
  return relative.format(-Math.floor(days / 365.25), 'year');
}
