import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import { decideAccess, linkVisitor } from '../../lib/access.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { blobKeys } from '../files/store/blobs.js';
import { readOriginal } from '../files/derive/derived-blobs.js';
import { INPUT_OPTIONS, PROCESSING_TIMEOUT_SECONDS } from '../files/media/images.js';
import { findWorkingLink } from '../sharing/share-links.service.js';
import { findPreviewAlbum, type PreviewAlbumRow } from './link-previews.repository.js';

/** The size chat apps show a link's picture at (Open Graph's summary_large_image). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const PREVIEW_QUALITY = 82;
/** Where a link's picture is served: /api/shared/{token} + this. */
export const PREVIEW_IMAGE_SUFFIX = '/preview.jpg';
/** What a password-protected link's page is called: nothing of the album shows. */
export const LOCKED_TITLE = 'A shared album';

type PreviewDeps = Pick<AppDeps, 'db' | 'blobStore' | 'clock'>;

/**
 * What the link opens for a visitor: its album when the link works and needs no password;
 * 'locked' when it works but needs one; null when it does not work (unknown, stopped, expired, or
 * the album is no longer shown to link visitors).
 */
async function linkState(
  deps: PreviewDeps,
  token: string,
): Promise<{ album: PreviewAlbumRow } | 'locked' | null> {
  const link = await findWorkingLink(deps, token);
  if (!link) return null;
  const album = await findPreviewAlbum(deps.db, link.album_id);
  if (!album) return null;
  const visitor = linkVisitor(link.permission);
  if (decideAccess(visitor, 'album.read', { ...album, member_role: null }) !== 'allowed') {
    return null;
  }
  return link.password_hash !== null ? 'locked' : { album };
}

const photos = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

/**
 * The Open Graph and Twitter tags of a share link's page, HTML-escaped; null when the link does
 * not work (the page is then the app's own, with none). `origin` makes the URLs absolute.
 */
export async function sharedPageTags(
  deps: PreviewDeps,
  token: string,
  origin: string,
): Promise<{ title: string; tags: string } | null> {
  const state = await linkState(deps, token);
  if (!state) return null;
  const pageUrl = `${origin}/shared/${encodeURIComponent(token)}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  if (state === 'locked') {
    const description = 'Open the link and give its password to see the photos.';
    const tags = [
      meta('property', 'og:type', 'website'),
      meta('property', 'og:title', LOCKED_TITLE),
      meta('property', 'og:description', description),
      meta('property', 'og:url', pageUrl),
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', LOCKED_TITLE),
      meta('name', 'twitter:description', description),
    ];
    return { title: LOCKED_TITLE, tags: tags.join('\n    ') };
  }
  const { album } = state;
  const description = `${photos(album.photo_count)} · shared by ${album.owner_name}`;
  const basic = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', album.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
  ];
  // An album without a photo has no cover: its link is shown without a picture.
  if (album.cover_file_id === null) {
    const tags = [
      ...basic,
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', album.name),
      meta('name', 'twitter:description', description),
    ];
    return { title: album.name, tags: tags.join('\n    ') };
  }
  const image = `${origin}/api/shared/${encodeURIComponent(token)}${PREVIEW_IMAGE_SUFFIX}`;
  const alt = `Cover photo of the album ${album.name}`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', album.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', album.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', alt),
  ];
  return { title: album.name, tags: tags.join('\n    ') };
}

/**
 * The app's index.html with the tags: right after the charset declaration (which must stay in the
 * first 1024 bytes), so crawlers that read only the start of a page find them; and the page's
 * title set to the album's.
 */
export function withTags(indexHtml: string, page: { title: string; tags: string }): string {
  const title = `<title>${escapeHtml(page.title)}</title>`;
  const titled = /<title>[^<]*<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[^<]*<\/title>/i, () => title)
    : indexHtml;
  const anchor = /<meta\s+charset=[^>]*>/i.exec(titled) ?? /<head[^>]*>/i.exec(titled);
  if (!anchor) return titled;
  const at = anchor.index + anchor[0].length;
  return `${titled.slice(0, at)}\n    ${page.tags}${titled.slice(at)}`;
}

/**
 * The page of a share link: the web app's index.html with the link's Open Graph tags in its head,
 * or as it is when the link does not work.
 */
export async function sharedLinkPage(
  deps: PreviewDeps,
  token: string,
  origin: string,
  indexHtml: string,
): Promise<string> {
  const page = await sharedPageTags(deps, token, origin);
  return page ? withTags(indexHtml, page) : indexHtml;
}

const linkNotFound = () =>
  new AppError('LINK_NOT_FOUND', 'This link does not work: it may have been stopped.');

/** Makes the 1200 x 630 picture from the cover: its 1600 px preview, else its original. */
async function makePreview(deps: PreviewDeps, album: PreviewAlbumRow): Promise<Buffer> {
  const derived = album.cover_preview_key;
  const sourceKey = derived ?? album.cover_still_key ?? album.cover_blob_key;
  const source = sourceKey ? await readOriginal(deps.blobStore, sourceKey) : null;
  if (!source) throw linkNotFound();
  let image = sharp(source, { ...INPUT_OPTIONS, autoOrient: true });
  // The preview is turned already; an original is turned here as its sizes are.
  if (!derived && album.cover_rotation % 360 !== 0) image = image.rotate(album.cover_rotation);
  return image
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: PREVIEW_QUALITY, mozjpeg: true })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toBuffer();
}

/**
 * The picture of a share link that works and needs no password (else 404 LINK_NOT_FOUND): made on
 * the first request from the album's cover and kept in the blob store under the cover's key.
 */
export async function linkPreviewImage(
  deps: PreviewDeps,
  token: string,
): Promise<{ bytes: Buffer; etag: string }> {
  const state = await linkState(deps, token);
  if (!state || state === 'locked') throw linkNotFound();
  const { album } = state;
  if (album.cover_file_id === null) throw linkNotFound();
  const key = blobKeys.linkPreview(album.cover_file_id, album.cover_edit_version);
  const etag = `"${key.replace(/[^A-Za-z0-9._-]/g, '-')}"`;
  const kept = await deps.blobStore.read(key);
  if (kept) return { bytes: Buffer.concat(await kept.stream.toArray()), etag };
  let bytes: Buffer;
  try {
    bytes = await makePreview(deps, album);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A cover libvips cannot read (a video whose still is not made yet): no picture.
    throw linkNotFound();
  }
  await deps.blobStore.putBuffer(key, bytes, 'image/jpeg');
  return { bytes, etag };
}
