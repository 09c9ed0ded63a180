import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { DERIVE_IMAGES } from '../../infra/job-queue.js';

type Check = 'ok' | 'failing';

export interface Health {
  status: Check;
  database: Check;
  blobStore: Check;
  /** Image jobs; absent when the queue cannot say (its database is failing, and says so). */
  jobs: { waiting: number; active: number; failed: number } | undefined;
}

/** Whether the database and the blob store respond, and the depth of the image jobs' queue. */
export async function checkHealth(
  deps: Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue'>,
  log: FastifyBaseLogger,
): Promise<Health> {
  const probe = async (fn: () => Promise<void>) => {
    try {
      await fn();
      return 'ok' as const;
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      return 'failing' as const;
    }
  };
  let jobs: Health['jobs'];
  const [database, blobStore] = await Promise.all([
    probe(() => pingDatabase(deps.db)),
    probe(() => deps.blobStore.ping()),
    deps.jobQueue.depth(DERIVE_IMAGES).then(
      (depth) => (jobs = depth),
      () => undefined,
    ),
  ]);
  const status = database === 'ok' && blobStore === 'ok' ? 'ok' : 'failing';
  return { status, database, blobStore, jobs };
}
