import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { decideFileAccess } from '../../lib/access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/errors.js';
import { findFileById } from './files.repository.js';

/** What other modules and the routes use of stored files. */
export { storeUploadedFile, toUploadedFile, type StoredUpload } from './files.upload.js';
export { findFileToServe, type FileToServe } from './files.serve.js';
export {
  deleteBlobsOfDeletedFiles,
  deleteFilesOfOwner,
  releaseFiles,
  type DeletedFile,
} from './files.release.js';
export { rotateFile } from './files.rotation.js';

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
