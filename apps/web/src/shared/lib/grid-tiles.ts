/**
 * How an album's photo grid is laid out: what the grid (features/albums/components/photo-grid.tsx)
 * and the page's early script (src/preload/albums-preload.ts) must agree on, so the pictures the
 * script starts loading are those of the grid's first screen.
 */

/** Rows about as tall as a thumb on a phone, taller as the screen widens (px). */
export const rowHeight = (containerWidth: number) =>
  containerWidth < 560 ? 118 : containerWidth < 900 ? 160 : 200;

/** The most tiles loaded at once, with high priority: a first screen on a large desktop. */
export const EAGER_TILES = 20;

/** Where the grid starts below the page's top on every screen: the top bar and the album's head. */
const GRID_TOP = 150;

/** Photos are 4:3 landscapes more often than not: the shape the estimate below assumes. */
export const USUAL_RATIO = 4 / 3;

/**
 * About how many tiles the first screen of a window this size shows (at most EAGER_TILES): its
 * rows below the album's head, times the 4:3 tiles a row holds, rounded up.
 */
export function firstScreenTiles(windowWidth: number, windowHeight: number): number {
  const height = rowHeight(windowWidth);
  const rows = Math.ceil(Math.max(0, windowHeight - GRID_TOP) / height);
  const perRow = Math.ceil(windowWidth / (height * USUAL_RATIO));
  return Math.min(EAGER_TILES, Math.max(1, rows * perRow));
}
