import type { Album, Photo } from '@photo/contract';
import type { LightMyRequestResponse } from 'fastify';
import { findFileById } from '../modules/files/store/repository.js';
import type { TestContext, TestUser } from './harness.js';
import { makeJpeg, type JpegOptions } from './images.js';

/** Data a test needs before it starts, made through the API's real paths. */

export interface StoredImage {
  id: string;
  /** Its picture URL: /api/files/show/{id}. */
  url: string;
  width: number;
  height: number;
  /** Its ThumbHash placeholder. */
  placeholder: string | null;
}

/**
 * Uploads an image as `owner` through POST /api/files/upload. The same bytes uploaded again by
 * the same owner answer the same file.
 */
export async function storeImage(
  ctx: TestContext,
  owner: TestUser,
  options: JpegOptions & { bytes?: Buffer; filename?: string } = {},
): Promise<StoredImage> {
  const bytes = options.bytes ?? (await makeJpeg(options));
  const res = await ctx
    .api(owner)
    .upload(bytes, options.filename === undefined ? {} : { filename: options.filename });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  }
  const file = res.json();
  return {
    id: file.id,
    url: file.url,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
  };
}

/** The status GET /api/files/show answers for a picture URL: 200 while stored, 404 once deleted. */
export async function showStatus(ctx: TestContext, url: string): Promise<number> {
  return (await ctx.api().get(url)).statusCode;
}

/** The blob keys of a stored file's original and its sizes, as the files table names them. */
export async function blobKeysOf(ctx: TestContext, fileId: string) {
  const row = await findFileById(ctx.deps.db, fileId);
  return [row?.blob_key, row?.thumb_key, row?.preview_key];
}

/** Every blob an upload of this file id leaves in a store: its original, sizes and card crops. */
export function uploadedBlobKeys(fileId: string): string[] {
  return [
    `card/${fileId}.webp`,
    `card3x/${fileId}.webp`,
    `originals/${fileId}`,
    `preview/${fileId}.webp`,
    `thumb/${fileId}.webp`,
  ].sort();
}

/** The headers files/show answers an original with, whichever store keeps its bytes. */
export function originalHeaders(fileId: string, bytes: Buffer) {
  return {
    'content-type': 'image/jpeg',
    'content-length': String(bytes.length),
    etag: `"${fileId}.original"`,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

/** The rows of a comment still in the database (none once it is deleted). */
export function commentRows(ctx: TestContext, commentId: string) {
  return ctx.deps.db.selectFrom('comments').select('id').where('id', '=', commentId).execute();
}

/** Creates an album through the API; its cover is a new image of the owner's. */
export async function createAlbumAs(
  ctx: TestContext,
  owner: TestUser,
  options: { name?: string; cover?: StoredImage } = {},
): Promise<{ album: Album; cover: StoredImage }> {
  const cover = options.cover ?? (await storeImage(ctx, owner));
  const res = await ctx
    .api(owner)
    .createAlbum({ name: options.name ?? 'Holidays', coverPhotoUrl: cover.url });
  if (res.statusCode !== 201)
    throw new Error(`album creation failed: ${res.statusCode} ${res.body}`);
  return { album: res.json(), cover };
}

/** Adds a new image of the owner's to their album through the API. */
export async function addPhotoAs(
  ctx: TestContext,
  owner: TestUser,
  albumId: string,
  image?: StoredImage,
): Promise<Photo> {
  const file = image ?? (await storeImage(ctx, owner));
  const res = await ctx.api(owner).addPhoto(albumId, { fileId: file.id });
  if (res.statusCode !== 201)
    throw new Error(`adding a photo failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The error body's code, field and message of an answer. */
export function errorOf(res: { json: () => unknown }): {
  code: string;
  field?: string;
  message: string;
} {
  return (res.json() as { error: { code: string; field?: string; message: string } }).error;
}

/** The target of an answer's `Link: <…>; rel="next"` header, or undefined when there is none. */
export function nextLink(res: Pick<LightMyRequestResponse, 'headers'>): string | undefined {
  const header = res.headers.link;
  if (header === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(header));
  if (!match) throw new Error(`unexpected Link header: ${String(header)}`);
  return match[1];
}

/** A UUID, as the server makes the ids of albums, photos and comments. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
