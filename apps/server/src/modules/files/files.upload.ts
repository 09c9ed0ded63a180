import fs from 'node:fs/promises';
import type { UploadedFile } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { createFairLimiter } from '../../lib/fair-limiter.js';
import { AppError } from '../../lib/errors.js';
import { newFileId } from '../../lib/ids.js';
import { pictureUrl } from '../../lib/picture-url.js';
import { contentIdFromExif } from './media/apple-content-id.js';
import { blobKeys } from './store/blobs.js';
import { findImageEnd } from './media/image-end.js';
import { UNSUPPORTED_MEDIA_MESSAGE } from '@photo/contract';
import { prepareHeif } from './heif/heif.js';
import {
  inspectImage,
  sniffImageFormat,
  writeWithoutLocation,
  type ImageFormat,
} from './media/images.js';
import { sniffMedia, type PreparedMedia } from './media/sniff-media.js';
import { prepareVideo } from './video/video.js';
import { makePlaceholderAndThumbnail } from './media/placeholder.js';
import { putThumbnail } from './derive/derived-blobs.js';
import { placeColumns, placeFromExif } from './media/location.js';
import { captureColumns } from './media/capture-facts.js';
import { fileCrc32, type ReceivedFile } from './receive/receive.js';
import { findFileByOwnerAndSha256, insertFileUnlessDuplicate } from './store/repository.js';
import { releaseStorage, reserveStorage } from './store/storage-use.js';

/**
 * The longest an upload may take from storing its first blob to committing its row; past it the
 * upload fails. Blobs no row names are removed only long after (files.sweeper.ts): this keeps that
 * from ever racing an upload in flight.
 */
export const UPLOAD_COMMIT_DEADLINE_MS = 60 * 60 * 1000;

/**
 * Uploads waiting for their check take turns between people: a HEIC's decode or a video's probe
 * one at a time; their sizes are made by jobs (derive/derive.ts, JOB_CONCURRENCY at once).
 */
const uploadChecks = createFairLimiter(1);

/**
 * A still image's check decodes it at the thumbnail's size and makes its thumbnail (decision
 * 0128), the work two jobs did side by side before: two at a time, as those jobs.
 */
const stillImageChecks = createFairLimiter(2);

export interface StoredUpload {
  file: FileRow;
  /** false: the owner had already uploaded these bytes, and this is that file. */
  created: boolean;
}

type FileDeps = Pick<AppDeps, 'db' | 'blobStore' | 'clock' | 'config'>;

/** Stills (a HEIC's decoded picture, a video's poster) are stored as JPEG. */
export const STILL_CONTENT_TYPE = 'image/jpeg';

/**
 * Turns a received upload into a stored file: refuses what is not an accepted image (its pixels
 * are decoded once, small, which also gives its placeholder and, of a still image libvips reads,
 * its thumbnail), stores the original as uploaded and, when it carries a location, a copy without
 * it for everyone else (decision 0081), then the row. Its other derived sizes are made afterwards,
 * by a job (derive/derive.ts): the row says 'pending' until then. The temporary file is gone
 * afterwards, whatever happens.
 */
