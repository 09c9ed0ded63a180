import { describe, expect, it } from 'vitest';
import { endOfMonth } from './timeline.repository.js';

describe("a month page's upper bound", () => {
  it('is the next month, across the year too', () => {
    expect(endOfMonth('2024-01')).toBe('2024-02');
    expect(endOfMonth('2024-09')).toBe('2024-10');
    expect(endOfMonth('2023-12')).toBe('2024-01');
    expect(endOfMonth('0999-12')).toBe('1000-01');
  });

  it('is day 32 of December 9999, which has no next month of four digits', () => {
    expect(endOfMonth('9999-12')).toBe('9999-12-32');
  });

  it('sorts above every date of the month and below every date after it', () => {
    for (const month of ['2024-01', '2023-12', '9999-12']) {
      const bound = endOfMonth(month);
      expect(`${month}-31T23:59:59.999Z` < bound).toBe(true);
      expect(`${month}-01T00:00:00.000Z` >= month).toBe(true);
      if (month !== '9999-12') {
        expect(`${bound}-01T00:00:00.000Z` >= bound).toBe(true);
      }
    }
  });
});
