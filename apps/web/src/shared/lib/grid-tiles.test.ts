import { describe, expect, it } from 'vitest';
import { EAGER_TILES, firstScreenTiles, rowHeight } from './grid-tiles';

describe('firstScreenTiles', () => {
  it('counts the rows below the album’s head times the 4:3 tiles a row holds', () => {
    // A 390 × 844 phone: rows of 118 px, six rows, three tiles a row.
    expect(rowHeight(390)).toBe(118);
    expect(firstScreenTiles(390, 844)).toBe(18);
    // A 768 × 1024 tablet: rows of 160 px, six rows, four tiles a row: more than the most.
    expect(firstScreenTiles(768, 1024)).toBe(EAGER_TILES);
  });

  it('is at least one tile, and at most EAGER_TILES on a large screen', () => {
    expect(firstScreenTiles(320, 100)).toBe(1);
    expect(firstScreenTiles(2560, 1440)).toBe(EAGER_TILES);
  });
});
