import { currentLocale, t } from '../../i18n/i18n';

/**
 * The locale dates and numbers are written in: the browser's own form when it speaks the app's
 * current language ("en-GB" writes "21 Nov 2026"), else the app's language ("de" after a choice of
 * Deutsch in an English browser).
 */
export function formatLocale(): string {
  const locale = currentLocale();
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && browser.toLowerCase().split('-')[0] === locale ? browser : locale;
}

// Each form is made once per locale: a page of cards formats many dates.
const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  name: string,
  options: Intl.DateTimeFormatOptions,
  locales: string | string[] = formatLocale(),
) {
  const key = `${String(locales)}|${name}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locales, options);
    formats.set(key, made);
  }
  return made;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in the reader's own form, e.g. "21 Nov 2026, 14:05". */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? format('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(date) : iso;
}

/** A date in the reader's own form, e.g. "November 21, 2026". */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? format('date', { dateStyle: 'long' }).format(date) : iso;
}

/**
 * When a photo was taken, as the camera's clock read: the server gives lists (a photo's sort date)
 * the camera's clock reading as if it were UTC, in the time zone the file gives (decision 0101), so
 * every reader, whatever their own zone, sees the day the camera saw.
 */
export function formatDateTaken(iso: string): string {
  const date = parse(iso);
  return date ? format('taken', { dateStyle: 'long', timeZone: 'UTC' }).format(date) : iso;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** numeric 'always': "1 day ago", not "yesterday"; in the app's language. */
function relative(): Intl.RelativeTimeFormat {
  const locale = currentLocale();
  let made = relativeFormats.get(locale);
  if (!made) {
    made = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormats.set(locale, made);
  }
  return made;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a moment was: "just now", "5 minutes ago", "2 days ago", "3 months ago"… */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '';
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE) return t('common.justNow');
  if (elapsed < HOUR) return relative().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative().format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 31) return relative().format(-days, 'day');
  if (days < 365) return relative().format(-Math.floor(days / 30.4375), 'month');
  return relative().format(-Math.floor(days / 365.25), 'year');
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
  locales: string | string[] = formatLocale(),
): string | null {
  const start = first === null ? null : parse(first);
  const end = last === null ? null : parse(last);
  if (!start && !end) return null;
  const from = start ?? end!;
  const to = end ?? start!;
  const sameMonth =
    from.getUTCFullYear() === to.getUTCFullYear() && from.getUTCMonth() === to.getUTCMonth();
  const range = format(
    `range${sameMonth}`,
    { ...(sameMonth ? { day: 'numeric' } : {}), month: 'short', year: 'numeric', timeZone: 'UTC' },
    locales,
  );
  return from <= to ? range.formatRange(from, to) : range.formatRange(to, from);
}
