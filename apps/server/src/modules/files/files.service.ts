import fs from 'node:fs/promises';
import type { ImageSize, UploadedFile } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { FILE_ID_PATTERN, newFileId } from '../../lib/ids.js';
import { pictureUrl } from '../../lib/picture-url.js';
import {
  DERIVED_CONTENT_TYPE,
  checkDecodes,
  createLimiter,
  inspectImage,
  makeDerivedSizes,
  sniffImageFormat,
  writeWithoutLocation,
} from './files.images.js';
import {
  findFileById,
  findFileByOwnerAndSha256,
  insertFileUnlessDuplicate,
} from './files.repository.js';
import type { ReceivedFile } from './files.receive.js';

/** Blob keys: generated from the file id, never from the user's file name. */
export const blobKeys = {
  original: (id: string) => `originals/${id}`,
  derived: (id: string, size: ImageSize) => `${size}/${id}.webp`,
};

/**
 * One image decoded at a time per process. A decode and its WebP encodes take tens of megabytes
 * in libvips and libwebp; running them side by side costs more memory than it gains on a small
 * machine (libvips already spreads one image over its threads). Receiving and hashing uploads
 * still go on meanwhile.
 */
const imageJobs = createLimiter(1);

export interface StoredUpload {
  file: FileRow;
  /** false: the owner had already uploaded these bytes, and this is that file. */
  created: boolean;
}

type FileDeps = Pick<AppDeps, 'db' | 'blobStore' | 'clock'>;

/**
 * Turns a received upload into a stored file: refuses what is not an accepted image, makes the
 * derived sizes, drops the location from the original when it has one, stores the blobs and then
 * the row. The temporary file is gone afterwards, whatever happens.
 */
export async function storeUploadedFile(
  deps: FileDeps,
  ownerId: string,
  received: ReceivedFile,
): Promise<StoredUpload> {
  const cleaned = `${received.path}.clean`;
  try {
    const existing = await findFileByOwnerAndSha256(deps.db, ownerId, received.sha256);
    if (existing) return { file: existing, created: false };

    const sniffed = sniffImageFormat(received.head);
    if (!sniffed) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Only JPEG, PNG, WebP, GIF and AVIF images are accepted.',
        { field: 'file' },
      );
    }
    const processed = await imageJobs(async () => {
      const info = await inspectImage(received.path, sniffed);
      let derived: Record<ImageSize, Buffer> | null = null;
      if (info.animated) await checkDecodes(received.path);
      else derived = await makeDerivedSizes(received.path);
      let original = received.path;
      if (info.hasLocation) {
        await writeWithoutLocation(received.path, info, cleaned);
        original = cleaned;
      }
      return { info, derived, original };
    });
    const { info, derived, original } = processed;
    const size = original === received.path ? received.size : (await fs.stat(original)).size;

    const id = newFileId();
    const row: FileRow = {
      id,
      owner_id: ownerId,
      blob_key: blobKeys.original(id),
      content_type: info.contentType,
      size,
      width: info.width,
      height: info.height,
      sha256: received.sha256,
      thumb_key: derived ? blobKeys.derived(id, 'thumb') : null,
      preview_key: derived ? blobKeys.derived(id, 'preview') : null,
      date_taken: info.exif.dateTaken,
      camera_make: info.exif.cameraMake,
      camera_model: info.exif.cameraModel,
      created_at: deps.clock.now().toISOString(),
    };
    // Blobs first, then the row: a failure in between leaves only unreachable bytes, removed here.
    const written: string[] = [];
    try {
      await deps.blobStore.putFile(row.blob_key, original, info.contentType);
      written.push(row.blob_key);
      if (derived && row.thumb_key && row.preview_key) {
        await deps.blobStore.putBuffer(row.thumb_key, derived.thumb, DERIVED_CONTENT_TYPE);
        written.push(row.thumb_key);
        await deps.blobStore.putBuffer(row.preview_key, derived.preview, DERIVED_CONTENT_TYPE);
        written.push(row.preview_key);
      }
      if (!(await insertFileUnlessDuplicate(deps.db, row))) {
        // The same bytes from the same owner landed meanwhile: answer that file.
        await Promise.allSettled(written.map((key) => deps.blobStore.delete(key)));
        const winner = await findFileByOwnerAndSha256(deps.db, ownerId, received.sha256);
        if (winner) return { file: winner, created: false };
        throw new Error('A file with the same bytes was stored and removed meanwhile.');
      }
    } catch (error) {
      await Promise.allSettled(written.map((key) => deps.blobStore.delete(key)));
      throw error;
    }
    return { file: row, created: true };
  } finally {
    await Promise.all([fs.rm(received.path, { force: true }), fs.rm(cleaned, { force: true })]);
  }
}

export function toUploadedFile(file: FileRow, publicUrl: string | undefined): UploadedFile {
  return {
    id: file.id,
    url: pictureUrl(file.id, publicUrl),
    contentType: file.content_type,
    size: file.size,
    width: file.width,
    height: file.height,
  };
}

export interface FileToServe {
  key: string;
  contentType: string;
  /** Strong: the bytes of an id and size never change. */
  etag: string;
}

/**
 * Which blob answers a show request: the original, or a derived size (the original when the file
 * has none, e.g. an animated GIF). 404 for an unknown or malformed id.
 */
export async function findFileToServe(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  size: ImageSize | undefined,
): Promise<FileToServe> {
  const file = FILE_ID_PATTERN.test(id) ? await findFileById(deps.db, id) : undefined;
  if (!file) throw notFound('FILE_NOT_FOUND', 'The file');
  const etag = `"${file.id}.${size ?? 'original'}"`;
  const derivedKey =
    size === 'thumb' ? file.thumb_key : size === 'preview' ? file.preview_key : null;
  if (derivedKey) return { key: derivedKey, contentType: DERIVED_CONTENT_TYPE, etag };
  return { key: file.blob_key, contentType: file.content_type, etag };
}
