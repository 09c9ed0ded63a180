import { describe, expect, it } from 'vitest';
import {
  computeLayout,
  fractionForOffset,
  monthIndexAt,
  monthLabel,
  offsetForFraction,
  rowAt,
  rowEnd,
  yearMarks,
  type TimelineLayout,
} from './timeline-layout';

const monthsBack = (length: number, count: (at: number) => number) =>
  Array.from({ length }, (_, at) => {
    const date = new Date(Date.UTC(2026, 10 - at, 1));
    return { month: date.toISOString().slice(0, 7), count: count(at) };
  });

/** Each row's photos reach from the left edge to the right one (the last row aside). */
function rowRight(layout: TimelineLayout, row: number): number {
  const last = rowEnd(layout, row) - 1;
  return layout.left[last]! + layout.tileWidth[last]!;
}

describe('the timeline layout', () => {
  it('fills rows edge to edge with photos at their shapes, months running on in a row', () => {
    const months = monthsBack(6, (at) => [9, 1, 7, 2, 12, 9][at]!);
    const layout = computeLayout(months, 1296, (month) =>
      month === '2026-11' ? [1.5, 0.75, 1, 1.33, 1.33, 0.75, 1.78, 1, 1.33] : undefined,
    );
    expect(layout.months.at(-1)!.before + layout.months.at(-1)!.count).toBe(40);
    for (let row = 0; row < layout.rowCount - 1; row += 1) {
      expect(rowRight(layout, row)).toBeCloseTo(1296, 0);
      // About as tall as an album's rows (200 px at this width).
      expect(layout.rowHeight[row]).toBeGreaterThan(150);
      expect(layout.rowHeight[row]).toBeLessThan(260);
    }
    // Photos keep their shape: a portrait is narrower than a landscape in the same row.
    expect(layout.tileWidth[1]! / layout.rowHeight[0]!).toBeCloseTo(0.75, 1);
    // The one-photo month shares a row with the months around it.
    const lone = layout.months[1]!;
    expect(lone.firstRow).toBe(lone.lastRow);
    expect(layout.rowStart[lone.firstRow]).toBeLessThan(lone.before);
    // Forty photos in six months take a screen and a half, not six sections.
    expect(layout.rowCount).toBeLessThanOrEqual(9);
  });

  it("gives a row holding a month's first photo a band for its label", () => {
    const layout = computeLayout(
      monthsBack(2, () => 30),
      390,
    );
    const second = layout.months[1]!;
    expect(layout.months[0]!.top).toBe(0);
    expect(layout.rowPhotoTop[0]).toBe(layout.labelHeight);
    expect(layout.rowPhotoTop[second.firstRow]! - layout.rowTop[second.firstRow]!).toBe(
      layout.labelHeight,
    );
    const inside = second.firstRow - 1;
    expect(layout.rowPhotoTop[inside]).toBe(layout.rowTop[inside]);
  });

  it('lays out 100,000 photos at once, and finds the month at any offset', () => {
    const months = monthsBack(240, (at) => (at === 7 ? 60_000 : 166));
    const layout = computeLayout(months, 1296);
    expect(layout.height).toBeGreaterThan(1_000_000);
    for (const at of [0, 1, 7, 8, 120, 239]) {
      const block = layout.months[at]!;
      expect(monthIndexAt(layout, block.top + 1)).toBeLessThanOrEqual(at);
      expect(monthIndexAt(layout, layout.rowTop[block.lastRow]! + 1)).toBeGreaterThanOrEqual(at);
      expect(rowAt(layout, block.top)).toBe(block.firstRow);
    }
    expect(monthIndexAt(layout, -50)).toBe(0);
    expect(monthIndexAt(layout, layout.height + 50)).toBe(239);
  });

  it("maps the scrubber's track onto the scrollable height and back", () => {
    const layout = computeLayout([{ month: '2024-06', count: 3000 }], 300);
    const viewport = 1000;
    const scrollable = layout.height - viewport;
    expect(offsetForFraction(layout, 0, viewport)).toBe(0);
    expect(offsetForFraction(layout, 1, viewport)).toBe(scrollable);
    expect(offsetForFraction(layout, 0.5, viewport)).toBe(Math.round(scrollable / 2));
    expect(offsetForFraction(layout, 2, viewport)).toBe(scrollable);
    expect(fractionForOffset(layout, scrollable / 4, viewport)).toBeCloseTo(0.25);
    expect(fractionForOffset(layout, -10, viewport)).toBe(0);
    expect(fractionForOffset(computeLayout([], 300), 10, viewport)).toBe(0);
  });

  it('stays exact at 2,000,000 photos over 4,000 months, with one mark per year', () => {
    const months = monthsBack(4000, () => 500);
    const layout = computeLayout(months, 1296);
    const marks = yearMarks(layout);
    expect(marks).toHaveLength(new Set(months.map(({ month }) => month.slice(0, 4))).size);
    expect(marks[0]).toEqual({ year: '2026', index: 0, top: 0 });
    expect(marks[1]).toMatchObject({ year: '2025', index: 11 });
    const viewport = 900;
    for (const at of [0, 1234, 3999]) {
      const { top } = layout.months[at]!;
      const back = offsetForFraction(layout, fractionForOffset(layout, top, viewport), viewport);
      if (top <= layout.height - viewport) expect(monthIndexAt(layout, back + 1)).toBe(at);
    }
  });

  it('names a month as people say it, long or short', () => {
    expect(monthLabel('2024-06')).toBe('June 2024');
    expect(monthLabel('1999-12')).toBe('December 1999');
    expect(monthLabel('2024-09', true)).toBe('Sep 2024');
  });
});
