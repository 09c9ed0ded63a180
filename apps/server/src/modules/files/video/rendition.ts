import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import type { FileRow } from '../../../db/schema.js';
import { RENDER_VIDEO, type JobData } from '../../../infra/job-queue.js';
import { announceMediaTools, mediaTools, runMediaTool } from '../../../infra/media-tools.js';
import { randomBytes } from 'node:crypto';
import { blobKeys } from '../store/blobs.js';
import {
  findRenditionSource,
  listProcessingVideos,
  recordVideoState,
} from './rendition-repository.js';
import { renditionArgs } from './ffmpeg-args.js';

type RenditionDeps = Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue' | 'config' | 'uploadTmpDir'>;

export const RENDITION_CONTENT_TYPE = 'video/mp4';

/** A transcode may take this long plus this many times the clip's length, then it is stopped. */
const TRANSCODE_BASE_MS = 5 * 60 * 1000;
const TRANSCODE_PER_CLIP = 10;

/** pg-boss keeps its jobs: a video processing for longer than this has likely lost its job. */
const LOST_JOB_MS = 30 * 60 * 1000;

/**
 * Queues the job that makes a video's browser-safe rendition, when it needs one ('processing').
 * Called for every stored file, from where its image job is queued (derive/derive.ts).
 */
export async function queueVideoRendition(
  deps: Pick<AppDeps, 'jobQueue'>,
  file: Pick<FileRow, 'id' | 'kind' | 'video_state'>,
): Promise<void> {
  if (file.kind !== 'video' || file.video_state !== 'processing') return;
  await deps.jobQueue.send(RENDER_VIDEO, { fileId: file.id });
}

/**
 * The job: makes the rendition (H.264 + AAC in MP4, faststart, at most RENDITION_MAX_HEIGHT
 * tall, upright), stores it, then records it and 'ready' on the video and the Live Photo stills
 * that mirror it. Idempotent: a video deleted or already done is left alone. After its last
 * attempt fails, the video is 'failed' (its original can still be downloaded).
 */
export async function renderVideo(
  deps: RenditionDeps,
  data: JobData,
  attempt: { last: boolean },
  log: FastifyBaseLogger,
): Promise<void> {
  const fileId = String(data.fileId);
  try {
    await render(deps, fileId, log);
  } catch (error) {
    if (attempt.last) await recordVideoState(deps.db, fileId, 'failed', null);
    throw error;
  }
}

async function render(deps: RenditionDeps, fileId: string, log: FastifyBaseLogger): Promise<void> {
  const file = await findRenditionSource(deps.db, fileId);
  if (!file || file.kind !== 'video' || file.video_state !== 'processing') return;
  const scratch = path.join(deps.uploadTmpDir, `rendition-${randomBytes(8).toString('hex')}`);
  const output = `${scratch}.mp4`;
  const copied = `${scratch}.source`;
  try {
    let source = deps.blobStore.localPath ? await deps.blobStore.localPath(file.blob_key) : null;
    if (!source) {
      // A bucket's object is copied to disk first: ffmpeg seeks in it (the index may be at the end).
      const blob = await deps.blobStore.read(file.blob_key);
      if (!blob) {
        log.error({ fileId, key: file.blob_key }, 'stored video has no blob');
        await recordVideoState(deps.db, fileId, 'failed', null);
        return;
      }
      await pipeline(blob.stream, createWriteStream(copied));
      source = copied;
    }
    const container = file.content_type === 'video/webm' ? 'webm' : 'isobmff';
    const tools = mediaTools(deps.config);
    await runMediaTool(tools.ffmpeg, renditionArgs(source, container, output), {
      timeoutMs: TRANSCODE_BASE_MS + TRANSCODE_PER_CLIP * Number(file.duration_ms ?? 0),
      lane: 'long',
    });
    const key = blobKeys.rendition(file.id);
    // Read before it is stored: a local store moves the file.
    const bytes = (await fs.stat(output)).size;
    await deps.blobStore.putFile(key, output, RENDITION_CONTENT_TYPE);
    let recorded = false;
    try {
      recorded = await recordVideoState(deps.db, file.id, 'ready', key, bytes);
    } finally {
      // The video was deleted meanwhile (its blobs went with it, this one not yet made).
      if (!recorded) {
        const now = await findRenditionSource(deps.db, file.id).catch(() => undefined);
        if (now?.rendition_key !== key) await deps.blobStore.delete(key).catch(() => undefined);
      }
    }
  } finally {
    await Promise.all([output, copied].map((name) => fs.rm(name, { force: true })));
  }
}

/** Queues again the videos still processing that were stored before `before` (see startVideoJobs). */
export async function queueUnfinishedRenditions(
  deps: Pick<AppDeps, 'db' | 'jobQueue'>,
  before: Date,
): Promise<number> {
  const videos = await listProcessingVideos(deps.db, before.toISOString(), 10_000);
  for (const video of videos) await deps.jobQueue.send(RENDER_VIDEO, { fileId: video.id });
  return videos.length;
}

/**
 * Makes this instance take rendition jobs (ROLE all or worker), one at a time: a batch of videos
 * never holds every worker, and photo jobs keep their own (decision 0057). Says once which ffmpeg
 * runs. Videos still processing are queued again, as derive/derive.ts does for image jobs.
 */
export async function startVideoJobs(
  deps: RenditionDeps & Pick<AppDeps, 'clock'>,
  log: FastifyBaseLogger,
): Promise<void> {
  announceMediaTools(deps.config, log);
  await deps.jobQueue.work(RENDER_VIDEO, (data, attempt) => renderVideo(deps, data, attempt, log), {
    concurrency: 1,
  });
  const now = deps.clock.now().getTime();
  const before = new Date(deps.config.databaseUrl ? now - LOST_JOB_MS : now + 1);
  const queued = await queueUnfinishedRenditions(deps, before);
  if (queued > 0) log.info({ queued }, 'video jobs queued again');
}
