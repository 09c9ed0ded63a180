import type { Album, Photo, UploadedFile } from '@photo/contract';
import sharp from 'sharp';
import { inject, type TestContext, type TestUser } from '../../test/harness.js';

/** Test support for the albums, photos and comments suites. */

let colour = 0;

/** EXIF's "YYYY:MM:DD HH:MM:SS" for an ISO date (UTC, whole seconds). */
function exifDate(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ').replaceAll('-', ':');
}

/**
 * A small JPEG; each call gives different bytes unless `seed` repeats. EXIF date taken (UTC) and
 * camera are written when given, as a camera would.
 */
export async function makeJpeg(
  options: {
    width?: number;
    height?: number;
    seed?: number;
    dateTaken?: string | null;
    cameraMake?: string | null;
    cameraModel?: string | null;
  } = {},
): Promise<Buffer> {
  const seed = options.seed ?? (colour += 1);
  const background = {
    r: (seed * 37) % 256,
    g: (seed * 91) % 256,
    b: Math.floor(seed / 256) % 256,
  };
  const ifd0: Record<string, string> = {};
  if (options.cameraMake) ifd0.Make = options.cameraMake;
  if (options.cameraModel) ifd0.Model = options.cameraModel;
  const ifd2: Record<string, string> = {};
  if (options.dateTaken) {
    ifd2.DateTimeOriginal = exifDate(options.dateTaken);
    ifd2.OffsetTimeOriginal = '+00:00';
  }
  let image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background,
    },
  }).jpeg();
  if (Object.keys(ifd0).length > 0 || Object.keys(ifd2).length > 0) {
    image = image.withExif({ IFD0: ifd0, IFD2: ifd2 });
  }
  return image.toBuffer();
}

export interface StoredImage {
  id: string;
  /** Its picture URL: /api/files/show/{id}. */
  url: string;
  width: number;
  height: number;
}

/**
 * Uploads an image as `owner` through POST /api/files/upload. The same bytes uploaded again by
 * the same owner answer the same file.
 */
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
  const bytes = options.bytes ?? (await makeJpeg(options));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await inject(ctx.app, owner.idToken, {
    method: 'POST',
    url: '/api/files/upload',
    payload: form,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  }
  const file = res.json<UploadedFile>();
  return { id: file.id, url: file.url, width: file.width, height: file.height };
}

/** The status GET /api/files/show answers for a picture URL: 200 while stored, 404 once deleted. */
export async function showStatus(ctx: TestContext, url: string): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url })).statusCode;
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
