import type { Db } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import {
  INDEX_FACES,
  INDEX_FACES_BACKFILL,
  type JobData,
  type JobQueue,
} from '../../infra/job-queue.js';
import { newId } from '../../lib/ids.js';
import { readOriginal } from '../files/derive/derived-blobs.js';
import { INPUT_OPTIONS } from '../files/media/images.js';
import { findFileById } from '../files/store/repository.js';
import { FaceDescriptors } from './face-descriptors.js';
import { untilImagesQuiet } from './face-pacing.js';
import { loadFaceModel, type FaceModel, type FoundFace } from './face-model.js';
import { faceCrop, uprightPixels } from './face-pixels.js';
import { groupFaces } from './grouping.js';
import {
  assignFaces,
  findScan,
  insertPerson,
  listFaceDescriptors,
  listFacesToGroup,
  listUnscannedPhotoFiles,
  lockOwnerGrouping,
  recordScan,
  replaceFileFaces,
  type NewFace,
} from './people.repository.js';

type FaceJobDeps = Pick<AppDeps, 'db' | 'blobStore' | 'jobQueue' | 'config' | 'clock'>;

/** Box and score are kept as integers: ten-thousandths of the picture, thousandths of a score. */
const BOX_SCALE = 10_000;
const SCORE_SCALE = 1_000;
/** How many photos one backfill job queues before queueing the next backfill job. */
const BACKFILL_BATCH = 200;
/** Below the thumbnails' priority: a new photo's faces wait behind what the grids need first. */
const FACES_PRIORITY = -1_000;
/** The backfill's jobs come after every new photo's. */
const BACKFILL_PRIORITY = -2_000;
/**
 * Faces whose numbers a process keeps between face jobs (face-descriptors.ts): about 1.3 KB each
 * in its RSS (512 bytes of numbers; the array's objects, the face's id and the map's entry), some
 * 65 MB at most.
 */
export const KEPT_DESCRIPTORS = 50_000;

/** Queues the indexing of a file's edit version. */
async function queueFaceIndexing(
  queue: JobQueue,
  file: { id: string; editVersion: number },
  priority = FACES_PRIORITY,
): Promise<void> {
  await queue.send(INDEX_FACES, { fileId: file.id, editVersion: file.editVersion }, { priority });
}

const toBox = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * BOX_SCALE);

async function newFaces(model: FaceModel, original: string | Buffer, rotation: number) {
  const pixels = await uprightPixels(original, rotation, INPUT_OPTIONS);
  const found: FoundFace[] = await model.detect(pixels);
  const faces: NewFace[] = [];
  for (const face of found) {
    faces.push({
      id: newId(),
      box_x: toBox(face.box.x),
      box_y: toBox(face.box.y),
      box_w: toBox(face.box.width),
      box_h: toBox(face.box.height),
      score: Math.round(face.score * SCORE_SCALE),
      descriptor: JSON.stringify(face.descriptor.map((n) => Math.round(n * 1e6) / 1e6)),
      crop: (await faceCrop(pixels, face.box)).toString('base64'),
    });
  }
  return faces;
}

/**
 * The job: finds the faces of one edit version of a file, keeps them in place of those found
 * before, and groups the owner's faces not yet anyone's. Idempotent: a file deleted, edited since
 * or already scanned at that version is left alone. After its last failed attempt the scan is
 * recorded as failed, with the error, and not tried again but by a new backfill of that version.
 */
export async function indexFaces(
  deps: FaceJobDeps,
  data: JobData,
  attempt: { last: boolean },
  descriptors: FaceDescriptors,
): Promise<void> {
  const fileId = String(data.fileId);
  const version = Number(data.editVersion);
  const file = await findFileById(deps.db, fileId);
  if (!file || file.edit_version !== version || file.kind !== 'photo') return;
  const scan = await findScan(deps.db, fileId);
  if (scan && scan.edit_version === version && scan.state === 'done') return;
  await untilImagesQuiet(deps.jobQueue);
  const original = await readOriginal(deps.blobStore, file.still_key ?? file.blob_key);
  if (!original) return;
  let faces: NewFace[];
  try {
    faces = await newFaces(await loadFaceModel(), original, file.rotation);
  } catch (error) {
    if (attempt.last) {
      const message = error instanceof Error ? error.message : String(error);
      await recordScan(
        deps.db,
        { id: fileId, version },
        { state: 'failed', face_count: 0, error: message.slice(0, 500) },
        deps.clock.now().toISOString(),
      );
    }
    throw error;
  }
  await keepFileFaces(
    deps.db,
    { id: fileId, ownerId: file.owner_id, version },
    faces,
    deps.clock,
    descriptors,
  );
}

