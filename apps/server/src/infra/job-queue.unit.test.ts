import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessJobQueue, RETRY_LIMIT, type JobData, type JobQueue } from './job-queue.js';

let queue: JobQueue | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await queue?.stop();
  queue = undefined;
});

describe('the in-process job queue', () => {
  it('runs the highest priority first, the oldest first among equals', async () => {
    queue = createInProcessJobQueue(() => undefined);
    const done: JobData[] = [];
    for (let i = 0; i < 4; i += 1) await queue.send('q', { who: 'alice', i }, { priority: -i });
    await queue.send('q', { who: 'bob', i: 0 }, { priority: 0 });
    await queue.work('q', async (data) => void done.push(data), { concurrency: 1 });
    await queue.settled('q');
    expect(done.map((d) => `${d.who}-${d.i}`)).toEqual([
      'alice-0',
      'bob-0',
      'alice-1',
      'alice-2',
      'alice-3',
    ]);
    expect(await queue.depth('q')).toEqual({ waiting: 0, active: 0, failed: 0 });
  });

  it('keeps jobs until some worker takes them, and says how many wait', async () => {
    queue = createInProcessJobQueue(() => undefined);
    await queue.send('q', { n: 1 });
    await queue.send('q', { n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await queue.depth('q')).toEqual({ waiting: 2, active: 0, failed: 0 });
  });

  it('starts a job sent with a delay only once it has passed, counting it as waiting until then', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    queue = createInProcessJobQueue(() => undefined);
    const done: JobData[] = [];
    await queue.work('q', async (data) => void done.push(data), { concurrency: 1 });
    await queue.send('q', { n: 'later' }, { delayMs: 1000 });
    await queue.send('q', { n: 'now' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual([{ n: 'now' }]);
    expect(await queue.depth('q')).toEqual({ waiting: 1, active: 0, failed: 0 });
    const settled = queue.settled('q');
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(done).toEqual([{ n: 'now' }, { n: 'later' }]);
  });

  it('tries a failing job again, then fails it for good after its last attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const failed: JobData[] = [];
    queue = createInProcessJobQueue((_name, data) => failed.push(data));
    const attempts: boolean[] = [];
    await queue.work(
      'q',
      async (_data, attempt) => {
        attempts.push(attempt.last);
        throw new Error('broken');
      },
      { concurrency: 1 },
    );
    await queue.send('q', { n: 1 });
    const settled = queue.settled('q');
    // The fake clock moves on through the waits between attempts (1 s, 4 s, 9 s).
    for (let second = 0; second < 30 && attempts.length <= RETRY_LIMIT; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
    }
    await settled;
    expect(attempts).toEqual([...Array<boolean>(RETRY_LIMIT).fill(false), true]);
    expect(failed).toEqual([{ n: 1 }]);
    expect(await queue.depth('q')).toEqual({ waiting: 0, active: 0, failed: 1 });
  });

  it('queues a failed job again on retryFailed, for one last attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    queue = createInProcessJobQueue(() => undefined);
    let broken = true;
    const attempts: boolean[] = [];
    await queue.work(
      'q',
      async (_data, attempt) => {
        attempts.push(attempt.last);
        if (broken) throw new Error('broken');
      },
      { concurrency: 1 },
    );
    await queue.send('q', { n: 1 });
    const settled = queue.settled('q');
    for (let second = 0; second < 30 && attempts.length <= RETRY_LIMIT; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
    }
    await settled;
    expect(await queue.depth('q')).toEqual({ waiting: 0, active: 0, failed: 1 });
    broken = false;
    expect(await queue.retryFailed('q')).toBe(1);
    await queue.settled('q');
    expect(attempts.at(-1)).toBe(true);
    expect(attempts).toHaveLength(RETRY_LIMIT + 2);
    expect(await queue.depth('q')).toEqual({ waiting: 0, active: 0, failed: 0 });
    expect(await queue.retryFailed('q')).toBe(0);
  });

  it('succeeds on a later attempt without counting a failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    queue = createInProcessJobQueue(() => undefined);
    let calls = 0;
    await queue.work(
      'q',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('once');
      },
      { concurrency: 1 },
    );
    await queue.send('q', {});
    const settled = queue.settled('q');
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(calls).toBe(2);
    expect(await queue.depth('q')).toEqual({ waiting: 0, active: 0, failed: 0 });
  });
});
