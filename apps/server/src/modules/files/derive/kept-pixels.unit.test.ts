import { describe, expect, it } from 'vitest';
import { KEPT_PIXELS_BUDGET, keepPixels, takePixels } from './kept-pixels.js';

const pixels = (bytes: number) => ({
  data: Buffer.alloc(bytes),
  width: 1,
  height: bytes / 3,
  channels: 3 as const,
});

describe('pixels kept for the sizes put off', () => {
  it('gives them to the job of the same version once, then no more', () => {
    const decoded = pixels(3 * 1000);
    expect(keepPixels('a', 0, decoded)).toBe(true);
    expect(takePixels('a', 1)).toBeUndefined();
    expect(takePixels('a', 0)).toBe(decoded);
    expect(takePixels('a', 0)).toBeUndefined();
  });

  it('keeps nothing past the budget, and makes room again as jobs take theirs', () => {
    const third = Math.floor(KEPT_PIXELS_BUDGET / 3 / 3) * 3;
    expect(keepPixels('b1', 0, pixels(third))).toBe(true);
    expect(keepPixels('b2', 0, pixels(third))).toBe(true);
    expect(keepPixels('b3', 0, pixels(third))).toBe(true);
    expect(keepPixels('b4', 0, pixels(third))).toBe(false);
    expect(takePixels('b4', 0)).toBeUndefined();
    expect(takePixels('b1', 0)).toBeDefined();
    expect(keepPixels('b4', 0, pixels(third))).toBe(true);
    for (const id of ['b2', 'b3', 'b4']) expect(takePixels(id, 0)).toBeDefined();
  });
});
