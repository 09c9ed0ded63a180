import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { deleteFileIfUnused } from '../files/files.cleanup.js';

/**
 * Deletes each of the files that nothing uses any more. Runs after the change that released them
 * has been committed; a file that cannot be deleted now is only logged (it is unreachable bytes,
 * never a dangling reference).
 */
export async function releaseFiles(
  deps: AppDeps,
  fileIds: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const fileId of new Set(fileIds)) {
    try {
      await deleteFileIfUnused(deps.db, deps.blobStore, fileId);
    } catch (error) {
      log.warn({ err: error, fileId }, 'could not delete an unused file');
    }
  }
}
