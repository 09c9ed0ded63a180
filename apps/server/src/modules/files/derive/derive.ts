import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import type { FileRow } from '../../../db/schema.js';
import { DERIVE_IMAGES, INDEX_FACES, type JobData } from '../../../infra/job-queue.js';
import { blobKeys, derivedBlobKeysOf } from '../store/blobs.js';
import { queueVideoRendition } from '../video/rendition.js';
import {
  deriveLaterFromOriginal,
  putDerivedImages,
  putThumbnail,
  readOriginal,
} from './derived-blobs.js';
import { makeThumbnail, type Rotation } from '../media/images.js';
import { bytesOf } from '../store/storage-use.js';
import {
  anotherFileWaitsForItsThumbnail,
  countPendingFiles,
  findFileById,
  listPendingFiles,
  recordDerivedImages,
  recordDerivedImagesFailed,
  recordThumbnail,
} from '../store/repository.js';

type DeriveDeps = Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue' | 'config'>;

/**
 * Queues the job that makes the file's derived sizes (those after the thumbnail, when the upload
 * made it). Its priority is minus the owner's files already waiting: the workers take one
 * person's single upload before the rest of another's batch of fifty.
 */
export async function queueDerivedImages(
  deps: DeriveDeps,
  file: Pick<FileRow, 'id' | 'owner_id' | 'edit_version' | 'kind' | 'video_state' | 'thumb_key'>,
): Promise<void> {
  // Its thumbnail was made with the upload (decision 0128): as after a job's thumbnail, other
  // files' sizes wait while uploads arrive.
  if (file.thumb_key !== null) lastThumbnail = { fileId: file.id, at: performance.now() };
  const waiting = await countPendingFiles(deps.db, file.owner_id);
  await deps.jobQueue.send(
    DERIVE_IMAGES,
    { fileId: file.id, editVersion: file.edit_version },
    { priority: -Math.max(0, waiting - 1) },
  );
  // A video needing a browser-safe copy gets its rendition job too (video/rendition.ts).
  await queueVideoRendition(deps, file);
}

/**
 * Queues again the files still waiting for their sizes that were stored before `before`: what an
 * in-process queue lost when the process stopped, or a job that could not be queued (a job queued
 * twice does its work once).
 */
export async function queueUnfinishedDerivedImages(
  deps: DeriveDeps,
  before: Date,
): Promise<number> {
  const pending = await listPendingFiles(deps.db, before.toISOString(), 10_000);
  for (const file of pending) {
    await deps.jobQueue.send(DERIVE_IMAGES, { fileId: file.id, editVersion: file.edit_version });
  }
  return pending.length;
}

/**
 * The job: makes the derived sizes of one edit version of a file, stores them, then records them
 * on the file's row. The thumbnail (the size a grid shows) comes first and is recorded alone, so
 * files/show serves it at once; the other sizes follow in the same turn, or, while another file
 * still waits for its thumbnail, in a job queued behind every thumbnail (a job that finds the
 * thumbnail made makes the rest). The file is `ready` once every size is made. Idempotent: a file
 * deleted, edited since, or already done is left alone; the blobs of a turn that lost the race
 * are removed.
 */
export async function deriveImages(
  deps: DeriveDeps,
  data: JobData,
  attempt: { last: boolean },
  log: FastifyBaseLogger,
  pace: DerivePace = DERIVE_PACE,
): Promise<void> {
  const fileId = String(data.fileId);
  const version = Number(data.editVersion);
  const deferred = Number(data.deferred ?? 0);
  // The job queued for the upload (a follow-up says how often it was put off).
  const first = data.deferred === undefined;
  try {
    await derive(deps, { fileId, version, deferred, first }, log, pace);
  } catch (error) {
    // After its last attempt, the file is shown by its original from then on (by its thumbnail
    // too, when that was made).
    if (attempt.last) await recordDerivedImagesFailed(deps.db, fileId, version);
    throw error;
  }
}

/**
 * Below every thumbnail's priority (those are minus a count of files): the sizes after the
 * thumbnail wait for every thumbnail queued, and are shared between people as thumbnails are.
 */
const LATER_SIZES_PRIORITY = -1_000_000;

/** When the sizes after the thumbnail wait for a batch of uploads to pass. */
export interface DerivePace {
  /**
   * While this process made another file's thumbnail less than this long ago, uploads are
   * arriving: the other sizes (five times a thumbnail's work) are queued to start this much later,
   * so that the thumbnails of a batch are not slowed by them.
   */
  quietMs: number;
  /** How often the other sizes of one file may be put off so; then they are made in any case. */
  maxDeferrals: number;
}

export const DERIVE_PACE: DerivePace = { quietMs: 1000, maxDeferrals: 30 };

/** When this process last made a thumbnail, and of which file (performance.now()). */
let lastThumbnail = { fileId: '', at: -Infinity };

