/**
 * What the page's head runs before the app's code has loaded (albums-preload.main.ts, built into
 * /albums-preload.js as a classic script by vite-classic-scripts.ts; the CSP allows scripts from
 * 'self' only). On Recent Albums, signed in, it:
 * - starts `GET /api/albumsDb`, which the app then takes once, for the same address and ID token
 *   (shared/api/preloaded.ts), asking again itself when the token was about to expire or the
 *   answer is not there;
 * - once the answer is in, starts loading the first ready cover (the page's largest picture), with
 *   the srcset and sizes its card gives it, so the browser picks the same picture and the card
 *   finds it loaded or on its way. One only: on a slow link, each picture loaded beside the app's
 *   code delays that code, and the page is drawn by it (docs/performance.md).
 * On an album's page, signed in, it starts both the album's `GET /api/albums/find` and its first
 * page of photos at once, which the app would otherwise ask for one after the other, each after
 * its code has loaded.
 * Whatever fails here is the app's to report when it asks again.
 */
import type { Album, Photo } from '@photo/contract';
import type { Preload } from '../shared/api/preloaded';
import { REFRESH_MARGIN_MS, SESSION_KEYS } from '../shared/auth/session-keys';
import {
  CARD_IMAGE_SIZES_ATTRIBUTE,
  EAGER_CARDS,
  PRELOADED_COVERS,
} from '../shared/lib/card-image';
import { cardSrcSet, sizedImageUrl } from '../shared/lib/image-url';

const ALBUMS = '/api/albumsDb';

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
  const link = document.createElement('link');
  const attributes = {
    rel: 'preload',
    as: 'image',
    href: sizedImageUrl(album.coverPhotoUrl, 'card'),
    imagesrcset: srcset,
    imagesizes: CARD_IMAGE_SIZES_ATTRIBUTE,
    fetchpriority: 'high',
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
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
      const ready = (photos as Photo[]).filter((photo) => photo.ready);
      for (const photo of ready.slice(0, PRELOADED_TILES)) preloadThumbnail(photo);
    })
    .catch(() => {});
}

/** The first tiles' pictures the album page's early script starts, as the first row shows them. */
const PRELOADED_TILES = 2;

/**
 * Starts loading a tile's picture at its thumbnail size, the size a first row's tile picks on
 * phones and desktops alike (its srcset's first entry), so the tile finds it loaded or on its way.
 */
function preloadThumbnail(photo: Photo): void {
  const link = document.createElement('link');
  const attributes = {
    rel: 'preload',
    as: 'image',
    href: sizedImageUrl(photo.photoUrl, 'thumb'),
    fetchpriority: 'high',
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
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
}
