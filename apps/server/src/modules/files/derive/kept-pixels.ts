import type { DecodedImage } from '../media/images.js';

/**
 * The most bytes of decoded pixels kept in this process for sizes put off (decision 0095): about
 * eleven 12-megapixel photos at the preview's size (1600 x 1200, 3 bytes a pixel).
 */
export const KEPT_PIXELS_BUDGET = 64 * 1024 * 1024;

/** Pixels kept longer than this are dropped: their job ran elsewhere, or was lost. */
const KEPT_PIXELS_MS = 5 * 60 * 1000;

interface Kept {
  decoded: DecodedImage;
  at: number;
}

const kept = new Map<string, Kept>();
let keptBytes = 0;

const keyOf = (fileId: string, version: number) => `${fileId}:${version}`;

function drop(key: string): Kept | undefined {
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  keptBytes -= entry.decoded.data.length;
  return entry;
}

/**
 * Keeps the pixels decoded for a file's thumbnail until the job that makes its other sizes takes
 * them, so that no photo is decoded twice. Answers false, keeping nothing, when they do not fit in
 * the budget: the caller then makes the other sizes at once, from the pixels it holds.
 */
export function keepPixels(fileId: string, version: number, decoded: DecodedImage): boolean {
  const now = performance.now();
  for (const [key, entry] of kept) {
    if (now - entry.at > KEPT_PIXELS_MS) drop(key);
  }
  drop(keyOf(fileId, version));
  if (keptBytes + decoded.data.length > KEPT_PIXELS_BUDGET) return false;
  kept.set(keyOf(fileId, version), { decoded, at: now });
  keptBytes += decoded.data.length;
  return true;
}

/** The pixels kept for this version of the file, given up by the store; undefined when none. */
export function takePixels(fileId: string, version: number): DecodedImage | undefined {
  return drop(keyOf(fileId, version))?.decoded;
}
