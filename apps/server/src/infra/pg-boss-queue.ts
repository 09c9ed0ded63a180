import PgBoss from 'pg-boss';
import type { EventBus } from './event-bus.js';
import {
  RETRY_LIMIT,
  type JobData,
  type JobHandler,
  type JobQueue,
  type QueueDepth,
} from './job-queue.js';

/** pg-boss keeps its tables in this schema of the app's database. */
const SCHEMA = 'pgboss';
/** A worker asks for jobs this often when no instance says there is one. */
const POLLING_SECONDS = 2;
/** A job still active after this long (its worker died) is failed and tried again. */
const EXPIRE_SECONDS = 300;
/**
 * How often settled() (which the server tests wait on after each upload) asks whether the queue is
 * done: a job takes tens of milliseconds, so a longer pause was most of an upload's wait.
 */
const SETTLED_POLL_MS = 15;
/** Instances say on this channel that a queue has a new job, so workers need not wait to poll. */
const WAKE_CHANNEL = 'jobs';

/**
 * The job queue on PostgreSQL: pg-boss, in the app's own database. Jobs survive restarts; any
 * instance that works on a queue takes its jobs, each by one worker (SKIP LOCKED).
 */
export async function createPgBossJobQueue(options: {
  connectionString: string;
  eventBus: EventBus;
  onError: (error: unknown) => void;
  onFailed: (name: string, data: JobData, error: unknown) => void;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: SCHEMA,
    max: 4,
    // Cron schedules are not used.
    schedule: false,
  });
  boss.on('error', options.onError);
  await boss.start();
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let done = created.get(name);
    if (!done) {
      done = createQueueOnce(boss, name);
      // A failure is tried again by the next caller.
      void done.catch(() => created.delete(name));
      created.set(name, done);
    }
    return done;
  };
  const workers = new Map<string, string[]>();
  let unsubscribe: (() => Promise<void>) | undefined;

  /** One statement, so one snapshot: a job moving from waiting to active is counted once. */
  const depth = async (name: string): Promise<QueueDepth> => {
    const { rows } = await boss.getDb().executeSql(
      `SELECT state::text AS state, count(*)::int AS n FROM ${SCHEMA}.job
         WHERE name = $1 AND state IN ('created', 'retry', 'active', 'failed') GROUP BY state`,
      [name],
    );
    const count = (state: string) =>
      (rows as { state: string; n: number }[]).find((row) => row.state === state)?.n ?? 0;
    return {
      waiting: count('created') + count('retry'),
      active: count('active'),
      failed: count('failed'),
    };
  };

  return {
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      await boss.send(name, data, {
        priority: sendOptions.priority ?? 0,
        ...(sendOptions.delayMs ? { startAfter: Math.ceil(sendOptions.delayMs / 1000) } : {}),
      });
      await options.eventBus.publish(WAKE_CHANNEL, name).catch(options.onError);
    },
    async work(name, handler: JobHandler, { concurrency }) {
      await ensureQueue(name);
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i += 1) {
        ids.push(
          await boss.work<JobData>(
            name,
            { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS, includeMetadata: true },
            async (jobs) => {
              for (const job of jobs) {
                try {
                  await handler(job.data, { last: job.retryCount >= job.retryLimit });
                } catch (error) {
                  // pg-boss tries it again; after the last attempt it is failed for good.
                  if (job.retryCount >= job.retryLimit) options.onFailed(name, job.data, error);
                  throw error;
                }
              }
            },
          ),
        );
      }
      workers.set(name, ids);
      unsubscribe ??= await options.eventBus.subscribe(WAKE_CHANNEL, (queue) => {
        if (typeof queue !== 'string') return;
        for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
      });
    },
    depth,
    async retryFailed(name) {
      // As pg-boss's retry(): one more attempt each, from now.
      const { rows } = await boss.getDb().executeSql(
        `WITH retried AS (
           UPDATE ${SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1,
             start_after = now()
           WHERE name = $1 AND state = 'failed' RETURNING 1
         ) SELECT count(*)::int AS n FROM retried`,
        [name],
      );
      const retried = (rows as { n: number }[])[0]?.n ?? 0;
      if (retried > 0) await options.eventBus.publish(WAKE_CHANNEL, name).catch(options.onError);
      return retried;
    },
    async settled(name, settledOptions = {}) {
      const deadline = Date.now() + (settledOptions.timeoutMs ?? 60_000);
      for (;;) {
        const now = await depth(name);
        if (now.waiting === 0 && now.active === 0) return;
        if (Date.now() > deadline) throw new Error(`The ${name} jobs did not finish in time.`);
        await new Promise((resolve) => setTimeout(resolve, SETTLED_POLL_MS));
      }
    },
    async stop() {
      await unsubscribe?.();
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

/**
 * Creates the queue unless it exists. Instances starting together may both create it: pg-boss
 * then creates its table twice at once, and PostgreSQL may end one of them as a deadlock; that
 * one tries again and finds the queue made.
 */
async function createQueueOnce(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, {
        name,
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
      });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 40P01 deadlock, 23505 unique violation, 42P07 table exists: another instance is creating it.
      if (attempt >= 5 || !['40P01', '23505', '42P07'].includes(code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
