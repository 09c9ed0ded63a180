import { describe, expect, it } from 'vitest';
import {
  MONTH_GAP,
  MONTH_HEADING_HEIGHT,
  columnsFor,
  computeLayout,
  fractionForOffset,
  monthIndexAt,
  monthLabel,
  offsetForFraction,
  rowsBetween,
  yearMarks,
} from './timeline-layout';

describe('the timeline layout', () => {
  it('has about 3 columns on a phone and 6 to 8 on a desktop', () => {
    expect(columnsFor(366)).toBe(3);
    expect(columnsFor(390)).toBe(3);
    expect(columnsFor(1296)).toBeGreaterThanOrEqual(6);
    expect(columnsFor(1296)).toBeLessThanOrEqual(8);
    expect(columnsFor(2400)).toBe(8);
  });

  it('lays out rows from the counts alone: square tiles, each month below the one before', () => {
    const layout = computeLayout(
      [
        { month: '2024-06', count: 7 },
        { month: '2024-05', count: 3 },
        { month: '2023-12', count: 1 },
      ],
      300,
      3,
      0,
    );
    expect(layout.tile).toBe(100);
    expect(layout.months.map((block) => block.rows)).toEqual([3, 1, 1]);
    const june = MONTH_HEADING_HEIGHT + 300 + MONTH_GAP;
    const may = MONTH_HEADING_HEIGHT + 100 + MONTH_GAP;
    expect(layout.months.map((block) => block.top)).toEqual([0, june, june + may]);
    expect(layout.months.map((block) => block.before)).toEqual([0, 7, 10]);
    expect(layout.height).toBe(june + may * 2);
  });

  it('counts the gaps between rows and tiles, not after the last', () => {
    const layout = computeLayout([{ month: '2024-06', count: 6 }], 304, 3, 2);
    expect(layout.tile).toBe(100);
    expect(layout.rowStride).toBe(102);
    expect(layout.months[0]!.height).toBe(MONTH_HEADING_HEIGHT + 102 + 100 + MONTH_GAP);
  });

  it('knows the height of 100,000 photos at once, and finds the month at any offset', () => {
    const months = Array.from({ length: 240 }, (_, at) => {
      const date = new Date(Date.UTC(2026, 10 - at, 1));
      return { month: date.toISOString().slice(0, 7), count: at === 7 ? 60_000 : 166 };
    });
    const layout = computeLayout(months, 1296);
    expect(layout.months.at(-1)!.before + layout.months.at(-1)!.count).toBe(60_000 + 239 * 166);
    expect(layout.height).toBeGreaterThan(1_000_000);
    for (const at of [0, 1, 7, 8, 120, 239]) {
      const block = layout.months[at]!;
      expect(monthIndexAt(layout, block.top)).toBe(at);
      expect(monthIndexAt(layout, block.top + block.height - 1)).toBe(at);
    }
    expect(monthIndexAt(layout, -50)).toBe(0);
    expect(monthIndexAt(layout, layout.height + 50)).toBe(239);
  });

  it('names the rows of a month that lie in a band of the page', () => {
    const layout = computeLayout([{ month: '2024-06', count: 10 }], 300, 3, 0);
    const block = layout.months[0]!;
    expect(rowsBetween(layout, block, 0, 10)).toEqual({ first: 0, last: -1 });
    expect(rowsBetween(layout, block, 0, MONTH_HEADING_HEIGHT + 150)).toEqual({
      first: 0,
      last: 1,
    });
    expect(rowsBetween(layout, block, MONTH_HEADING_HEIGHT + 250, 10_000)).toEqual({
      first: 2,
      last: 3,
    });
    expect(rowsBetween(layout, block, 10_000, 20_000).last).toBeLessThan(
      rowsBetween(layout, block, 10_000, 20_000).first,
    );
  });

  it("maps the scrubber's track onto the scrollable height and back", () => {
    const layout = computeLayout([{ month: '2024-06', count: 3000 }], 300, 3, 0);
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
    const months = Array.from({ length: 4000 }, (_, at) => {
      const date = new Date(Date.UTC(2026, 10 - at, 1));
      return { month: date.toISOString().slice(0, 7), count: 500 };
    });
    const layout = computeLayout(months, 1296);
    const marks = yearMarks(layout);
    expect(marks).toHaveLength(new Set(months.map(({ month }) => month.slice(0, 4))).size);
    expect(marks[0]).toEqual({ year: '2026', index: 0, top: 0 });
    expect(marks[1]).toMatchObject({ year: '2025', index: 11 });
    const viewport = 900;
    for (const at of [0, 1234, 3999]) {
      const { top } = layout.months[at]!;
      const back = offsetForFraction(layout, fractionForOffset(layout, top, viewport), viewport);
      if (top <= layout.height - viewport) expect(monthIndexAt(layout, back)).toBe(at);
    }
  });

  it('names a month as people say it', () => {
    expect(monthLabel('2024-06')).toBe('June 2024');
    expect(monthLabel('1999-12')).toBe('December 1999');
  });
});
