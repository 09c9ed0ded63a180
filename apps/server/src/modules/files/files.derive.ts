import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { DERIVE_IMAGES, type JobData } from '../../infra/job-queue.js';
import { derivedBlobKeysOf } from './files.blobs.js';
import { queueVideoRendition } from './files.rendition.js';
import { deriveFromOriginal, putDerivedImages, readOriginal } from './files.derived-blobs.js';
import type { Rotation } from './files.images.js';
import {
  countPendingFiles,
  findFileById,
  listPendingFiles,
  recordDerivedImages,
  recordDerivedImagesFailed,
} from './files.repository.js';

type DeriveDeps = Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue'>;

/**
 * Queues the job that makes the file's derived sizes. Its priority is minus the owner's files
 * already waiting: the workers take one person's single upload before the rest of another's
 * batch of fifty.
 */
export async function queueDerivedImages(
  deps: DeriveDeps,
  file: Pick<FileRow, 'id' | 'owner_id' | 'edit_version' | 'kind' | 'video_state'>,
): Promise<void> {
  const waiting = await countPendingFiles(deps.db, file.owner_id);
  await deps.jobQueue.send(
    DERIVE_IMAGES,
    { fileId: file.id, editVersion: file.edit_version },
    { priority: -Math.max(0, waiting - 1) },
  );
  // A video needing a browser-safe copy gets its rendition job too (files.rendition.ts).
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
 * on the file's row. Idempotent: a file deleted, edited since, or already done is left alone; the
 * blobs of a turn that lost the race are removed.
 */
export async function deriveImages(
  deps: DeriveDeps,
  data: JobData,
  attempt: { last: boolean },
  log: FastifyBaseLogger,
): Promise<void> {
  const fileId = String(data.fileId);
  const version = Number(data.editVersion);
  try {
    await derive(deps, fileId, version, log);
  } catch (error) {
    // After its last attempt, the file is shown by its original from then on.
    if (attempt.last) await recordDerivedImagesFailed(deps.db, fileId, version);
    throw error;
  }
}

async function derive(
  deps: DeriveDeps,
  fileId: string,
  version: number,
  log: FastifyBaseLogger,
): Promise<void> {
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
  const derived = await deriveFromOriginal(original, file, file.rotation as Rotation);
  const keys = await putDerivedImages(deps.blobStore, file.id, version, derived);
  let recorded = false;
  try {
    recorded = await recordDerivedImages(deps.db, file.id, version, keys);
  } finally {
    // Another turn of the same job, or an edit, recorded its own keys (the same keys, for a job
    // run twice: those are kept).
    if (!recorded) {
      const now = await findFileById(deps.db, file.id).catch(() => undefined);
      const kept = new Set(now ? derivedBlobKeysOf(now) : []);
      const orphans = derivedBlobKeysOf(keys).filter((key) => !kept.has(key));
      await Promise.allSettled(orphans.map((key) => deps.blobStore.delete(key)));
    }
  }
}

/** pg-boss keeps its jobs: a file pending for longer than this has likely lost its job. */
const LOST_JOB_MS = 10 * 60 * 1000;

/**
 * Makes this instance take image jobs (ROLE all or worker). The in-process queue (SQLite) lost
 * its jobs when the process stopped: they are queued again from the rows still pending; on
 * PostgreSQL, those pending for long.
 */
export async function startImageJobs(
  deps: Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue' | 'config' | 'clock'>,
  log: FastifyBaseLogger,
): Promise<void> {
  await deps.jobQueue.work(
    DERIVE_IMAGES,
    (data, attempt) => deriveImages(deps, data, attempt, log),
    { concurrency: deps.config.jobConcurrency },
  );
  const now = deps.clock.now().getTime();
  const before = new Date(deps.config.databaseUrl ? now - LOST_JOB_MS : now + 1);
  const queued = await queueUnfinishedDerivedImages(deps, before);
  if (queued > 0) log.info({ queued }, 'image jobs queued again');
}
