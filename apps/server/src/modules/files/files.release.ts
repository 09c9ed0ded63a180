import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/schema.js';
import { deleteFileBlobs, type FileBlobKeys } from './store/blobs.js';
import { deleteOwnerFileRows, deleteUnusedFileRow, listUnusedFiles } from './store/repository.js';

/**
 * Deletes each of the files that nothing uses any more: its row, then its original and derived
 * sizes (a crash in between leaves only unreachable bytes, never a dangling reference). Runs after
 * the change that released them has been committed; which of them are unused is read a batch at a
 * time; a file that cannot be deleted now is only logged. Several photos may show one file (a
 * photo saved from another): its row goes, in a statement that checks again that nothing uses it,
 * only once the last of them is gone, and its blobs only when that statement deleted it, so two
 * releases at once delete them once, and a photo saved meanwhile keeps them. A Live Photo's still,
 * once deleted, no longer uses its motion: the motion is released in turn (kept while a photo
 * still shows it).
 */
export async function releaseFiles(
  deps: Pick<AppDeps, 'db' | 'blobStore'>,
  fileIds: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  let unused: Awaited<ReturnType<typeof listUnusedFiles>>;
  try {
    unused = await listUnusedFiles(deps.db, fileIds);
  } catch (error) {
    log.warn({ err: error, files: fileIds.length }, 'could not look for unused files');
    return;
  }
  const motions: string[] = [];
  for (const file of unused) {
    try {
      // Used again, or deleted by another release meanwhile: its blobs are not this one's.
      if (!(await deleteUnusedFileRow(deps.db, file.id))) continue;
      if (file.motion_file_id) motions.push(file.motion_file_id);
      await deleteFileBlobs(deps.blobStore, file);
    } catch (error) {
      log.warn({ err: error, fileId: file.id }, 'could not delete an unused file');
    }
  }
  // A motion is a video, which names no motion of its own: this goes one step deep.
  if (motions.length > 0) await releaseFiles(deps, motions, log);
}

/** A file whose row is gone and whose blobs are to be deleted once that is committed. */
export type DeletedFile = FileBlobKeys & { id: string };

/**
 * Deletes the rows of every file of `ownerId`, in the caller's transaction (their account is
 * being deleted): nothing may use them any more. Answers the files, for deleteBlobsOfDeletedFiles.
 */
export function deleteFilesOfOwner(trx: Db, ownerId: string): Promise<DeletedFile[]> {
  return deleteOwnerFileRows(trx, ownerId);
}

/**
 * Deletes the blobs of files whose rows are gone, once that is committed; blobs that cannot be
 * deleted now are only logged (no row names them: the sweeper removes them later).
 */
export async function deleteBlobsOfDeletedFiles(
  deps: Pick<AppDeps, 'blobStore'>,
  files: readonly DeletedFile[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const file of files) {
    try {
      await deleteFileBlobs(deps.blobStore, file);
    } catch (error) {
      log.warn({ err: error, fileId: file.id }, 'could not delete the bytes of a deleted file');
    }
  }
}
