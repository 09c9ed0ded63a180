import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessJobQueue, DERIVE_IMAGES, type JobQueue } from '../../infra/job-queue.js';
import { untilImagesQuiet } from './face-pacing.js';

const pacing = { quietMs: 300, maxWaitMs: 5_000, pollMs: 20 };

let queue: JobQueue;
afterEach(async () => {
  await queue.stop();
});

/** An image job that runs until `finish` is called. */
async function runningImageJob(): Promise<{ finish(): void }> {
  let finish = () => {};
  const started = new Promise<void>((resolve) => {
    void queue.work(
      DERIVE_IMAGES,
      () =>
        new Promise<void>((done) => {
          finish = done;
          resolve();
        }),
      { concurrency: 1 },
    );
  });
  await queue.send(DERIVE_IMAGES, { fileId: 'f1' });
  await started;
  return { finish: () => finish() };
}

describe('face jobs wait for the image jobs', () => {
  it('start at once when no image job waits or runs', async () => {
    queue = createInProcessJobQueue(() => {});
    const started = Date.now();
    await untilImagesQuiet(queue, pacing);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('wait while an image job runs, then until the images have been quiet a while', async () => {
    queue = createInProcessJobQueue(() => {});
    const job = await runningImageJob();
    let done = false;
    const waiting = untilImagesQuiet(queue, pacing).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done).toBe(false);
    const finishedAt = Date.now();
    job.finish();
    await waiting;
    expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(pacing.quietMs - pacing.pollMs);
  });

  it('go ahead after the longest wait even if images never go quiet', async () => {
    queue = createInProcessJobQueue(() => {});
    const job = await runningImageJob();
    const started = Date.now();
    await untilImagesQuiet(queue, { ...pacing, maxWaitMs: 400 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    job.finish();
  });
});
