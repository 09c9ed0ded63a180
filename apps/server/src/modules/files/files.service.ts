import fs from 'node:fs/promises';
import type { CardImageSize, ImageSize, UploadedFile } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { decideFileAccess } from '../../lib/access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError, notFound } from '../../lib/errors.js';
import { FILE_ID_PATTERN, newFileId } from '../../lib/ids.js';
import { pictureUrl } from '../../lib/picture-url.js';
import {
  DERIVED_CONTENT_TYPE,
  createLimiter,
  inspectImage,
  sniffImageFormat,
  turned,
  writeWithoutLocation,
} from './files.images.js';
import {
  deleteFileRow,
  findFileById,
  findFileByOwnerAndSha256,
  findFileWithExposure,
  insertFileUnlessDuplicate,
  isFileInUse,
  updateFileEdit,
} from './files.repository.js';
import { createFairLimiter } from '../../lib/fair-limiter.js';
import { findImageEnd } from './files.image-end.js';
import { blobKeys, deleteFileBlobs, derivedBlobKeysOf } from './files.blobs.js';
import {
  deriveFromOriginal,
  putDerivedImages,
  readOriginal,
  uprightSize,
} from './files.derived-blobs.js';
import { makePlaceholder } from './files.placeholder.js';
import type { ReceivedFile } from './files.receive.js';

/**
 * The longest an upload may take from storing its first blob to committing its row; past it the
 * upload fails. Blobs no row names are removed only long after (files.sweeper.ts): this keeps that
 * from ever racing an upload in flight.
 */
export const UPLOAD_COMMIT_DEADLINE_MS = 60 * 60 * 1000;

/**
 * Rotations: two images at a time per process, one decoding while the other's WebP encodes run
 * (makeDerivedSizes encodes one image at a time, the step that holds the most memory). Uploads
 * waiting for their check (a small decode) take turns between people; their sizes are made by
 * jobs (files.derive.ts, JOB_CONCURRENCY at once).
 */
const imageJobs = createLimiter(2);
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
    const size = original === received.path ? imageEnd : (await fs.stat(original)).size;

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
    };
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

export interface FileToServe {
  key: string;
  contentType: string;
  /** Strong: the bytes of an id, edit version and size never change. */
  etag: string;
  /**
   * How long caches may keep it (seconds): until the signature expires for a signed URL; 0 for a
   * derived size asked for with another edit version than the file's (the bytes are the current
   * ones, which that URL does not name); null: a year.
   */
  maxAgeSeconds: number | null;
  /** A derived size (small, made by us), not the original as uploaded. */
  derived: boolean;
}

/** The blob of a derived size a file has, or null. */
function derivedKeyOf(
  file: Pick<FileRow, 'thumb_key' | 'preview_key' | 'card_key' | 'card3x_key'>,
  size: ImageSize | CardImageSize,
): string | null {
  switch (size) {
    case 'thumb':
      return file.thumb_key;
    case 'preview':
      return file.preview_key;
    case 'card':
      return file.card_key;
    case 'card3x':
      return file.card3x_key;
  }
}

/** What answers a card size for a file stored before card crops were made. */
const CARD_FALLBACK: Record<CardImageSize, ImageSize> = { card: 'thumb', card3x: 'preview' };

/**
 * Which blob answers a show request: the original, or a derived size. A file without card crops
 * (stored before they were made) answers them with its thumbnail and preview; a file without
 * derived sizes (animations stored before they got them) with its original. 404 for an unknown or
 * malformed id, and for a file of an album not everyone sees unless the URL carries a valid
 * signature (exactly the same answer: nothing tells that the file exists).
 */
export async function findFileToServe(
  deps: Pick<AppDeps, 'db' | 'pictureSigner'>,
  id: string,
  query: {
    size?: ImageSize | CardImageSize | undefined;
    exp?: number | undefined;
    sig?: string | undefined;
    /** The edit version the URL names (picture URLs carry it once the file has been edited). */
    v?: number | undefined;
  },
): Promise<FileToServe> {
  const { size } = query;
  const file = FILE_ID_PATTERN.test(id) ? await findFileWithExposure(deps.db, id) : undefined;
  if (!file) throw notFound('FILE_NOT_FOUND', 'The file');
  const signed =
    query.exp !== undefined &&
    query.sig !== undefined &&
    deps.pictureSigner.verify(file.id, query.exp, query.sig);
  if (!signed && !file.shownUnsigned) {
    throw notFound('FILE_NOT_FOUND', 'The file');
  }
  const maxAgeSeconds = signed ? deps.pictureSigner.secondsLeft(query.exp ?? 0) : null;
  let served = size;
  let derivedKey = served ? derivedKeyOf(file, served) : null;
  if (!derivedKey && (served === 'card' || served === 'card3x')) {
    served = CARD_FALLBACK[served];
    derivedKey = derivedKeyOf(file, served);
  }
  if (derivedKey && served) {
    // Another version's URL (an old page, or one from before the edit) is answered with today's
    // bytes, which caches must not keep under that URL.
    const current = (query.v ?? 0) === file.edit_version;
    const version = file.edit_version === 0 ? '' : `.v${file.edit_version}`;
    return {
      key: derivedKey,
      contentType: DERIVED_CONTENT_TYPE,
      etag: `"${file.id}${version}.${served}"`,
      maxAgeSeconds: current ? maxAgeSeconds : 0,
      derived: true,
    };
  }
  // The original is never edited: whatever version the URL names, these are its bytes. It also
  // answers a size not made yet (the job is pending), which caches must ask for again.
  const etag = `"${file.id}.original"`;
  const standIn = size !== undefined && file.derived_state !== 'ready';
  return {
    key: file.blob_key,
    contentType: file.content_type,
    etag,
    maxAgeSeconds: standIn ? 0 : maxAgeSeconds,
    derived: false,
  };
}

