import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { StoredBlob } from '../../storage/blob-store.js';
import { blobKeys, blobKeysOf } from './store/blobs.js';
import { findBlobKeysOfFiles, listForgottenFileIds } from './store/repository.js';
import { releaseFiles } from './files.release.js';

/**
 * What crashes leave behind, and when it is safe to remove (docs/decisions/0008).
 * An upload streams into a temporary file (its time moves with every byte), is processed (one
 * image at a time, seconds to minutes when many wait), then its blobs are stored (each stored
 * blob's time is when it was stored) and its row is committed right after, within seconds: an
 * upload that took longer than UPLOAD_COMMIT_DEADLINE_MS (files.upload.ts) to get there fails
 * instead. So a blob no row names orphanBlobGraceMs after it was stored, far longer, belongs to no
 * upload in flight; and the rows are read again right before each deletion.
 */
export const SWEEP_POLICY = {
  /** The first pass runs when the server is ready, then one every: */
  intervalMs: 30 * 60 * 1000,
  /** Temporary upload files and staging files untouched for this long were left by a crash. */
  staleWriteMs: 60 * 60 * 1000,
  /**
   * Blobs no row names, stored this long ago, were left by a crash; so were files nothing uses,
   * stored this long ago (their release never ran: decision 0080).
   */
  orphanBlobGraceMs: 24 * 3600 * 1000,
} as const;

export interface SweepReport {
  stagingFiles: number;
  temporaryUploads: number;
  orphanBlobs: number;
  /** Files nothing used, whose release a crash had cut short, released now. */
  forgottenFiles: number;
}

type SweepDeps = Pick<AppDeps, 'db' | 'blobStore' | 'clock' | 'uploadTmpDir'>;

const BATCH = 200;
const DERIVED_KEY =
  /^(?:originals|placeless|thumb|preview|card|card3x|stills|renditions|og)\/([A-Za-z0-9_-]{22})(?:\.v([1-9]\d{0,8}))?(?:\.webp|\.jpg|\.mp4)?$/;

/** The file whose blob this key would be; undefined for keys that are not of our making. */
function fileIdOf(key: string): string | undefined {
  const match = DERIVED_KEY.exec(key);
  const id = match?.[1];
  if (!id) return undefined;
  // Derived sizes of an edited file carry its edit version.
  const version = Number(match[2] ?? 0);
  const own = [
    blobKeys.original(id),
    blobKeys.still(id),
    blobKeys.rendition(id),
    blobKeys.placeless(id),
    blobKeys.derived(id, 'thumb', version),
    blobKeys.derived(id, 'preview', version),
    blobKeys.derived(id, 'card', version),
    blobKeys.derived(id, 'card3x', version),
    blobKeys.linkPreview(id, version),
  ];
  return own.includes(key) ? id : undefined;
}

async function removeStaleTemporaryUploads(dir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    try {
      if ((await fs.stat(file)).mtime < before) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile: its upload finished.
    }
  }
  return removed;
}

/** Deletes those of these old blobs that no file row names, asking the database right before. */
async function removeUnreferenced(deps: SweepDeps, blobs: StoredBlob[]): Promise<number> {
  const byFile = new Map<string, string[]>();
  for (const { key } of blobs) {
    const id = fileIdOf(key);
    // A key we did not make is not ours to judge.
    if (id) byFile.set(id, [...(byFile.get(id) ?? []), key]);
  }
  const named = new Set<string>();
  for (const row of await findBlobKeysOfFiles(deps.db, [...byFile.keys()])) {
    for (const key of blobKeysOf(row)) named.add(key);
  }
  let removed = 0;
  for (const keys of byFile.values()) {
    for (const key of keys) {
      if (named.has(key)) continue;
      await deps.blobStore.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Releases the files nothing uses that were stored before `before`: a deletion commits, then
 * releases its files (rows, then blobs), so a crash in between leaves rows that nothing uses, whose
 * bytes still count toward their owner's storage. An upload's file is used at once (its photo,
 * cover or profile picture comes within seconds), so a day later an unused one is such a leftover.
 * releaseFiles checks again, file by file, that nothing uses it.
 */
async function releaseForgottenFiles(
  deps: SweepDeps,
  before: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let released = 0;
  let afterId = '';
  for (;;) {
    const ids = await listForgottenFileIds(deps.db, before.toISOString(), afterId, BATCH);
    if (ids.length === 0) return released;
    await releaseFiles(deps, ids, log);
    released += ids.length;
    afterId = ids[ids.length - 1]!;
  }
}

/**
 * One pass: removes staging files and temporary uploads that no write has touched for
 * staleWriteMs, blobs that no row names and were stored more than orphanBlobGraceMs ago, and then
 * the files nothing uses that were stored before then (releaseForgottenFiles).
 */
export async function sweepLeftovers(
  deps: SweepDeps,
  log: Pick<FastifyBaseLogger, 'warn'> = { warn: () => undefined },
): Promise<SweepReport> {
  const now = deps.clock.now().getTime();
  const staleBefore = new Date(now - SWEEP_POLICY.staleWriteMs);
  const orphanBefore = new Date(now - SWEEP_POLICY.orphanBlobGraceMs);
  const stagingFiles = await deps.blobStore.removeAbandonedWrites(staleBefore);
  const temporaryUploads = await removeStaleTemporaryUploads(deps.uploadTmpDir, staleBefore);
  let orphanBlobs = 0;
  let batch: StoredBlob[] = [];
  for await (const blob of deps.blobStore.list()) {
    if (blob.lastModified >= orphanBefore) continue;
    batch.push(blob);
    if (batch.length >= BATCH) {
      orphanBlobs += await removeUnreferenced(deps, batch);
      batch = [];
    }
  }
  if (batch.length > 0) orphanBlobs += await removeUnreferenced(deps, batch);
  // After the blob pass: the blobs of the files released now are deleted by their release.
  const forgottenFiles = await releaseForgottenFiles(deps, orphanBefore, log);
  return { stagingFiles, temporaryUploads, orphanBlobs, forgottenFiles };
}

export interface Sweeper {
  /** Stops the periodic passes, after the one running (if any) ends. */
  stop(): Promise<void>;
  /** Runs a pass now (after the one running, if any). */
  runNow(): Promise<SweepReport | undefined>;
}

/** Sweeps now, then every intervalMs; says in one line what a pass removed. */
export function startSweeper(deps: SweepDeps, log: FastifyBaseLogger): Sweeper {
  let running: Promise<SweepReport | undefined> = Promise.resolve(undefined);
  let stopped = false;
  const pass = () => {
    running = running.then(async () => {
      if (stopped) return undefined;
      const started = Date.now();
      try {
        const report = await sweepLeftovers(deps, log);
        const removed =
          report.stagingFiles +
          report.temporaryUploads +
          report.orphanBlobs +
          report.forgottenFiles;
        if (removed > 0) {
          log.info(
            { ...report, ms: Date.now() - started },
            `removed what crashes left: ${report.stagingFiles} staging files, ` +
              `${report.temporaryUploads} temporary uploads, ${report.orphanBlobs} blobs no file uses`,
          );
        }
        return report;
      } catch (error) {
        log.warn({ err: error }, 'could not remove what crashes left; will try again');
        return undefined;
      }
    });
    return running;
  };
  void pass();
  const timer = setInterval(() => void pass(), SWEEP_POLICY.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    runNow: pass,
  };
}
