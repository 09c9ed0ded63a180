import { createHash } from 'node:crypto';
import type { Album, Photo } from '@photo/contract';
import sharp from 'sharp';
import { newFileId } from '../../lib/ids.js';
import { inject, type TestContext, type TestUser } from '../../test/harness.js';
import { insertFile } from '../files/files.repository.js';

/** Test support for the albums, photos and comments suites. */

let colour = 0;

/** A small JPEG; each call gives different bytes unless `seed` repeats. */
export async function makeJpeg(
  options: { width?: number; height?: number; seed?: number } = {},
): Promise<Buffer> {
  const seed = options.seed ?? (colour += 1);
  const background = {
    r: (seed * 37) % 256,
    g: (seed * 91) % 256,
    b: Math.floor(seed / 256) % 256,
  };
  return sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background,
    },
  })
    .jpeg()
    .toBuffer();
}

export interface StoredImage {
  id: string;
  /** Its picture URL: /api/files/show/{id}. */
  url: string;
  blobKey: string;
  width: number;
  height: number;
}

/** Stores an image as uploaded by `owner`, with the metadata an upload would have read. */
export async function storeImage(
  ctx: TestContext,
  owner: TestUser,
  options: {
    bytes?: Buffer;
    width?: number;
    height?: number;
    dateTaken?: string | null;
    cameraMake?: string | null;
    cameraModel?: string | null;
  } = {},
): Promise<StoredImage> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const bytes = options.bytes ?? (await makeJpeg({ width, height }));
  const id = newFileId();
  const blobKey = `test-originals/${id}`;
  await ctx.deps.blobStore.putBuffer(blobKey, bytes, 'image/jpeg');
  await insertFile(ctx.deps.db, {
    id,
    owner_id: owner.uid,
    blob_key: blobKey,
    content_type: 'image/jpeg',
    size: bytes.length,
    width,
    height,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    thumb_key: null,
    preview_key: null,
    date_taken: options.dateTaken ?? null,
    camera_make: options.cameraMake ?? null,
    camera_model: options.cameraModel ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
  return { id, url: `/api/files/show/${id}`, blobKey, width, height };
}

/** Creates an album through the API; its cover is a new image of the owner's. */
export async function createAlbumAs(
  ctx: TestContext,
  owner: TestUser,
  options: { name?: string; cover?: StoredImage } = {},
): Promise<{ album: Album; cover: StoredImage }> {
  const cover = options.cover ?? (await storeImage(ctx, owner));
  const res = await inject(ctx.app, owner.idToken, {
    method: 'POST',
    url: '/api/albumsDb',
    payload: { name: options.name ?? 'Holidays', coverPhotoUrl: cover.url },
  });
  if (res.statusCode !== 201)
    throw new Error(`album creation failed: ${res.statusCode} ${res.body}`);
  return { album: res.json<Album>(), cover };
}

/** Adds a new image of the owner's to their album through the API. */
export async function addPhotoAs(
  ctx: TestContext,
  owner: TestUser,
  albumId: string,
  image?: StoredImage,
): Promise<Photo> {
  const file = image ?? (await storeImage(ctx, owner));
  const res = await inject(ctx.app, owner.idToken, {
    method: 'POST',
    url: `/api/albumsDb/${albumId}/photos`,
    payload: { fileId: file.id },
  });
  if (res.statusCode !== 201)
    throw new Error(`adding a photo failed: ${res.statusCode} ${res.body}`);
  return res.json<Photo>();
}

/** The error body's code, field and message of an answer. */
export function errorOf(res: { json: () => unknown }): {
  code: string;
  field?: string;
  message: string;
} {
  return (res.json() as { error: { code: string; field?: string; message: string } }).error;
}