/**
 * What a face job does once the model has looked: in one transaction, the faces found in the
 * file's edit version take the place of those found before, and the owner's faces are grouped
 * (dated once the owner's grouping is this transaction's).
 */
export async function keepFileFaces(
  db: Db,
  file: { id: string; ownerId: string; version: number },
  faces: readonly NewFace[],
  clock: { now(): Date },
  descriptors: FaceDescriptors,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOwnerGrouping(trx, file.ownerId);
    // Deleted or edited while the model looked: the newer job does it.
    const now = await findFileById(trx, file.id);
    if (!now || now.edit_version !== file.version) return;
    const at = clock.now().toISOString();
    await replaceFileFaces(trx, file, faces, at);
    await groupOwnerFaces(trx, file.ownerId, at, descriptors);
  });
}

/**
 * Groups the owner's faces that are nobody's yet (grouping.ts). Reads whose each face is, and the
 * numbers only of faces `descriptors` does not know yet.
 */
export async function groupOwnerFaces(
  db: Db,
  ownerId: string,
  now: string,
  descriptors: FaceDescriptors,
): Promise<void> {
  const faces = await listFacesToGroup(db, ownerId);
  const numbers = await descriptors.of(
    ownerId,
    faces.map((face) => face.id),
    (ids) => listFaceDescriptors(db, ownerId, ids),
  );
  const grouping = groupFaces(
    faces.flatMap((face, i) => {
      const descriptor = numbers[i];
      // Deleted between the two reads (a file deleted meanwhile): nothing to group.
      if (!descriptor) return [];
      return [{ id: face.id, personId: face.person_id, pinned: face.pinned === 1, descriptor }];
    }),
  );
  const byPerson = new Map<string, string[]>();
  for (const [faceId, personId] of grouping.joins) {
    byPerson.set(personId, [...(byPerson.get(personId) ?? []), faceId]);
  }
  for (const [personId, faceIds] of byPerson) await assignFaces(db, faceIds, personId);
  for (const faceIds of grouping.newPeople) {
    const id = newId();
    await insertPerson(db, { id, owner_id: ownerId, created_at: now });
    await assignFaces(db, faceIds, id);
  }
}

/**
 * A backfill job: queues the indexing of the next photos not scanned at their current version
 * (by file id, after `after`), then itself for those after them, until none is left. Jobs on the
 * queue survive a worker's end on PostgreSQL; what is scanned is kept, so a backfill started
 * again goes on from there.
 */
export async function backfillFaces(deps: FaceJobDeps, data: JobData): Promise<void> {
  const after = typeof data.after === 'string' ? data.after : '';
  const files = await listUnscannedPhotoFiles(deps.db, after, BACKFILL_BATCH);
  for (const file of files) {
    await queueFaceIndexing(
      deps.jobQueue,
      { id: file.id, editVersion: file.edit_version },
      BACKFILL_PRIORITY,
    );
  }
  const last = files.at(-1);
  if (files.length === BACKFILL_BATCH && last) {
    await deps.jobQueue.send(
      INDEX_FACES_BACKFILL,
      { after: last.id },
      { priority: BACKFILL_PRIORITY },
    );
  }
}

/** Starts a backfill from the first file. */
export async function startBackfill(deps: FaceJobDeps): Promise<void> {
  await deps.jobQueue.send(INDEX_FACES_BACKFILL, { after: '' });
}

/**
 * Makes this instance take face jobs (ROLE all or worker, ML_ENABLED): ML_CONCURRENCY at once.
 * The model is loaded by the first job, not here; the faces' numbers are kept by this instance's
 * jobs for the next ones.
 */
export async function startFaceJobs(deps: FaceJobDeps): Promise<void> {
  if (!deps.config.ml.enabled) return;
  const descriptors = new FaceDescriptors(KEPT_DESCRIPTORS);
  await deps.jobQueue.work(
    INDEX_FACES,
    (data, attempt) => indexFaces(deps, data, attempt, descriptors),
    { concurrency: deps.config.ml.concurrency },
  );
  await deps.jobQueue.work(INDEX_FACES_BACKFILL, (data) => backfillFaces(deps, data), {
    concurrency: 1,
  });
}
