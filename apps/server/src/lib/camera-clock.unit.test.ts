import { describe, expect, it } from 'vitest';
import { sortDateOf } from './camera-clock.js';

const ADDED = '2026-11-29T10:00:00.000Z';

describe('sortDateOf', () => {
  it("is the camera's clock reading: the moment with the file's offset added back", () => {
    // 00:30 on 1 January in UTC+2 is 22:30 UTC on 31 December: it sorts and shows in January.
    expect(
      sortDateOf({ date_taken: '2025-12-31T22:30:00.000Z', taken_offset_minutes: 120 }, ADDED),
    ).toBe('2026-01-01T00:30:00.000Z');
    expect(
      sortDateOf({ date_taken: '2026-01-01T04:30:00.000Z', taken_offset_minutes: -300 }, ADDED),
    ).toBe('2025-12-31T23:30:00.000Z');
  });

  it('is the date taken as kept when the offset is unknown, and the date added without one', () => {
    const taken = '2024-05-01T18:30:00.000Z';
    expect(sortDateOf({ date_taken: taken, taken_offset_minutes: null }, ADDED)).toBe(taken);
    expect(sortDateOf({ date_taken: taken, taken_offset_minutes: 0 }, ADDED)).toBe(taken);
    expect(sortDateOf({ date_taken: null, taken_offset_minutes: 60 }, ADDED)).toBe(ADDED);
  });
});
