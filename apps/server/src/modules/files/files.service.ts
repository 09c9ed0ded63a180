import fs from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { decideFileAccess } from '../../lib/access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { currentUser } from '../../http/current-user.js';
import { AppError } from '../../lib/errors.js';
import { queuePlaceNaming } from './place-names.js';
import { queueDerivedImages } from './derive/derive.js';
import { sniffImageFormat } from './media/images.js';
import { sniffMedia } from './media/sniff-media.js';
import { receiveFilePart, tooLarge, type ReceivedFile } from './receive/receive.js';
import { findFileById } from './store/repository.js';
import { storeUploadedFile, type StoredUpload } from './files.upload.js';

/** What other modules and the routes use of stored files. */
export { toUploadedFile, type StoredUpload } from './files.upload.js';
export { deleteBlobsOfDeletedFiles, deleteFilesOfOwner, releaseFiles } from './files.release.js';
export { rotateFile } from './derive/rotation.js';
export {
  prepareUploadTmpDir,
  receiveFilePart,
  receiveWholeUpload,
  type ReceivedFile,
} from './receive/receive.js';
export { countFilesAndBytes, findFileById } from './store/repository.js';
export { lockFileRow, mirrorMotion } from './store/motion-links.js';

/** The largest upload accepted of each kind, in bytes. */
export interface UploadByteLimits {
  /** Pictures (MAX_UPLOAD_BYTES). */
  image: number;
  /** Videos (MAX_VIDEO_BYTES through the resumable endpoint; MAX_UPLOAD_BYTES otherwise). */
  video: number;
}

/**
 * Every way in (files/upload, the resumable endpoint) ends here: the bytes are checked against the
 * limit of what they are (413, nothing kept), stored (storeUploadedFile: every other check), and
 * a stored file's sizes are queued. A job that could not be queued is queued again when a worker
 * starts (derive/derive.ts), so the answer never waits for it nor fails for it.
 */
export async function storeAndQueueUpload(
  deps: AppDeps,
  ownerId: string,
  received: ReceivedFile,
  options: { limits: UploadByteLimits; log: FastifyBaseLogger },
): Promise<StoredUpload> {
  const sniffed = sniffMedia(received.head, sniffImageFormat);
  const limit = sniffed?.kind === 'video' ? options.limits.video : options.limits.image;
  if (received.size > limit) {
    await fs.rm(received.path, { force: true });
    throw tooLarge(limit);
  }
  const stored = await storeUploadedFile(deps, ownerId, received);
  if (stored.created) {
    await queueDerivedImages(deps, stored.file).catch((error: unknown) =>
      options.log.error({ err: error, fileId: stored.file.id }, 'could not queue the image job'),
    );
    // Its place is named by a worker too (decision 0105): the cities are loaded there only.
    if (stored.file.latitude_e7 !== null) queuePlaceNaming(deps, options.log);
  }
  return stored;
}

/**
 * files/upload: the request's file part, received (at most MAX_UPLOAD_BYTES) and stored for the
 * caller. Its sizes are made by a worker: the answer does not wait for them.
 */
export async function storeMultipartUpload(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<StoredUpload> {
  const user = currentUser(request);
  const received = await receiveFilePart(request, {
    tmpDir: deps.uploadTmpDir,
    maxBytes: deps.config.maxUploadBytes,
  });
  const limit = deps.config.maxUploadBytes;
  return storeAndQueueUpload(deps, user.id, received, {
    limits: { image: limit, video: limit },
    log: request.log,
  });
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
