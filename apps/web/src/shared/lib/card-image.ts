/**
 * How a cover is shown on an album card: what the card component and the page's early script
 * (src/preload/albums-preload.ts) must agree on, so the picture the script starts loading is the
 * one the card then shows.
 */

/**
 * Cards of the first screen, loaded at once with high priority: two rows at the widest layout
 * (four columns), and the three rows of two a phone shows (its third the largest paint, often).
 */
export const EAGER_CARDS = 8;

/** Ready covers of the first row the page's early script starts loading before the app's code. */
export const PRELOADED_COVERS = 1;

/**
 * The card's rendered width at each Bootstrap breakpoint (.app-card is 18rem at most, inside the
 * columns of album-list.tsx in main's .container-lg), so the browser picks the crop that fits: two
 * columns of the screen less the gutters up to 575 px and from 576 px (18rem from 648 px), three of
 * 960 px from 992 px, four of 1,140 px from 1,200 px (261 px), four of 1,320 px from 1,400 px.
 * Media conditions only: Chromium does not read min() here.
 */
export const CARD_IMAGE_SIZES_ATTRIBUTE = [
  '(min-width: 1400px) 18rem',
  '(min-width: 1200px) 261px',
  '(min-width: 648px) 18rem',
  '(min-width: 576px) calc(50vw - 2.25rem)',
  'calc(50vw - 1.25rem)',
].join(', ');
