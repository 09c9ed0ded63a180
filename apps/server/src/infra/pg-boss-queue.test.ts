import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { createPostgresEventBus, type EventBus } from './event-bus.js';
import type { JobData, JobQueue } from './job-queue.js';
import { createPgBossJobQueue } from './pg-boss-queue.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
if (!onPostgres)
  console.warn('Skipping the pg-boss job queue test: it runs with TEST_DATABASE=postgres');

/** Two instances' queues on one database: one only sends, the other works. */
describe.runIf(onPostgres)('pg-boss job queue', () => {
  let drop: () => Promise<void>;
  let buses: EventBus[];
  let sender: JobQueue;
  let worker: JobQueue;
  const failed: JobData[] = [];

  beforeAll(async () => {
    const database = await createTestPostgresDatabase();
    drop = database.drop;
    buses = [createPostgresEventBus(database.url), createPostgresEventBus(database.url)];
    const open = (eventBus: EventBus) =>
      createPgBossJobQueue({
        connectionString: database.url,
        eventBus,
        onError: () => undefined,
        onFailed: (_name, data) => failed.push(data),
      });
    // Both start at the same moment: pg-boss installs its schema once.
    [sender, worker] = await Promise.all([open(buses[0]!), open(buses[1]!)]);
  }, 60_000);

  afterAll(async () => {
    await sender?.stop();
    await worker?.stop();
    for (const bus of buses ?? []) await bus.close();
    await drop?.();
  });

  it('a job sent by one instance is done by another, the highest priority first', async () => {
    const done: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await sender.send('fair', { who: 'alice', i }, { priority: -i });
    }
    await sender.send('fair', { who: 'bob', i: 0 }, { priority: 0 });
    expect(await sender.depth('fair')).toMatchObject({ waiting: 4, active: 0 });
    await worker.work('fair', async (data) => void done.push(`${data.who}-${data.i}`), {
      concurrency: 1,
    });
    await sender.settled('fair', { timeoutMs: 30_000 });
    expect(done).toEqual(['alice-0', 'bob-0', 'alice-1', 'alice-2']);
    expect(await sender.depth('fair')).toEqual({ waiting: 0, active: 0, failed: 0 });
  }, 40_000);

  it('instances that start working on a new queue at the same moment all get it', async () => {
    const done: number[] = [];
    const queues = ['race-1', 'race-2', 'race-3'];
    await Promise.all(
      queues.flatMap((name) => [
        worker.work(name, async (data) => void done.push(Number(data.n)), { concurrency: 1 }),
        sender.send(name, { n: 1 }),
        sender.send(name, { n: 2 }),
      ]),
    );
    for (const name of queues) await sender.settled(name, { timeoutMs: 20_000 });
    expect(done.sort()).toEqual([1, 1, 1, 2, 2, 2]);
  }, 30_000);

  it('a worker is woken by a new job without waiting for its next poll', async () => {
    const done: number[] = [];
    await worker.work('wake', async () => void done.push(Date.now()), { concurrency: 1 });
    // Past the first poll, which finds nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    await sender.send('wake', {});
    await sender.settled('wake', { timeoutMs: 10_000 });
    expect(done).toHaveLength(1);
    expect(done[0]! - sent).toBeLessThan(1_500);
  }, 20_000);

  it('tries a failing job again, and counts it failed after its last attempt', async () => {
    const attempts: boolean[] = [];
    await worker.work(
      'broken',
      async (_data, attempt) => {
        attempts.push(attempt.last);
        throw new Error('broken');
      },
      { concurrency: 1 },
    );
    await sender.send('broken', { n: 7 });
    await sender.settled('broken', { timeoutMs: 60_000 });
    expect(attempts).toEqual([false, false, false, true]);
    expect(failed).toEqual([{ n: 7 }]);
    expect(await sender.depth('broken')).toEqual({ waiting: 0, active: 0, failed: 1 });
  }, 70_000);

  it('queues the failed jobs again on retryFailed, for one last attempt each', async () => {
    let broken = true;
    const attempts: boolean[] = [];
    await worker.work(
      'mended',
      async (_data, attempt) => {
        attempts.push(attempt.last);
        if (broken) throw new Error('broken');
      },
      { concurrency: 1 },
    );
    await sender.send('mended', { n: 8 });
    await sender.settled('mended', { timeoutMs: 60_000 });
    expect(await sender.depth('mended')).toEqual({ waiting: 0, active: 0, failed: 1 });
    broken = false;
    expect(await sender.retryFailed('mended')).toBe(1);
    await sender.settled('mended', { timeoutMs: 30_000 });
    expect(attempts).toEqual([false, false, false, true, true]);
    expect(await sender.depth('mended')).toEqual({ waiting: 0, active: 0, failed: 0 });
  }, 100_000);
});