/**
 * The stored file a request names in `field`, which the caller may put in an album (today: a file
 * they uploaded). 404 FILE_NOT_FOUND, or 403 NOT_OWNER with `refusal` as the message.
 */
export async function requireOwnFile(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  fileId: string,
  options: { field: string; refusal: string },
): Promise<FileRow> {
  const { field } = options;
  const file = await findFileById(deps.db, fileId);
  if (!file) throw new AppError('FILE_NOT_FOUND', `${field} names no stored file.`, { field });
  if (decideFileAccess(caller, 'file.attach', file) !== 'allowed') {
    throw new AppError('NOT_OWNER', options.refusal, { field });
  }
  return file;
}

/**
 * Deletes each of the files that nothing uses any more: its row, then its original and derived
 * sizes (a crash in between leaves only unreachable bytes, never a dangling reference). Runs after
 * the change that released them has been committed; a file that cannot be deleted now is only
 * logged.
 */
export async function releaseFiles(
  deps: Pick<AppDeps, 'db' | 'blobStore'>,
  fileIds: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const fileId of new Set(fileIds)) {
    try {
      const file = await findFileById(deps.db, fileId);
      if (!file || (await isFileInUse(deps.db, fileId))) continue;
      await deleteFileRow(deps.db, fileId);
      await deleteFileBlobs(deps.blobStore, file);
    } catch (error) {
      log.warn({ err: error, fileId }, 'could not delete an unused file');
    }
  }
}

/** How often a rotation is tried again when another edit of the same file landed first. */
const EDIT_ATTEMPTS = 5;

/**
 * Turns a stored file a quarter turn left or right, as an edit: the original's bytes stay as they
 * were uploaded; every derived size is made again from it, turned, and stored under new keys (the
 * file's next edit version, which picture URLs carry), then the row names them and the old ones
 * are deleted. Answers the file as it is now.
 */
export async function rotateFile(
  deps: Pick<AppDeps, 'db' | 'blobStore'>,
  fileId: string,
  direction: 'left' | 'right',
  log: FastifyBaseLogger,
): Promise<FileRow> {
  for (let attempt = 1; ; attempt += 1) {
    const file = await findFileById(deps.db, fileId);
    if (!file) throw notFound('FILE_NOT_FOUND', 'The file');
    const original = await readOriginal(deps.blobStore, file.blob_key);
    if (!original) {
      log.error({ fileId, key: file.blob_key }, 'stored file has no blob');
      throw notFound('FILE_NOT_FOUND', 'The file');
    }
    const rotation = turned(file.rotation, direction);
    const derived = await imageJobs(() => deriveFromOriginal(original, file, rotation));
    // From the new thumbnail, which is already turned.
    const placeholder = await imageJobs(() => makePlaceholder(derived.thumb));
    const version = file.edit_version + 1;
    const keys = await putDerivedImages(deps.blobStore, file.id, version, derived);
    const written = derivedBlobKeysOf(keys);
    let updated = false;
    try {
      const upright = uprightSize(file);
      const turnedSideways = rotation % 180 !== 0;
      updated = await updateFileEdit(deps.db, file.id, file.edit_version, {
        rotation,
        edit_version: version,
        width: turnedSideways ? upright.height : upright.width,
        height: turnedSideways ? upright.width : upright.height,
        ...keys,
        placeholder,
      });
    } finally {
      if (!updated) await Promise.allSettled(written.map((key) => deps.blobStore.delete(key)));
    }
    if (updated) {
      const old = derivedBlobKeysOf(file).filter((key) => !written.includes(key));
      await Promise.allSettled(old.map((key) => deps.blobStore.delete(key)));
      const now = await findFileById(deps.db, file.id);
      if (!now) throw notFound('FILE_NOT_FOUND', 'The file');
      return now;
    }
    // Another edit of this file landed meanwhile: turn from where it left the file.
    if (attempt >= EDIT_ATTEMPTS) {
      throw new AppError('CONFLICT', 'The photo is being edited by another request; try again.');
    }
  }
}
