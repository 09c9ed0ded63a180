import type { TimelineMonth } from '@photo/contract';
import { currentLocale } from '../../../i18n/i18n';
import { rowHeight, USUAL_RATIO } from '../../../shared/lib/grid-tiles';

/**
 * Where everything of the timeline lies: justified rows, as an album's grid, that run on from one
 * month to the next. A month begins beside the one before it when the row has room for its label,
 * which sits above its first photo; a row holding a month's first photo is that much taller.
 * Photos not yet read are laid out 4:3 (their month's count is known), those read at their own
 * shape: the whole scroll height is known before any photo has arrived, and any month is one
 * scrollTo away. Laying out 100,000 photos is one pass over typed arrays.
 */

/** The band above a row that holds a month's first photo: its label (px). */
export const labelHeightFor = (width: number) => (width < 600 ? 30 : 36);
/** The space between tiles: thin on a phone, a little more on a desktop (as an album's grid). */
export const gapFor = (width: number) => (width < 560 ? 2 : 4);
/** The space between the last photo of a month and the first of the next, in one row (px). */
export const monthGapFor = (width: number) => (width < 600 ? 10 : 20);
/** The least room a month's label is given above its photos, in a row (px). */
export const labelRoomFor = (width: number) => (width < 600 ? 76 : 112);
/** A row that must end early (the next month starts below) is stretched this much at most. */
const MAX_STRETCH = 1.25;
/** Shapes beyond these are cut to them: a panorama does not take a row alone. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 2.5;

export interface MonthBlock {
  month: string;
  count: number;
  /** How many photos come before this month: its first photo's place in the whole timeline. */
  before: number;
  /** The row of its first photo, and its top (the label's), from the timeline's top. */
  firstRow: number;
  top: number;
  /** The row of its last photo. */
  lastRow: number;
}

export interface TimelineLayout {
  width: number;
  gap: number;
  /** The label band's height. */
  labelHeight: number;
  months: MonthBlock[];
  /** Rows: where each starts (its band), its first photo, its photos' top and height. */
  rowCount: number;
  rowTop: Float64Array;
  rowStart: Int32Array;
  rowPhotoTop: Float64Array;
  rowHeight: Float32Array;
  /** Each photo's left and width, by its place in the whole timeline. */
  left: Float32Array;
  tileWidth: Float32Array;
  /** The whole timeline's height. */
  height: number;
}

/** A photo's shape (width / height) as laid out: its own when known, within bounds. */
export function ratioOf(width: number | null, height: number | null): number {
  if (!width || !height) return USUAL_RATIO;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, width / height));
}

/** Rows under construction: grown in place, cut to size at the end. */
class Rows {
  count = 0;
  top = new Float64Array(64);
  start = new Int32Array(64);
  photoTop = new Float64Array(64);
  height = new Float32Array(64);

  push(top: number, start: number, photoTop: number, height: number) {
    if (this.count === this.top.length) {
      const grow = <T extends Float64Array | Int32Array | Float32Array>(array: T): T => {
        const next = new (array.constructor as new (length: number) => T)(array.length * 2);
        next.set(array);
        return next;
      };
      this.top = grow(this.top);
      this.start = grow(this.start);
      this.photoTop = grow(this.photoTop);
      this.height = grow(this.height);
    }
    this.top[this.count] = top;
    this.start[this.count] = start;
    this.photoTop[this.count] = photoTop;
    this.height[this.count] = height;
    this.count += 1;
  }
}

/** What placing a row's photos needs: the width, the spaces, and every photo's shape. */
interface Room {
  width: number;
  gap: number;
  monthGap: number;
  shape: Float32Array;
  firstOf: Uint8Array;
  left: Float32Array;
  tileWidth: Float32Array;
}

/** Places the photos from `start` to before `end` side by side, `height` tall. */
function placeRow(room: Room, start: number, end: number, height: number) {
  let x = 0;
  for (let i = start; i < end; i += 1) {
    if (i > start) x += room.firstOf[i] ? room.monthGap : room.gap;
    room.left[i] = x;
    const tile = room.shape[i]! * height;
    room.tileWidth[i] = tile;
    x += tile;
  }
}

/**
 * Lays the timeline out `width` px wide. `ratios(month)` gives the shapes of the month's photos
 * read so far (in order), if any; the others are laid out 4:3.
 */
