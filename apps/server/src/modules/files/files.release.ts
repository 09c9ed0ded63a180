import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { deleteFileBlobs } from './files.blobs.js';
import { deleteFileRow, findFileById, isFileInUse } from './files.repository.js';

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
