/**
 * Work that need not happen inside a request, done by workers: in this process (SQLite), or by
 * pg-boss on PostgreSQL, where any instance with ROLE=all or worker takes it (pg-boss-queue.ts).
 *
 * Jobs are retried when they fail and must be idempotent: a job may run again after a crash, or
 * twice. The next job taken is the one with the highest priority, the oldest first among equals;
 * callers use the priority to share the workers fairly between people.
 */
export interface JobQueue {
  /**
   * Queues a job; nothing runs it until some instance works on its queue, nor before `delayMs`
   * have passed (a job waiting for its start counts as waiting).
   */
  send(
    name: string,
    data: JobData,
    options?: { priority?: number; delayMs?: number },
  ): Promise<void>;
  /** Starts taking jobs of the queue, at most `concurrency` at once. */
  work(name: string, handler: JobHandler, options: { concurrency: number }): Promise<void>;
  /** How many jobs wait, run, and have failed for good. */
  depth(name: string): Promise<QueueDepth>;
  /**
   * Queues again the jobs of the queue that failed for good, for one more attempt each; answers
   * how many.
   */
  retryFailed(name: string): Promise<number>;
  /** Resolves once no job of the queue waits or runs (a job waiting for its retry counts). */
  settled(name: string, options?: { timeoutMs?: number }): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** The queue of jobs that make a stored file's derived sizes (modules/files/derive/derive.ts). */
export const DERIVE_IMAGES = 'derive-images';

/** The queue of jobs that make a video's browser-safe rendition (modules/files/video/rendition.ts). */
export const RENDER_VIDEO = 'render-video';

/** The queue of jobs that find the faces of a stored photo (modules/people/face-jobs.ts). */
export const INDEX_FACES = 'index-faces';

/** The queue of the backfill's jobs: each queues the next photos not yet indexed, then itself. */
export const INDEX_FACES_BACKFILL = 'index-faces-backfill';

export type JobData = Record<string, string | number | boolean | null>;
/** `last`: this is the job's last attempt; when it fails, the job has failed for good. */
export type JobHandler = (data: JobData, attempt: { last: boolean }) => Promise<void>;

export interface QueueDepth {
  waiting: number;
  active: number;
  failed: number;
}

/** Every attempt after the first waits longer: 1 s, 4 s, 9 s… */
export const RETRY_LIMIT = 3;
export const retryDelayMs = (attempt: number) => 1000 * attempt * attempt;

/** Failed jobs one in-process queue keeps for a retry. */
const FAILED_KEPT = 10_000;

interface QueuedJob {
  data: JobData;
  priority: number;
  seq: number;
  attempts: number;
}

class InProcessQueue {
  waiting: QueuedJob[] = [];
  active = 0;
  retrying = 0;
  /** Jobs failed for good (the latest FAILED_KEPT), for retryFailed. */
  failed: QueuedJob[] = [];
  handler: JobHandler | undefined;
  concurrency = 0;
  onSettled: (() => void)[] = [];

  isSettled(): boolean {
    return this.waiting.length === 0 && this.active === 0 && this.retrying === 0;
  }

  /** The job with the highest priority; the oldest among equals. */
  take(): QueuedJob | undefined {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i += 1) {
      const job = this.waiting[i]!;
      const chosen = best >= 0 ? this.waiting[best]! : undefined;
      if (!chosen || job.priority > chosen.priority) best = i;
      else if (job.priority === chosen.priority && job.seq < chosen.seq) best = i;
    }
    return best >= 0 ? this.waiting.splice(best, 1)[0] : undefined;
  }
}

/**
 * The queue of one process: jobs live in memory, so those not done when the process stops are
 * lost; callers make them again on start from what the database says is not done yet.
 */
export function createInProcessJobQueue(
  onFailed: (name: string, data: JobData, error: unknown) => void,
): JobQueue {
  const queues = new Map<string, InProcessQueue>();
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  let stopped = false;

  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new InProcessQueue();
      queues.set(name, queue);
    }
    return queue;
  };

  const settle = (queue: InProcessQueue) => {
    if (!queue.isSettled()) return;
    for (const resolve of queue.onSettled.splice(0)) resolve();
  };

  const pump = (name: string, queue: InProcessQueue) => {
    const handler = queue.handler;
    if (!handler) return;
    while (!stopped && queue.active < queue.concurrency) {
      const job = queue.take();
      if (!job) break;
      queue.active += 1;
      void run(name, queue, handler, job);
    }
    settle(queue);
  };

  /** Queues the job after `ms`: a retry, or a job sent with a delay. Counted as retrying meanwhile. */
  const later = (name: string, queue: InProcessQueue, job: QueuedJob, ms: number) => {
    queue.retrying += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      queue.retrying -= 1;
      queue.waiting.push(job);
      pump(name, queue);
    }, ms);
    timers.add(timer);
  };

  const run = async (name: string, queue: InProcessQueue, handler: JobHandler, job: QueuedJob) => {
    try {
      await handler(job.data, { last: job.attempts >= RETRY_LIMIT });
    } catch (error) {
      job.attempts += 1;
      if (job.attempts > RETRY_LIMIT || stopped) {
        queue.failed.push(job);
        if (queue.failed.length > FAILED_KEPT) queue.failed.shift();
        onFailed(name, job.data, error);
      } else {
        later(name, queue, job, retryDelayMs(job.attempts));
      }
    } finally {
      queue.active -= 1;
      pump(name, queue);
    }
  };

  return {
    async send(name, data, options = {}) {
      const queue = queueOf(name);
      seq += 1;
      const job = { data, priority: options.priority ?? 0, seq, attempts: 0 };
      if (options.delayMs && options.delayMs > 0) {
        later(name, queue, job, options.delayMs);
        return;
      }
      queue.waiting.push(job);
      // Started after the caller's own work of this turn (its answer) is under way.
      setImmediate(() => pump(name, queue));
    },
    async work(name, handler, { concurrency }) {
      const queue = queueOf(name);
      queue.handler = handler;
      queue.concurrency = concurrency;
      pump(name, queue);
    },
    async depth(name) {
      const queue = queueOf(name);
      return {
        waiting: queue.waiting.length + queue.retrying,
        active: queue.active,
        failed: queue.failed.length,
      };
    },
    async retryFailed(name) {
      const queue = queueOf(name);
      const jobs = queue.failed.splice(0);
      // One more attempt each: their last.
      for (const job of jobs) queue.waiting.push({ ...job, attempts: RETRY_LIMIT });
      if (jobs.length > 0) setImmediate(() => pump(name, queue));
      return jobs.length;
    },
    settled(name, options = {}) {
      const queue = queueOf(name);
      if (queue.isSettled()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`The ${name} jobs did not finish in time.`)),
          options.timeoutMs ?? 60_000,
        );
        queue.onSettled.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        [...queues.values()].map(
          (queue) =>
            new Promise<void>((resolve) => {
              queue.retrying = 0;
              queue.waiting = [];
              if (queue.active === 0) resolve();
              else queue.onSettled.push(resolve);
            }),
        ),
      );
    },
  };
}