export function computeLayout(
  months: readonly TimelineMonth[],
  width: number,
  ratios: (month: string) => ArrayLike<number> | undefined = () => undefined,
): TimelineLayout {
  const total = months.reduce((sum, { count }) => sum + count, 0);
  const target = rowHeight(width);
  const gap = gapFor(width);
  const monthGap = monthGapFor(width);
  const labelHeight = labelHeightFor(width);
  const labelRoom = labelRoomFor(width);
  const shape = new Float32Array(total);
  const firstOf = new Uint8Array(total);
  let at = 0;
  for (const { month, count } of months) {
    const known = ratios(month);
    firstOf[at] = 1;
    for (let j = 0; j < count; j += 1) {
      shape[at + j] = known && j < known.length ? known[j]! : USUAL_RATIO;
    }
    at += count;
  }
  const left = new Float32Array(total);
  const tileWidth = new Float32Array(total);
  const rows = new Rows();
  const room: Room = { width, gap, monthGap, shape, firstOf, left, tileWidth };
  let y = 0;
  // The row being filled: its first photo, the sum of its shapes, the spaces between its photos,
  // whether it holds a month's first photo, and the width at the target height of the photos
  // since the last month began in it.
  let start = 0;
  let sum = 0;
  let spaces = 0;
  let labelled = false;
  let segment = 0;
  for (let i = 0; i <= total; i += 1) {
    // Where the row ends (before this photo), and how tall; 0: it goes on.
    let end = 0;
    let height = 0;
    let taken = false;
    if (i === total) {
      if (start === total) break;
      end = total;
      height = Math.min(target, (width - spaces) / sum);
    } else if (i > start) {
      const ratio = shape[i]!;
      const first = firstOf[i] === 1;
      const space = first ? monthGap : gap;
      const used = target * sum + spaces;
      if (first && (segment < labelRoom || width - used - space < labelRoom)) {
        // A month begins in this row only if the month before has room for its label, and the
        // rest of the row for this one's.
        end = i;
        height = (width - spaces) / sum;
        if (height > target * MAX_STRETCH) height = target;
      } else if (used + space + target * ratio > width) {
        // Full: end the row with this photo or before it, whichever is nearer the target height.
        const withIt = (width - spaces - space) / (sum + ratio);
        const without = (width - spaces) / sum;
        if (Math.abs(Math.log(withIt / target)) < Math.abs(Math.log(without / target))) {
          end = i + 1;
          height = withIt;
          taken = true;
          if (first) labelled = true;
        } else {
          end = i;
          height = without;
        }
      } else {
        sum += ratio;
        spaces += space;
        segment = first ? target * ratio : segment + space + target * ratio;
        if (first) labelled = true;
        continue;
      }
    }
    if (end > 0) {
      placeRow(room, start, end, height);
      const band = labelled ? labelHeight : 0;
      rows.push(y, start, y + band, height);
      y += band + Math.round(height) + gap;
      start = end;
      if (i === total) break;
      if (taken) {
        sum = 0;
        spaces = 0;
        labelled = false;
        segment = 0;
        continue;
      }
    }
    // This photo begins a row.
    const ratio = shape[i]!;
    sum = ratio;
    spaces = 0;
    segment = target * ratio;
    labelled = firstOf[i] === 1;
    start = i;
  }

  const rowStart = rows.start.slice(0, rows.count);
  let before = 0;
  const blocks = months.map(({ month, count }) => {
    const firstRow = rowOf(rowStart, before);
    const lastRow = rowOf(rowStart, before + count - 1);
    const block: MonthBlock = {
      month,
      count,
      before,
      firstRow,
      top: rows.top[firstRow] ?? 0,
      lastRow,
    };
    before += count;
    return block;
  });
  return {
    width,
    gap,
    labelHeight,
    months: blocks,
    rowCount: rows.count,
    rowTop: rows.top.slice(0, rows.count),
    rowStart,
    rowPhotoTop: rows.photoTop.slice(0, rows.count),
    rowHeight: rows.height.slice(0, rows.count),
    left,
    tileWidth,
    height: Math.max(0, y - gap),
  };
}

/** The row holding the photo at `index` of the whole timeline. */
function rowOf(rowStart: Int32Array, index: number): number {
  let low = 0;
  let high = rowStart.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (rowStart[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

export const rowOfPhoto = (layout: TimelineLayout, index: number) => rowOf(layout.rowStart, index);

/** The row at `offset` px from the timeline's top (the first or last beyond the ends). */
export function rowAt(layout: TimelineLayout, offset: number): number {
  let low = 0;
  let high = layout.rowCount - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (layout.rowTop[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The photos of a row: from its first to before the next row's first. */
export const rowEnd = (layout: TimelineLayout, row: number) =>
  row + 1 < layout.rowCount
    ? layout.rowStart[row + 1]!
    : (layout.months.at(-1)?.before ?? 0) + (layout.months.at(-1)?.count ?? 0);

/** The month holding the photo at `index` of the whole timeline. */
export function monthOfPhoto(layout: TimelineLayout, index: number): number {
  const { months } = layout;
  let low = 0;
  let high = months.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (months[middle]!.before <= index) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The month at `offset` px from the timeline's top: that of the first photo of the row there. */
export function monthIndexAt(layout: TimelineLayout, offset: number): number {
  if (layout.rowCount === 0) return 0;
  return monthOfPhoto(layout, layout.rowStart[rowAt(layout, offset)]!);
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

/** Each year's first month (the newest, years newest first) and where its label lies. */
export function yearMarks(layout: TimelineLayout): { year: string; index: number; top: number }[] {
  const marks: { year: string; index: number; top: number }[] = [];
  layout.months.forEach((block, index) => {
    const year = block.month.slice(0, 4);
    if (marks.at(-1)?.year !== year) marks.push({ year, index, top: block.top });
  });
  return marks;
}

// One form per language and length the app has spoken (the timeline formats a label per month).
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** "June 2024" for 2024-06 (or "Jun 2024", `short`), in the app's current language. */
export function monthLabel(month: string, short = false): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  const locale = currentLocale();
  const key = `${locale} ${short ? 'short' : 'long'}`;
  let format = monthFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      month: short ? 'short' : 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    monthFormats.set(key, format);
  }
  return format.format(date);
}
