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

// A page of albums formats a range per card: each form is made once.
const rangeFormats = new Map<string, Intl.DateTimeFormat>();

function rangeFormat(locales: string | string[] | undefined, withDay: boolean) {
  const key = `${String(locales)}|${withDay}`;
  let format = rangeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales, {
      ...(withDay ? { day: 'numeric' } : {}),
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    rangeFormats.set(key, format);
  }
  return format;
}

/**
 * The span of an album's photos, as compactly as photo apps say it: "12 Mar 2024" for one day,
 * "3 – 12 Mar 2024" within a month, "Mar – Jun 2024" within a year, "Dec 2023 – Feb 2024" across
 * years (in the reader's own form: "Mar 3 – 12, 2024" in American English). null when there are no
 * dates. The dates are read in UTC, as formatDateTaken reads them: a date taken is the camera's
 * clock reading, kept as if it were UTC.
 */
export function formatDateRange(
  first: string | null,
  last: string | null,
  locales?: string | string[],
): string | null {
  const start = first === null ? null : parse(first);
  const end = last === null ? null : parse(last);
  if (!start && !end) return null;
  const from = start ?? end!;
  const to = end ?? start!;
  const sameMonth =
    from.getUTCFullYear() === to.getUTCFullYear() && from.getUTCMonth() === to.getUTCMonth();
  const format = rangeFormat(locales, sameMonth);
  return from <= to ? format.formatRange(from, to) : format.formatRange(to, from);
}
