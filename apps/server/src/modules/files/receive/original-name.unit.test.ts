import { describe, expect, it } from 'vitest';
import { ORIGINAL_NAME_MAX, originalName } from './receive.js';

describe("an upload's original name", () => {
  it.each([
    ['IMG_0001.JPG', 'IMG_0001.JPG'],
    ['C:\\Users\\alice\\Pictures\\beach.jpg', 'beach.jpg'],
    ['/home/alice/photos/2024/sea.png', 'sea.png'],
    ['  spaced name.jpg  ', 'spaced name.jpg'],
    ['bell\u0007\u0000and\u001fdel\u007f.jpg', 'bellanddel.jpg'],
    ['été à la plage.jpg', 'été à la plage.jpg'],
    ['', null],
    [undefined, null],
    ['folder/', null],
    ['\u0001\u0002 ', null],
  ])('%j is kept as %j', (filename, kept) => {
    expect(originalName(filename)).toBe(kept);
  });

  it(`keeps at most ${ORIGINAL_NAME_MAX} characters, never half a character`, () => {
    expect(originalName(`${'a'.repeat(300)}.jpg`)).toBe('a'.repeat(ORIGINAL_NAME_MAX));
    const emoji = '📷'.repeat(300);
    const kept = originalName(emoji)!;
    expect(Array.from(kept)).toHaveLength(ORIGINAL_NAME_MAX);
    expect(kept).toBe('📷'.repeat(ORIGINAL_NAME_MAX));
  });
});
