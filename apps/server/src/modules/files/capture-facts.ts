import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.js';
import type { FileRow } from '../../db/schema.js';
import { readHeifExif } from './heif/heif.js';
import { captureColumns, FACTS_VERSION } from './media/capture-facts.js';
import { INPUT_OPTIONS, NO_EXIF_FACTS, readExif, type ExifFacts } from './media/images.js';
import { listFilesWithOlderFacts, recordCaptureFacts } from './store/repository.js';

type FactsDeps = Pick<AppDeps, 'db' | 'blobStore' | 'uploadTmpDir'>;
type StoredFile = Pick<FileRow, 'id' | 'blob_key' | 'content_type' | 'kind'>;

/** Files read at a time: one query, then their originals one after the other. */
const BATCH = 20;

/** What the stored original's EXIF says (the original is kept byte for byte, decision 0081). */
async function factsOfOriginal(deps: FactsDeps, file: StoredFile): Promise<ExifFacts> {
  // A video's container says no lens or exposure; its date and camera were read at upload.
  if (file.kind === 'video') return NO_EXIF_FACTS;
  let source = deps.blobStore.localPath ? await deps.blobStore.localPath(file.blob_key) : null;
  const copy = path.join(deps.uploadTmpDir, `facts-${randomBytes(8).toString('hex')}`);
  try {
    if (!source) {
      const blob = await deps.blobStore.read(file.blob_key);
      if (!blob) return NO_EXIF_FACTS;
      await fs.mkdir(deps.uploadTmpDir, { recursive: true });
      await pipeline(blob.stream, createWriteStream(copy));
      source = copy;
    }
    if (file.content_type === 'image/heic' || file.content_type === 'image/heif') {
      return readExif((await readHeifExif(source)) ?? undefined).facts;
    }
    const metadata = await sharp(source, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
    return readExif(metadata.exif).facts;
  } finally {
    await fs.rm(copy, { force: true });
  }
}

/**
 * Reads again, from their stored originals, the metadata of files stored before their rows held
 * the lens, the exposure and the date's time zone (facts_version below FACTS_VERSION), a batch at
 * a time until none is left or `stopped()` says so. A file whose original cannot be read is
 * recorded as saying nothing, so it is not read again. Answers how many files it read.
 */
export async function fillCaptureFacts(
  deps: FactsDeps,
  log: FastifyBaseLogger,
  stopped: () => boolean = () => false,
): Promise<number> {
  let read = 0;
  while (!stopped()) {
    const files = await listFilesWithOlderFacts(deps.db, FACTS_VERSION, BATCH);
    if (files.length === 0) break;
    for (const file of files) {
      if (stopped()) break;
      let facts = NO_EXIF_FACTS;
      try {
        facts = await factsOfOriginal(deps, file);
      } catch (error) {
        log.warn({ err: error, fileId: file.id }, "a stored original's metadata could not be read");
      }
      await recordCaptureFacts(deps.db, file.id, captureColumns(facts));
      read += 1;
    }
  }
  return read;
}
