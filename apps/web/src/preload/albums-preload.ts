/**
 * What the page's head runs before the app's code has loaded (albums-preload.main.ts, built into
 * /albums-preload.js as a classic script by vite-classic-scripts.ts; the CSP allows scripts from
 * 'self' only). Signed in, on the pages it knows, it starts what the page will ask for only once
 * the app's code has run, so that both arrive together:
 * - the page's own code and stylesheets, which the app loads once it has chosen the route (their
 *   names are written in by the build, vite-route-preloads.ts);
 * - `GET /api/users/me`, which the top bar asks for on every page;
 * - the page's data, which the app then takes once, for the same address and ID token
 *   (shared/api/preloaded.ts), asking again itself when the token was about to expire or the
 *   answer is not there.
 * On Recent Albums, that is `GET /api/albumsDb`; once the answer is in, it starts loading the
 * first ready cover (the page's largest picture), with the srcset and sizes its card gives it, so
 * the browser picks the same picture and the card finds it loaded or on its way. One only: on a
 * slow link, each picture loaded beside the app's code delays that code (docs/performance.md).
 * On an album's page, it starts both the album's `GET /api/albums/find` and its first page of
 * photos at once, which the app would otherwise ask for one after the other, each after its code
 * has loaded; once the photos are in, the pictures of the grid's first screen.
 * Whatever fails here is the app's to report when it asks again.
 */
import { DEFAULT_AVATAR_URL, type Album, type Photo, type User } from '@photo/contract';
import type { Preload } from '../shared/api/preloaded';
import { REFRESH_MARGIN_MS, SESSION_KEYS } from '../shared/auth/session-keys';
import {
  CARD_IMAGE_SIZES_ATTRIBUTE,
  EAGER_CARDS,
  PRELOADED_COVERS,
} from '../shared/lib/card-image';
import { firstScreenTiles } from '../shared/lib/grid-tiles';
import { cardSrcSet, sizedImageUrl } from '../shared/lib/image-url';

const ALBUMS = '/api/albumsDb';
const ME = '/api/users/me';

/**
 * The files of each page the script knows, besides the app's entry: a JSON object the build writes
 * in here (vite-route-preloads.ts). Under `vite dev` it stays as it is, and nothing is started.
 */
const ROUTE_FILES: string = '__PHOTO_ROUTE_FILES__';

/** Starts loading the code and stylesheets the app loads for the page `route`. */
function preloadRouteFiles(route: 'album' | 'recent'): void {
  let files: Record<string, string[] | undefined>;
  try {
    files = JSON.parse(ROUTE_FILES) as Record<string, string[] | undefined>;
  } catch {
    return;
  }
  for (const file of files[route] ?? []) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // As the app's loader asks for it (a CORS request), or the browser would load it twice.
      link.crossOrigin = '';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = file;
    document.head.appendChild(link);
  }
}

function storedToken(): string | null {
  try {
    const token = window.localStorage.getItem(SESSION_KEYS.idToken);
    const expiresAt = Number(window.localStorage.getItem(SESSION_KEYS.expiresAt));
    // The app renews a token that expires within the margin before using it: not this one.
    return token && expiresAt - Date.now() > REFRESH_MARGIN_MS ? token : null;
  } catch {
    return null;
  }
}

/** Starts loading a card's cover as the card's <img> would, at the same priority. */
function preloadCover(album: Album): void {
  const srcset = cardSrcSet(album.coverPhotoUrl);
  if (!srcset) return;
  preloadImage(sizedImageUrl(album.coverPhotoUrl, 'card'), 'high', {
    imagesrcset: srcset,
    imagesizes: CARD_IMAGE_SIZES_ATTRIBUTE,
  });
}

