import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { releaseFiles } from '../files/files.service.js';
import { deleteEmptyTrashedAlbums, takeDuePhotos } from './trash.repository.js';

/** The job queue's name for a purge of Trash. */
export const PURGE_TRASH = 'purge-trash';

/** How often an instance asks for a purge, and how many photos one transaction purges. */
export const PURGE_POLICY = { intervalMs: 60 * 60 * 1000, batch: 200 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes for good what has been in Trash for TRASH_DAYS days, a batch per transaction: the rows
 * (each taken once, by the statement that deletes it, so two purges at once never share a photo),
 * then, once that is committed, the files nothing uses any more, rows before blobs
 * (releaseFiles). A crash between the two leaves files without a photo, never a photo without its
 * file; blobs whose row went and that the release did not delete are the sweeper's. Answers how
 * many photos went.
 */
export async function purgeTrash(
  deps: Pick<AppDeps, 'db' | 'blobStore' | 'clock' | 'config'>,
  log: FastifyBaseLogger,
): Promise<number> {
  const cutoff = new Date(
    deps.clock.now().getTime() - deps.config.trashDays * DAY_MS,
  ).toISOString();
  let purged = 0;
  for (;;) {
    const batch = await deps.db.transaction().execute(async (trx) => {
      const taken = await takeDuePhotos(trx, cutoff, PURGE_POLICY.batch);
      const albumIds = [...new Set(taken.map((row) => row.album_id))];
      const covers = await deleteEmptyTrashedAlbums(trx, { ids: albumIds });
      return { count: taken.length, files: [...taken.map((row) => row.file_id), ...covers.files] };
    });
    await releaseFiles(deps, batch.files, log);
    purged += batch.count;
    if (batch.count < PURGE_POLICY.batch) break;
  }
  // An album in Trash whose photos all went another way (restored elsewhere, deleted for good).
  const covers = await deleteEmptyTrashedAlbums(deps.db, { cutoff });
  await releaseFiles(deps, covers.files, log);
  return purged;
}

/**
 * Purges Trash through the job queue (one job at a time on an instance; on PostgreSQL any
 * instance that does background work takes it): a job now and every hour after, until stopped.
 */
export async function startTrashPurge(
  deps: Pick<AppDeps, 'db' | 'blobStore' | 'clock' | 'config' | 'jobQueue'>,
  log: FastifyBaseLogger,
): Promise<{ stop(): void }> {
  await deps.jobQueue.work(
    PURGE_TRASH,
    async () => {
      const purged = await purgeTrash(deps, log);
      if (purged > 0) log.info({ purged }, 'purged photos older than TRASH_DAYS from Trash');
    },
    { concurrency: 1 },
  );
  const ask = () =>
    void deps.jobQueue.send(PURGE_TRASH, {}).catch((error: unknown) => {
      log.warn({ err: error }, 'could not queue a purge of Trash');
    });
  ask();
  const timer = setInterval(ask, PURGE_POLICY.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