export async function storeUploadedFile(
  deps: FileDeps,
  ownerId: string,
  received: ReceivedFile,
): Promise<StoredUpload> {
  const temporaryFiles: string[] = [];
  try {
    const existing = await findFileByOwnerAndSha256(deps.db, ownerId, received.sha256);
    if (existing) return { file: existing, created: false };

    const sniffed = sniffMedia(received.head, sniffImageFormat);
    if (!sniffed) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_MEDIA_MESSAGE, { field: 'file' });
    }
    const prepared = await (sniffed.kind === 'image' ? stillImageChecks : uploadChecks)(
      ownerId,
      () => {
        switch (sniffed.kind) {
          case 'image':
            return prepareImage(received, sniffed.format);
          case 'heif':
            return prepareHeif(received);
          case 'video':
            return prepareVideo(received, sniffed.container, deps.config);
        }
      },
    );
    temporaryFiles.push(...prepared.temporaryFiles);
    // The original is the received file (its trailing bytes cut, which updates its size and
    // CRC-32): the CRC-32 is what zip downloads need.
    const size = received.size;
    const checksum = received.crc32;
    const stillBytes = prepared.still ? (await fs.stat(prepared.still)).size : 0;
    const placeless = prepared.placeless ? await placelessFacts(prepared.placeless) : null;
    const extraBytes = stillBytes + (placeless?.size ?? 0);
    const thumbnailBytes = prepared.thumbnail?.length ?? 0;

    // The owner's quota, reserved before anything is stored (413 when it does not fit); given
    // back below when the file is not stored after all. The thumbnail counts in the figure but
    // not against the quota, as the derived sizes a job records do.
    await reserveStorage(deps.db, ownerId, size + extraBytes, thumbnailBytes);
    let reserved = size + extraBytes + thumbnailBytes;
    const id = newFileId();
    const row = {
      id,
      owner_id: ownerId,
      blob_key: blobKeys.original(id),
      content_type: prepared.contentType,
      size,
      width: prepared.width,
      height: prepared.height,
      sha256: received.sha256,
      thumb_key: prepared.thumbnail ? blobKeys.derived(id, 'thumb', 0) : null,
      preview_key: null,
      card_key: null,
      card3x_key: null,
      date_taken: prepared.exif.dateTaken,
      camera_make: prepared.exif.cameraMake,
      camera_model: prepared.exif.cameraModel,
      created_at: deps.clock.now().toISOString(),
      rotation: 0,
      edit_version: 0,
      derived_state: 'pending',
      placeholder: prepared.placeholder,
      original_name: received.originalName,
      photo_count: 0,
      crc32: checksum,
      kind: prepared.kind,
      duration_ms: prepared.durationMs,
      still_key: prepared.still ? blobKeys.still(id) : null,
      rendition_key: null,
      video_state: prepared.videoState,
      content_id: prepared.contentId,
      motion_file_id: null,
      derived_bytes: thumbnailBytes,
      extra_bytes: extraBytes,
      placeless_key: placeless ? blobKeys.placeless(id) : null,
      placeless_size: placeless?.size ?? null,
      placeless_crc32: placeless?.crc32 ?? null,
      ...placeColumns(prepared.place),
      ...captureColumns(prepared.exif),
      // Named by a worker once stored (files/place-names.ts).
      place_city: null,
      place_country: null,
      place_version: 0,
    } satisfies FileRow;
    // The blobs first, then the row: a failure in between leaves only unreachable bytes, removed here.
    const written: string[] = [];
    const storingSince = performance.now();
    try {
      if (prepared.thumbnail) {
        written.push(await putThumbnail(deps.blobStore, id, 0, prepared.thumbnail));
      }
      if (prepared.still && row.still_key) {
        await deps.blobStore.putFile(row.still_key, prepared.still, STILL_CONTENT_TYPE);
        written.push(row.still_key);
      }
      if (prepared.placeless && row.placeless_key) {
        await deps.blobStore.putFile(row.placeless_key, prepared.placeless, prepared.contentType);
        written.push(row.placeless_key);
      }
      await deps.blobStore.putFile(row.blob_key, prepared.original, prepared.contentType);
      written.push(row.blob_key);
      if (performance.now() - storingSince > UPLOAD_COMMIT_DEADLINE_MS) {
        throw new Error('Storing the upload took longer than its deadline; it is dropped.');
      }
      if (!(await insertFileUnlessDuplicate(deps.db, row))) {
        // The same bytes from the same owner landed meanwhile: answer that file.
        await Promise.all(written.map((key) => deps.blobStore.delete(key).catch(() => undefined)));
        written.length = 0;
        await releaseStorage(deps.db, ownerId, reserved);
        reserved = 0;
        const winner = await findFileByOwnerAndSha256(deps.db, ownerId, received.sha256);
        if (winner) return { file: winner, created: false };
        throw new Error('A file with the same bytes was stored and removed meanwhile.');
      }
      // The row holds the reservation from now on.
      reserved = 0;
    } catch (error) {
      await Promise.all(written.map((key) => deps.blobStore.delete(key).catch(() => undefined)));
      await releaseStorage(deps.db, ownerId, reserved).catch(() => undefined);
      throw error;
    }
    return { file: row, created: true };
  } finally {
    await Promise.all(
      [received.path, ...temporaryFiles].map((file) => fs.rm(file, { force: true })),
    );
  }
}

/** The size and CRC-32 of the copy without location, for the row (and zips). */
async function placelessFacts(file: string): Promise<{ size: number; crc32: number }> {
  return { size: (await fs.stat(file)).size, crc32: await fileCrc32(file) };
}

/**
 * An image libvips reads: bytes after its end are dropped, its pixels decoded once, at the
 * thumbnail's size, which gives its placeholder and its thumbnail (decision 0128), and a copy is
 * written without its location when it has one (the original is kept as uploaded).
 */
async function prepareImage(received: ReceivedFile, format: ImageFormat): Promise<PreparedMedia> {
  // Bytes after the image's end are no part of it: they are dropped, the image kept as it is.
  const imageEnd = await findImageEnd(received.path, format, received.size);
  if (imageEnd < received.size) {
    await fs.truncate(received.path, imageEnd);
    received.size = imageEnd;
    received.crc32 = await fileCrc32(received.path);
  }
  const info = await inspectImage(received.path, format);
  const { placeholder, thumbnail } = await makePlaceholderAndThumbnail(received.path);
  const cleaned = `${received.path}.clean`;
  if (info.hasLocation) await writeWithoutLocation(received.path, info, cleaned);
  return {
    kind: 'photo',
    original: received.path,
    placeless: info.hasLocation ? cleaned : null,
    place: placeFromExif(info.rawExif),
    contentType: info.contentType,
    width: info.width,
    height: info.height,
    exif: info.exif,
    placeholder,
    thumbnail,
    durationMs: null,
    still: null,
    videoState: null,
    // A JPEG Live Photo (an iPhone set to "Most Compatible") names its motion as a HEIC does.
    contentId: contentIdFromExif(info.rawExif),
    temporaryFiles: [cleaned],
  };
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
    thumbReady: file.derived_state !== 'pending' || file.thumb_key !== null,
    kind: file.kind === 'video' ? 'video' : 'photo',
    durationMs: file.duration_ms,
  };
}
