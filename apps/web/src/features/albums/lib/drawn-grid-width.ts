/**
 * The cookie in which the browser keeps the width its album grid was last laid out at, for the
 * server to draw the next album page's grid in the same rows (the server reads it by this name).
 */
const GRID_WIDTH_COOKIE = 'photo.grid';

/** The attribute of a grid the server laid out at a known width, holding that width. */
export const DRAWN_WIDTH_ATTRIBUTE = 'data-drawn-width';

let drawing: number | null = null;

/** On the server, before a page is drawn: the grid width its browser keeps, if any. */
export function setDrawnGridWidth(width: number | null): void {
  drawing = width;
}

/**
 * The width the server laid the page's grid out at, if it knew it: on the server the page being
 * drawn's; in the browser, as it hydrates, the drawn grid's (so that it draws the same).
 */
export function drawnGridWidth(): number | null {
  if (typeof document === 'undefined') return drawing;
  const drawn = document
    .querySelector(`.app-photo-grid[${DRAWN_WIDTH_ATTRIBUTE}]`)
    ?.getAttribute(DRAWN_WIDTH_ATTRIBUTE);
  return drawn ? Number(drawn) : null;
}

/** Keeps the grid's width for the server's next page, when it changed. */
export function rememberGridWidth(width: number): void {
  const kept = `${GRID_WIDTH_COOKIE}=${Math.round(width)}`;
  if (document.cookie.split('; ').includes(kept)) return;
  document.cookie = `${kept}; path=/; max-age=31536000; samesite=lax`;
}
