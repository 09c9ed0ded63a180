import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import type { FileRow } from '../../../db/schema.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { createLimiter } from '../../../lib/limiter.js';
import { derivedBlobKeysOf } from '../store/blobs.js';
import {
  deriveFromOriginal,
  putDerivedImages,
  readOriginal,
  uprightSize,
} from './derived-blobs.js';
import { turned } from '../media/images.js';
import { bytesOf } from '../store/storage-use.js';
import { makePlaceholder } from '../media/placeholder.js';
import { findFileById, updateFileEdit } from '../store/repository.js';

/**
 * Two rotations at a time per process, one decoding while the other's WebP encodes run
 * (makeDerivedSizes encodes one image at a time, the step that holds the most memory).
 */
const rotationLimit = createLimiter(2);

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
    // A video plays as it was recorded, and a Live Photo's motion with its picture: turning only
    // their pictures would show one thing and play another.
    if (file.kind === 'video' || file.motion_file_id !== null) {
      throw new AppError(
        'CONFLICT',
        file.kind === 'video'
          ? 'A video cannot be turned: it plays the way it was recorded.'
          : 'A Live Photo cannot be turned: its motion plays the way it was recorded.',
      );
    }
    // A HEIC is turned from its decoded picture, as its sizes are made.
    const source = file.still_key ?? file.blob_key;
    const original = await readOriginal(deps.blobStore, source);
    if (!original) {
      log.error({ fileId, key: source }, 'stored file has no blob');
      throw notFound('FILE_NOT_FOUND', 'The file');
    }
    const rotation = turned(file.rotation, direction);
    const derived = await rotationLimit(() => deriveFromOriginal(original, file, rotation));
    // From the new thumbnail, which is already turned.
    const placeholder = await rotationLimit(() => makePlaceholder(derived.thumb));
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
        derived_bytes: bytesOf(derived),
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
