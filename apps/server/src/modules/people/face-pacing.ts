import { setTimeout as sleep } from 'node:timers/promises';
import { DERIVE_IMAGES, type JobQueue } from '../../infra/job-queue.js';

export interface FacePacing {
  /** How long the image jobs must have been idle before faces are looked for, ms. */
  quietMs: number;
  /** Faces are looked for after this long even if images never go quiet, ms. */
  maxWaitMs: number;
  /** How often the image jobs' depth is read while waiting, ms. */
  pollMs: number;
}

/**
 * The face model takes the CPU, and much of the main thread, for 0.2–3 s a photo. Run beside a
 * batch's image jobs, it made a batch's thumbnails three times slower (`bench:upload-batch`).
 * So a face job starts at once when no image job waits or runs, and otherwise waits until they
 * have been idle for `quietMs`, or for `maxWaitMs` at most (a library that never stops
 * uploading still gets its faces). The image jobs are the whole queue's, on every instance.
 */
export const FACE_PACING: FacePacing = { quietMs: 1_500, maxWaitMs: 120_000, pollMs: 250 };

async function imagesBusy(queue: JobQueue): Promise<boolean> {
  const depth = await queue.depth(DERIVE_IMAGES);
  return depth.waiting + depth.active > 0;
}

/** Resolves when a face job may use the CPU (see FACE_PACING). */
export async function untilImagesQuiet(
  queue: JobQueue,
  pacing: FacePacing = FACE_PACING,
): Promise<void> {
  if (!(await imagesBusy(queue))) return;
  const started = Date.now();
  let quietSince: number | undefined;
  while (Date.now() - started < pacing.maxWaitMs) {
    await sleep(pacing.pollMs);
    if (await imagesBusy(queue)) quietSince = undefined;
    else {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= pacing.quietMs) return;
    }
  }
}
