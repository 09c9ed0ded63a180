import type { TimelineMonth } from '@photo/contract';
import { currentLocale } from '../../../i18n/i18n';

/**
 * Where everything of the timeline lies, from the month counts alone: square tiles in rows under
 * each month's heading, so the whole scroll height is known before any photo has arrived and any
 * month is one scrollTo away.
 */

/** A month's heading, above its tiles (px). */
export const MONTH_HEADING_HEIGHT = 48;
/** Space below a month's last row (px). */
export const MONTH_GAP = 16;

/** How many columns a grid this wide has: about 3 on a phone, 6 to 8 on a desktop. */
export function columnsFor(width: number): number {
  if (width < 600) return 3;
  if (width < 900) return 4;
  return Math.min(8, Math.max(5, Math.round(width / 190)));
}

/** The space between tiles: thin on a phone, a little more on a desktop. */
export const gapFor = (width: number) => (width < 600 ? 2 : 4);

export interface MonthBlock {
  month: string;
  count: number;
  /** Its heading's top, from the timeline's top. */
  top: number;
  /** Heading, rows and the space below. */
  height: number;
  rows: number;
  /** How many photos come before this month: its first photo's place in the whole timeline. */
  before: number;
}

export interface TimelineLayout {
  width: number;
  columns: number;
  gap: number;
  /** A tile's side. */
  tile: number;
  /** From one row's top to the next's. */
  rowStride: number;
  months: MonthBlock[];
  /** The whole timeline's height. */
  height: number;
}

export function computeLayout(
  months: readonly TimelineMonth[],
  width: number,
  columns = columnsFor(width),
  gap = gapFor(width),
): TimelineLayout {
  const tile = Math.max(1, (width - gap * (columns - 1)) / columns);
  const rowStride = tile + gap;
  let top = 0;
  let before = 0;
  const blocks = months.map(({ month, count }) => {
    const rows = Math.ceil(count / columns);
    const height = MONTH_HEADING_HEIGHT + rows * rowStride - gap + MONTH_GAP;
    const block: MonthBlock = { month, count, top, height, rows, before };
    top += height;
    before += count;
    return block;
  });
  return { width, columns, gap, tile, rowStride, months: blocks, height: top };
}

/** The month at `offset` px from the timeline's top (the first or last beyond the ends). */
export function monthIndexAt(layout: TimelineLayout, offset: number): number {
  const { months } = layout;
  let low = 0;
  let high = months.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (months[middle]!.top <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The rows of a month that lie between `from` and `to` px of the timeline (clamped; maybe none). */
export function rowsBetween(
  layout: TimelineLayout,
  block: MonthBlock,
  from: number,
  to: number,
): { first: number; last: number } {
  const rowsTop = block.top + MONTH_HEADING_HEIGHT;
  const first = Math.max(0, Math.floor((from - rowsTop) / layout.rowStride));
  const last = Math.min(block.rows - 1, Math.floor((to - rowsTop) / layout.rowStride));
  return { first, last };
}

/**
 * The scrubber's mapping: a place on its track (0 top, 1 bottom) is the same fraction of the
 * scrollable timeline; `viewport` is the height of the screen over it.
 */
export function offsetForFraction(layout: TimelineLayout, fraction: number, viewport = 0): number {
  const scrollable = Math.max(0, layout.height - viewport);
  return Math.round(Math.min(1, Math.max(0, fraction)) * scrollable);
}

export function fractionForOffset(layout: TimelineLayout, offset: number, viewport = 0): number {
  const scrollable = Math.max(0, layout.height - viewport);
  return scrollable === 0 ? 0 : Math.min(1, Math.max(0, offset / scrollable));
}

/** Each year's first month (the newest, years newest first) and where its heading lies. */
export function yearMarks(layout: TimelineLayout): { year: string; index: number; top: number }[] {
  const marks: { year: string; index: number; top: number }[] = [];
  layout.months.forEach((block, index) => {
    const year = block.month.slice(0, 4);
    if (marks.at(-1)?.year !== year) marks.push({ year, index, top: block.top });
  });
  return marks;
}

// One form per language the app has spoken (the timeline formats a label per month).
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** "June 2024" for 2024-06, in the app's current language. */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  const locale = currentLocale();
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(date);
}
