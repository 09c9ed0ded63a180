import fs from 'node:fs/promises';
import type { UploadedFile } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { createFairLimiter } from '../../lib/fair-limiter.js';
import { AppError } from '../../lib/errors.js';
import { newFileId } from '../../lib/ids.js';
import { pictureUrl } from '../../lib/picture-url.js';
import { blobKeys } from './files.blobs.js';
import { findImageEnd } from './files.image-end.js';
import { inspectImage, sniffImageFormat, writeWithoutLocation } from './files.images.js';
import { makePlaceholder } from './files.placeholder.js';
import { fileCrc32, type ReceivedFile } from './files.receive.js';
import { findFileByOwnerAndSha256, insertFileUnlessDuplicate } from './files.repository.js';

/**
 * The longest an upload may take from storing its first blob to committing its row; past it the
 * upload fails. Blobs no row names are removed only long after (files.sweeper.ts): this keeps that
 * from ever racing an upload in flight.
 */
export const UPLOAD_COMMIT_DEADLINE_MS = 60 * 60 * 1000;

/**
 * Uploads waiting for their check (a small decode) take turns between people; their sizes are
 * made by jobs (files.derive.ts, JOB_CONCURRENCY at once).
 */
const uploadChecks = createFairLimiter(1);

export interface StoredUpload {
  file: FileRow;
  /** false: the owner had already uploaded these bytes, and this is that file. */
  created: boolean;
}

type FileDeps = Pick<AppDeps, 'db' | 'blobStore' | 'clock'>;

/**
 * Turns a received upload into a stored file: refuses what is not an accepted image (its pixels
 * are decoded once, small, which also gives its placeholder), drops the location from the original
 * when it has one, stores the original and then the row. Its derived sizes are made afterwards, by
 * a job (files.derive.ts): the row says 'pending' until then. The temporary file is gone
 * afterwards, whatever happens.
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
    // Bytes after the image's end are no part of it: they are dropped, the image kept as it is.
    const imageEnd = await findImageEnd(received.path, sniffed, received.size);
    if (imageEnd < received.size) await fs.truncate(received.path, imageEnd);
    const { info, placeholder, original } = await uploadChecks(ownerId, async () => {
      const info = await inspectImage(received.path, sniffed);
      const placeholder = await makePlaceholder(received.path);
      let original = received.path;
      if (info.hasLocation) {
        await writeWithoutLocation(received.path, info, cleaned);
        original = cleaned;
      }
      return { info, placeholder, original };
    });
    const unchanged = original === received.path && imageEnd === received.size;
    const size = original === received.path ? imageEnd : (await fs.stat(original)).size;
    // The CRC-32 of what is stored (for zip downloads): the received bytes' unless they were cut
    // or cleaned, then read again (rare: trailing bytes, or a location removed).
    const checksum = unchanged ? received.crc32 : await fileCrc32(original);

    const id = newFileId();
    const row = {
      id,
      owner_id: ownerId,
      blob_key: blobKeys.original(id),
      content_type: info.contentType,
      size,
      width: info.width,
      height: info.height,
      sha256: received.sha256,
      thumb_key: null,
      preview_key: null,
      card_key: null,
      card3x_key: null,
      date_taken: info.exif.dateTaken,
      camera_make: info.exif.cameraMake,
      camera_model: info.exif.cameraModel,
      created_at: deps.clock.now().toISOString(),
      rotation: 0,
      edit_version: 0,
      derived_state: 'pending',
      placeholder,
      original_name: received.originalName,
      photo_count: 0,
      crc32: checksum,
    } satisfies FileRow;
    // The blob first, then the row: a failure in between leaves only unreachable bytes, removed here.
    let written = false;
    const storingSince = performance.now();
    try {
      await deps.blobStore.putFile(row.blob_key, original, info.contentType);
      written = true;
      if (performance.now() - storingSince > UPLOAD_COMMIT_DEADLINE_MS) {
        throw new Error('Storing the upload took longer than its deadline; it is dropped.');
      }
      if (!(await insertFileUnlessDuplicate(deps.db, row))) {
        // The same bytes from the same owner landed meanwhile: answer that file.
        await deps.blobStore.delete(row.blob_key).catch(() => undefined);
        written = false;
        const winner = await findFileByOwnerAndSha256(deps.db, ownerId, received.sha256);
        if (winner) return { file: winner, created: false };
        throw new Error('A file with the same bytes was stored and removed meanwhile.');
      }
    } catch (error) {
      if (written) await deps.blobStore.delete(row.blob_key).catch(() => undefined);
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
    url: pictureUrl(file.id, publicUrl, undefined, file.edit_version),
    contentType: file.content_type,
    size: file.size,
    width: file.width,
    height: file.height,
    placeholder: file.placeholder,
    // Failed sizes never come: the original stands in for them.
    ready: file.derived_state !== 'pending',
  };
}