/** Starts a GET the app will make, for it to take (shared/api/preloaded.ts). */
function startGet(path: string, token: string): Promise<Response> {
  const response = fetch(path, {
    headers: { Accept: 'application/json', idToken: token },
    credentials: 'same-origin',
  });
  const preloads = (window.__photoPreloads ??= {});
  preloads[path] = { token, response } satisfies Preload;
  return response;
}

/** Starts the top bar's `GET /api/users/me`, then the person's picture as the top bar shows it. */
function preloadMe(token: string): void {
  startGet(ME, token)
    .then((answer) => (answer.ok ? (answer.clone().json() as Promise<Partial<User>>) : null))
    .then((user) => {
      if (!user) return;
      // The same address as the account menu's picture (app/layout/account-menu.tsx).
      preloadImage(sizedImageUrl(user.profilePicUrl || DEFAULT_AVATAR_URL, 'thumb'), 'auto');
    })
    .catch(() => {});
}

/** /album/ID and /albums/ID (its alias), but not /albums/recent or /albums/me. */
const ALBUM_PAGE = /^\/albums?\/([^/]+)\/?$/;

export function preloadAlbumPage(): void {
  const match = ALBUM_PAGE.exec(window.location.pathname);
  const segment = match?.[1];
  if (!segment || segment === 'recent' || segment === 'me') return;
  const token = storedToken();
  if (!token) return;
  let albumId: string;
  try {
    albumId = decodeURIComponent(segment);
  } catch {
    return;
  }
  const id = encodeURIComponent(albumId);
  // The same addresses, to the character, as the app's requests (get-album.ts, get-album-photos.ts).
  startGet(`/api/albums/find?id=${id}`, token).catch(() => {});
  startGet(`/api/albumsDb/${id}/photos`, token)
    .then((answer) => (answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
    .then((photos) => {
      if (!Array.isArray(photos)) return;
      // The grid loads its first screen's pictures at once (photo-grid.tsx): the same ones.
      const first = (photos as Photo[]).slice(0, firstScreenTiles(innerWidth, innerHeight));
      // Those whose thumbnail is made (a grid shows it from then on: isThumbShown).
      const shown = first.filter((photo) => photo.ready || photo.thumbReady === true);
      // The first row's are the page's largest pictures: before the rest.
      for (const [i, photo] of shown.entries()) preloadThumbnail(photo, i < HIGH_PRIORITY_TILES);
    })
    .catch(() => {});
  // The page's data first, the top bar's and the code after: the server starts on each at once.
  preloadMe(token);
  preloadRouteFiles('album');
}

/** The tiles of a phone's first row, whose pictures the script starts with high priority. */
const HIGH_PRIORITY_TILES = 2;

/** Starts loading a picture an <img> of the page will show: its src, and its srcset if any. */
function preloadImage(
  href: string,
  priority: 'high' | 'auto',
  srcset: { imagesrcset: string; imagesizes: string } | Record<string, never> = {},
): void {
  const link = document.createElement('link');
  const attributes = { rel: 'preload', as: 'image', href, ...srcset, fetchpriority: priority };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
}

/**
 * Starts loading a tile's picture at its thumbnail size, the size a first screen's tile picks on
 * phones and desktops alike (its srcset's first entry), so the tile finds it loaded or on its way.
 */
function preloadThumbnail(photo: Photo, first: boolean): void {
  preloadImage(sizedImageUrl(photo.photoUrl, 'thumb'), first ? 'high' : 'auto');
}

export function preloadRecentAlbums(): void {
  if (window.location.pathname !== '/albums/recent') return;
  const token = storedToken();
  if (!token) return;
  startGet(ALBUMS, token)
    .then((answer) => (answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
    .then((albums) => {
      if (!Array.isArray(albums)) return;
      const ready = (albums as Album[]).slice(0, EAGER_CARDS).filter((album) => album.coverReady);
      for (const album of ready.slice(0, PRELOADED_COVERS)) preloadCover(album);
    })
    .catch(() => {});
  preloadMe(token);
  preloadRouteFiles('recent');
}