async function derive(
  deps: DeriveDeps,
  job: { fileId: string; version: number; deferred: number; first: boolean },
  log: FastifyBaseLogger,
  pace: DerivePace,
): Promise<void> {
  const { fileId, version } = job;
  const file = await findFileById(deps.db, fileId);
  if (!file || file.edit_version !== version || file.derived_state === 'ready') return;
  // A HEIC or a video is made smaller from its still (its decoded picture, or its poster).
  const source = file.still_key ?? file.blob_key;
  const original = await readOriginal(deps.blobStore, source);
  if (!original) {
    log.error({ fileId, key: source }, 'stored file has no blob');
    await recordDerivedImagesFailed(deps.db, fileId, version);
    return;
  }
  const rotation = file.rotation as Rotation;
  if (file.thumb_key !== blobKeys.derived(file.id, 'thumb', version)) {
    const thumb = await makeThumbnail(original, rotation);
    const thumbKey = await putThumbnail(deps.blobStore, file.id, version, thumb);
    let recorded = false;
    try {
      recorded = await recordThumbnail(deps.db, file.id, version, thumbKey, thumb.length);
    } finally {
      if (!recorded) await removeUnrecorded(deps, file.id, [thumbKey]);
    }
    // Deleted, edited or done meanwhile: nothing is left to do for this version.
    if (!recorded) return;
    await queueFaces(deps, file, version);
    const previous = lastThumbnail;
    lastThumbnail = { fileId: file.id, at: performance.now() };
    if (await anotherFileWaitsForItsThumbnail(deps.db, file.id)) {
      await queueLaterSizes(deps, file, version, job.deferred, 0);
      return;
    }
    if (previous.fileId !== file.id && performance.now() - previous.at < pace.quietMs) {
      await queueLaterSizes(deps, file, version, job.deferred, pace.quietMs);
      return;
    }
  } else {
    // The upload made the thumbnail (decision 0128): its first job looks for its faces, as a job
    // that makes the thumbnail does (on a worker: the instance that took the upload may not).
    if (job.first) await queueFaces(deps, file, version);
    if (
      job.deferred < pace.maxDeferrals &&
      lastThumbnail.fileId !== file.id &&
      performance.now() - lastThumbnail.at < pace.quietMs
    ) {
      // Uploads still arrive: put off again.
      await queueLaterSizes(deps, file, version, job.deferred + 1, pace.quietMs);
      return;
    }
  }
  const later = await deriveLaterFromOriginal(original, file, rotation);
  const keys = await putDerivedImages(deps.blobStore, file.id, version, later);
  let recorded = false;
  try {
    recorded = await recordDerivedImages(deps.db, file.id, version, keys, bytesOf(later));
  } finally {
    if (!recorded) await removeUnrecorded(deps, file.id, derivedBlobKeysOf(keys));
  }
}

/** Below every thumbnail's priority: the grids' pictures come before a photo's faces. */
const FACES_PRIORITY = -1_000;

/**
 * Once a photo's thumbnail is made, its faces are looked for (modules/people, decision 0102),
 * when this server indexes faces (ML_ENABLED).
 */
async function queueFaces(deps: DeriveDeps, file: Pick<FileRow, 'id' | 'kind'>, version: number) {
  if (!deps.config.ml.enabled || file.kind !== 'photo') return;
  await deps.jobQueue.send(
    INDEX_FACES,
    { fileId: file.id, editVersion: version },
    { priority: FACES_PRIORITY },
  );
}

/** Queues the job again for the sizes after the thumbnail, behind every thumbnail. */
async function queueLaterSizes(
  deps: DeriveDeps,
  file: Pick<FileRow, 'id' | 'owner_id'>,
  version: number,
  deferred: number,
  delayMs: number,
): Promise<void> {
  const waiting = await countPendingFiles(deps.db, file.owner_id);
  await deps.jobQueue.send(
    DERIVE_IMAGES,
    { fileId: file.id, editVersion: version, deferred },
    { priority: LATER_SIZES_PRIORITY - Math.max(0, waiting - 1), delayMs },
  );
}

/**
 * After a record that did not take: deletes the blobs written that the row does not name. Another
 * turn of the same job, or an edit, recorded its own keys (the same keys, for a job run twice:
 * those are kept).
 */
async function removeUnrecorded(deps: DeriveDeps, fileId: string, written: string[]) {
  const now = await findFileById(deps.db, fileId).catch(() => undefined);
  const kept = new Set(now ? derivedBlobKeysOf(now) : []);
  const orphans = written.filter((key) => !kept.has(key));
  await Promise.allSettled(orphans.map((key) => deps.blobStore.delete(key)));
}

/** pg-boss keeps its jobs: a file pending for longer than this has likely lost its job. */
const LOST_JOB_MS = 10 * 60 * 1000;

/**
 * Makes this instance take image jobs (ROLE all or worker). The in-process queue (SQLite) lost
 * its jobs when the process stopped: they are queued again from the rows still pending; on
 * PostgreSQL, those pending for long.
 */
export async function startImageJobs(
  deps: Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue' | 'config' | 'clock' | 'derivePace'>,
  log: FastifyBaseLogger,
): Promise<void> {
  const pace = deps.derivePace ?? DERIVE_PACE;
  await deps.jobQueue.work(
    DERIVE_IMAGES,
    (data, attempt) => deriveImages(deps, data, attempt, log, pace),
    { concurrency: deps.config.jobConcurrency },
  );
  const now = deps.clock.now().getTime();
  const before = new Date(deps.config.databaseUrl ? now - LOST_JOB_MS : now + 1);
  const queued = await queueUnfinishedDerivedImages(deps, before);
  if (queued > 0) log.info({ queued }, 'image jobs queued again');
}
