// Faces at scale (decision 0102): the targets of "People, Places and Memories". Never gates CI.
//
// Part 1, grouping, on each of BENCH_DATABASES: BENCH_FACES faces (10,000), one a photo, of a few
// hundred people of 10 to 80 faces each, seeded straight into the database as the face jobs store
// them (rows of `files`, `faces` and `face_scans`; descriptors drawn around a centre per person, so
// that two faces of one person lie 0.2–0.45 apart and of two people 0.8–1.0, as the real model
// gives). Then, timed:
//   - all of them grouped at once, by the product's own path (groupOwnerFaces: read, group,
//     write), as after a backfill whose faces are all nobody's yet, against the baseline of the
//     clustering library (density-clustering's DBSCAN, as grouping.ts runs it: clusterDescriptors)
//     on the same descriptors in memory;
//   - one photo more, BENCH_ROUNDS times (each a new photo of a seeded person): the face job's
//     end (keepFileFaces: its faces stored, then the owner's faces grouped, in one transaction),
//     against the grouping alone in memory (groupFaces on the same faces, already parsed). The
//     worker keeps the faces' numbers between jobs (decision 0123): one round more, first, as a
//     worker's first job after it starts, with nothing kept.
// Prints the times, their ratios to the baselines, and whether the people found are the seeded
// ones (how many found, how many faces placed with another person's).
//
// Part 2, memory: the app's server (source or build: BENCH_SERVER; MALLOC_ARENA_MAX=2 as `npm
// start` sets it) stores BENCH_PHOTOS photos with a face (the test fixtures' and, when installed,
// scikit-image's astronaut, scaled, cropped, flipped and lit differently by sharp) with
// ML_ENABLED=false; then the server starts again on them with ML_ENABLED=true and
// ML_CONCURRENCY=1 and a backfill indexes them all, while its RSS (/proc/<pid>/status VmRSS) is
// read every 100 ms. Prints RSS before the model loads, after the first face job and after the
// last, the median RSS of the first and the last third of the photos (flat: within FLAT_MB), the
// trend after the first tenth, RSS after each tenth, and the seconds per photo of indexing. RSS
// climbs over the first 30–40 photos before it settles: with much fewer, the thirds compare the
// warm-up, not a growth per photo.
//
// Run: npm run bench:faces
//   BENCH_FACES (10000), BENCH_ROUNDS (20: photos added one by one), BENCH_PHOTOS (150),
//   BENCH_DATABASES (sqlite,postgres), BENCH_FACE_PARTS (grouping,memory),
//   TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import type { Db } from '../apps/server/src/db/schema.js';
import { FaceDescriptors } from '../apps/server/src/modules/people/face-descriptors.js';
import {
  clusterDescriptors,
  groupFaces,
  type FaceToGroup,
} from '../apps/server/src/modules/people/grouping.js';
import type { NewFace } from '../apps/server/src/modules/people/people.repository.js';
import { createTestPostgresDatabase } from '../apps/server/src/test/postgres.js';
import type { Engine } from './lib/engines.js';
import { startRun } from './lib/results.js';
import {
  api,
  repoRoot,
  serverArgs,
  signUpUser,
  startAppProcess,
  untilThumbnail,
} from './lib/server.js';
import { median, ratio } from './lib/stats.js';
import { readSettings } from './lib/settings.js';

const {
  BENCH_FACES: faceCount,
  BENCH_ROUNDS: rounds,
  BENCH_DATABASES: engines,
  BENCH_PHOTOS: photoCount,
  BENCH_FACE_PARTS: parts,
} = readSettings({
  BENCH_FACES: 10_000,
  BENCH_ROUNDS: 20,
  BENCH_DATABASES: ['sqlite', 'postgres'],
  BENCH_PHOTOS: 150,
  BENCH_FACE_PARTS: ['grouping', 'memory'],
});

/** What the server's GET /api/admin/faces/backfill answers, of what is read here. */
interface FaceIndexStatus {
  indexed: number;
  failed: number;
}

/**
 * The face jobs' own code, loaded through tsx at run time: the benchmarks' type check
 * (tsconfig.tools.json) reaches only the server files it lists, and face-jobs.ts, which reaches
 * most of the server, is not among them, so what is used of it is typed here.
 */
interface FaceJobs {
  KEPT_DESCRIPTORS: number;
  groupOwnerFaces(
    db: Db,
    ownerId: string,
    now: string,
    descriptors: FaceDescriptors,
  ): Promise<void>;
  keepFileFaces(
    db: Db,
    file: { id: string; ownerId: string; version: number },
    faces: readonly NewFace[],
    clock: { now(): Date },
    descriptors: FaceDescriptors,
  ): Promise<void>;
}
const { groupOwnerFaces, keepFileFaces, KEPT_DESCRIPTORS } = (await import(
  pathToFileURL(path.join(repoRoot, 'apps/server/src/modules/people/face-jobs.ts')).href
)) as FaceJobs;

/** The targets of the issue. */
const GROUP_ALL_TARGET_MS = 60_000;
const ONE_PHOTO_TARGET_MS = 1_000;
/** RSS of the last third above the first third's by no more than this: flat. */
const FLAT_MB = 5;

const run = startRun('faces');
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

// ---------------------------------------------------------------------------------------------
// Part 1: grouping.

/** A small deterministic generator: the same faces on both engines and in every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Per person a centre of 128 numbers, each N(0, 0.055²): two centres lie about 0.88 apart. Each
 * face is its centre plus N(0, t²) noise, t from 0.0125 to 0.028 (two faces of one person: 0.2 to
 * 0.45 apart).
 */
function seedDescriptors(count: number) {
  const random = generator(102);
  const gauss = () => {
    let u = 0;
    while (u === 0) u = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const centres: number[][] = [];
  const faces: { person: number; descriptor: number[] }[] = [];
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const around = (centre: readonly number[]) => {
    const t = 0.0125 + random() * 0.0155;
    return centre.map((value) => round(value + gauss() * t));
  };
  while (faces.length < count) {
    const centre = Array.from({ length: 128 }, () => gauss() * 0.055);
    const person = centres.push(centre) - 1;
    const size = 10 + Math.floor(random() * 71);
    for (let i = 0; i < size && faces.length < count; i += 1) {
      faces.push({ person, descriptor: around(centre) });
    }
  }
  return { centres, faces, around };
}

const seeded = seedDescriptors(faceCount);

const CROP = randomBytes(2_250).toString('base64');
const AT = '2026-11-30T12:00:00.000Z';

async function openEngine(engine: Engine) {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-faces-'));
    const handle = openDatabase({ sqlitePath: path.join(dir, 'app.db') });
    return {
      db: handle.db,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestPostgresDatabase();
  const handle = openDatabase({ databaseUrl: database.url, sqlitePath: '' });
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

const fileRow = (id: string, ownerId: string) => ({
  id,
  owner_id: ownerId,
  blob_key: `originals/${id}`,
  content_type: 'image/jpeg',
  size: 1_000_000,
  width: 4_000,
  height: 3_000,
  sha256: id.padEnd(64, '0'),
  thumb_key: null,
  preview_key: null,
  card_key: null,
  card3x_key: null,
  date_taken: AT,
  camera_make: null,
  camera_model: null,
  created_at: AT,
  placeholder: null,
  original_name: `${id}.jpg`,
  crc32: null,
});

/** A face as a face job keeps it (NewFace); the crop, a small WebP in base64 (about 3 KB). */
const newFace = (id: string, descriptor: number[]): NewFace => ({
  id,
  box_x: 4_000,
  box_y: 3_000,
  box_w: 1_500,
  box_h: 2_000,
  score: 950,
  descriptor: JSON.stringify(descriptor),
  crop: CROP,
});

/** A face's row as replaceFileFaces writes it: nobody's yet. */
const faceRow = (id: string, fileId: string, ownerId: string, descriptor: number[]) => ({
  ...newFace(id, descriptor),
  file_id: fileId,
  owner_id: ownerId,
  person_id: null,
  pinned: 0,
  created_at: AT,
});

/** The seeded faces (face i of file i), each photo scanned; nobody's yet. */
async function seed(db: Db, ownerId: string) {
  await db
    .insertInto('users')
    .values({ id: ownerId, email_address: 'faces@example.com', name: 'Faces', created_at: AT })
    .execute();
  const BATCH = 500;
  for (let start = 0; start < seeded.faces.length; start += BATCH) {
    const slice = seeded.faces.slice(start, start + BATCH).map((face, j) => ({
      ...face,
      i: start + j,
    }));
    const fileId = (i: number) => `file${String(i).padStart(6, '0')}`;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('files')
        .values(slice.map((face) => fileRow(fileId(face.i), ownerId)))
        .execute();
      await trx
        .insertInto('faces')
        .values(
          slice.map((face) =>
            faceRow(
              `face${String(face.i).padStart(6, '0')}`,
              fileId(face.i),
              ownerId,
              face.descriptor,
            ),
          ),
        )
        .execute();
      await trx
        .insertInto('face_scans')
        .values(
          slice.map((face) => ({
            file_id: fileId(face.i),
            edit_version: 0,
            state: 'done',
            face_count: 1,
            error: null,
            scanned_at: AT,
          })),
        )
        .execute();
    });
  }
}

/**
 * How the people found match the seeded ones: each found person stands for the seeded person most
 * of their faces are; a face of anyone else is misplaced, and so is a face of a seeded person
 * split over more found people (all but the largest part) or left with nobody.
 */
function compare(found: Map<string, string | null>, truth: Map<string, number>) {
  const byFound = new Map<string, Map<number, number>>();
  let nobody = 0;
  for (const [faceId, personId] of found) {
    if (personId === null) {
      nobody += 1;
      continue;
    }
    const counts = byFound.get(personId) ?? new Map<number, number>();
    const person = truth.get(faceId)!;
    counts.set(person, (counts.get(person) ?? 0) + 1);
    byFound.set(personId, counts);
  }
  let mixed = 0;
  const parts = new Map<number, number[]>();
  for (const counts of byFound.values()) {
    const [best, most] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
    for (const [person, n] of counts) if (person !== best) mixed += n;
    parts.set(best, [...(parts.get(best) ?? []), most]);
  }
  let split = 0;
  for (const sizes of parts.values()) split += sizes.reduce((a, b) => a + b) - Math.max(...sizes);
  return {
    seededPeople: new Set(truth.values()).size,
    peopleFound: byFound.size,
    misplacedFaces: mixed + split + nobody,
  };
}

async function readGroups(db: Db, ownerId: string) {
  const rows = await db
    .selectFrom('faces')
    .select(['id', 'person_id'])
    .where('owner_id', '=', ownerId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.person_id]));
}

/** DBSCAN of density-clustering as grouping.ts runs it, on parsed descriptors. */
function baselineClustering(descriptors: Float32Array[]) {
  const started = performance.now();
  const clusters = clusterDescriptors(descriptors);
  return { ms: performance.now() - started, clusters: clusters.length };
}

async function measureGrouping(engine: Engine) {
  const { db, close } = await openEngine(engine);
  try {
    await migrateToLatest(db);
    const ownerId = `owner${randomBytes(4).toString('hex')}`;
    const seedStarted = performance.now();
    await seed(db, ownerId);
    console.log(`${engine}: ${faceCount} faces seeded in ${ms(performance.now() - seedStarted)}`);
    const truth = new Map(
      seeded.faces.map((face, i) => [`face${String(i).padStart(6, '0')}`, face.person]),
    );

    console.log(`${engine}: load ${load()}; baseline DBSCAN in memory…`);
    const baseline = baselineClustering(
      seeded.faces.map((face) => Float32Array.from(face.descriptor)),
    );
    const allLoad = load();
    console.log(`${engine}: load ${allLoad}; the product groups them all…`);
    const started = performance.now();
    // The numbers kept by the worker between its face jobs: this grouping reads them all.
    const kept = new FaceDescriptors(KEPT_DESCRIPTORS);
    await db.transaction().execute((trx) => groupOwnerFaces(trx, ownerId, AT, kept));
    const allMs = performance.now() - started;
    const quality = compare(await readGroups(db, ownerId), truth);

    // One photo more, a face of a seeded person, each round; the baseline, groupFaces in memory
    // on the same faces (already parsed, as Float32Array as the product keeps them), timed just
    // after. First a round as a worker's first face job after it starts (nothing kept: every
    // face's numbers read), not counted with the others.
    const random = generator(7);
    const rows = await db
      .selectFrom('faces')
      .select(['id', 'person_id'])
      .where('owner_id', '=', ownerId)
      .execute();
    const personOf = new Map(rows.map((row) => [row.id, row.person_id]));
    const inMemory: FaceToGroup[] = seeded.faces.map((face, i) => {
      const id = `face${String(i).padStart(6, '0')}`;
      return {
        id,
        personId: personOf.get(id) ?? null,
        pinned: false,
        descriptor: Float32Array.from(face.descriptor),
      };
    });
    const oneMs: number[] = [];
    const oneBaselineMs: number[] = [];
    let joinedRight = 0;
    let coldMs = 0;
    for (let r = -1; r < rounds; r += 1) {
      const person = Math.floor(random() * seeded.centres.length);
      const descriptor = seeded.around(seeded.centres[person]!);
      const fileId = `extra${r}${randomBytes(3).toString('hex')}`;
      const faceId = `${fileId}f`;
      await db.insertInto('files').values(fileRow(fileId, ownerId)).execute();
      const t0 = performance.now();
      await keepFileFaces(
        db,
        { id: fileId, ownerId, version: 0 },
        [newFace(faceId, descriptor)],
        { now: () => new Date(AT) },
        r < 0 ? new FaceDescriptors(KEPT_DESCRIPTORS) : kept,
      );
      const t1 = performance.now();
      const grouping = groupFaces([
        ...inMemory,
        { id: faceId, personId: null, pinned: false, descriptor: Float32Array.from(descriptor) },
      ]);
      const t2 = performance.now();
      if (r < 0) {
        coldMs = t1 - t0;
      } else {
        oneMs.push(t1 - t0);
        oneBaselineMs.push(t2 - t1);
      }
      const joined = await db
        .selectFrom('faces')
        .select('person_id')
        .where('id', '=', faceId)
        .executeTakeFirst();
      const sameFace = `face${String(seeded.faces.findIndex((f) => f.person === person)).padStart(6, '0')}`;
      if (r >= 0 && joined?.person_id !== null && joined?.person_id === personOf.get(sameFace))
        joinedRight += 1;
      inMemory.push({
        id: faceId,
        personId: grouping.joins.get(faceId) ?? null,
        pinned: false,
        descriptor: Float32Array.from(descriptor),
      });
    }
    const figures = {
      engine,
      faces: faceCount,
      loadAverageBefore: allLoad,
      groupAllMs: Math.round(allMs),
      baselineDbscanMs: Math.round(baseline.ms),
      groupAllRatio: ratio(allMs, baseline.ms),
      groupAllMet: allMs <= GROUP_ALL_TARGET_MS,
      ...quality,
      baselineClusters: baseline.clusters,
      onePhotoMedianMs: Math.round(median(oneMs) * 10) / 10,
      onePhotoMaxMs: Math.round(Math.max(...oneMs) * 10) / 10,
      onePhotoBaselineMedianMs: Math.round(median(oneBaselineMs) * 10) / 10,
      onePhotoRatio: ratio(median(oneMs), median(oneBaselineMs)),
      onePhotoMet: Math.max(...oneMs) <= ONE_PHOTO_TARGET_MS,
      onePhotoJoinedTheirPerson: `${joinedRight}/${rounds}`,
      onePhotoFirstJobMs: Math.round(coldMs * 10) / 10,
      // Each face job groups anew over every face of its owner: over a backfill of n photos,
      // about n/2 times the cost at n, if it grows with the faces (an estimate, not a measure).
      backfillGroupingEstimateS: Math.round((faceCount * median(oneMs)) / 2 / 1000),
      loadAverageAfter: load(),
    };
    console.log(
      `${engine}: ${faceCount} faces grouped at once in ${ms(allMs)} (target ≤ ${ms(GROUP_ALL_TARGET_MS)}), ` +
        `baseline DBSCAN ${ms(baseline.ms)}: ${figures.groupAllRatio}; ${quality.peopleFound} people found of ` +
        `${quality.seededPeople} seeded, ${quality.misplacedFaces} faces misplaced`,
    );
    console.log(
      `${engine}: one photo more: median ${figures.onePhotoMedianMs} ms, max ${figures.onePhotoMaxMs} ms ` +
        `(target ≤ ${ms(ONE_PHOTO_TARGET_MS)}), baseline groupFaces in memory ${figures.onePhotoBaselineMedianMs} ms: ` +
        `${figures.onePhotoRatio}; joined their person ${figures.onePhotoJoinedTheirPerson}; a worker's first job ` +
        `(nothing kept) ${figures.onePhotoFirstJobMs} ms; load ${figures.loadAverageAfter}`,
    );
    return figures;
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: memory of a worker indexing faces.

/** The pictures with a face the photos are made from. */
function faceSources(): Buffer[] {
  const fixtures = path.join(repoRoot, 'apps/server/src/test/fixtures/faces');
  const sources = ['astronaut.jpg', 'camera.jpg'].map((name) =>
    fs.readFileSync(path.join(fixtures, name)),
  );
  const skimage = '/usr/lib/python3/dist-packages/skimage/data/astronaut.png';
  if (fs.existsSync(skimage)) sources.push(fs.readFileSync(skimage));
  return sources;
}

/**
 * Photo i: a source, scaled to one of six widths, flipped every other time, cropped a little and
 * lit differently, with its number in EXIF so that no two are the same bytes. The mix repeats
 * every 6 photos, so that each third of them is alike.
 */
async function photo(sources: Buffer[], i: number): Promise<Buffer> {
  const source = sources[i % sources.length]!;
  const widths = [640, 1024, 1600, 2048, 800, 1280];
  const width = widths[i % widths.length]!;
  const meta = await sharp(source).metadata();
  const cut = Math.floor((meta.width * (i % 5)) / 100);
  let image = sharp(source)
    .extract({ left: cut, top: 0, width: meta.width - 2 * cut, height: meta.height })
    .resize({ width })
    .modulate({ brightness: 0.9 + (i % 7) * 0.03 });
  if (i % 2 === 1) image = image.flop();
  return image
    .withExif({ IFD0: { ImageDescription: `bench faces ${i}` } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** What the face jobs kept, read from the server's SQLite file beside it. */
function facesFound(dataDir: string) {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select count(*) as faces, count(distinct file_id) as photosWithAFace,
                count(distinct person_id) as people from faces`,
      )
      .get() as { faces: number; photosWithAFace: number; people: number };
  } finally {
    db.close();
  }
}

/** The least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  const mx = points.reduce((t, [x]) => t + x, 0) / n;
  const my = points.reduce((t, [, y]) => t + y, 0) / n;
  const sxy = points.reduce((t, [x, y]) => t + (x - mx) * (y - my), 0);
  const sxx = points.reduce((t, [x]) => t + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function measureMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-faces-memory-'));
  // As `npm start` runs the server (README): glibc's arenas held to two.
  const env = { ML_CONCURRENCY: '1', MALLOC_ARENA_MAX: '2' };
  try {
    // The photos, stored with indexing off, their thumbnails made.
    const storing = await startAppProcess(dataDir, { env: { ...env, ML_ENABLED: 'false' } });
    const sources = faceSources();
    let idToken: string;
    try {
      ({ idToken } = await signUpUser(storing.url, 'faces@example.com'));
      for (let i = 0; i < photoCount; i += 1) {
        const bytes = await photo(sources, i);
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
          `face${i}.jpg`,
        );
        const res = await fetch(`${storing.url}/api/files/upload`, {
          method: 'POST',
          headers: { idToken },
          body: form,
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        const { id } = (await res.json()) as { id: string };
        await untilThumbnail(storing.url, id);
      }
    } finally {
      await storing.stop();
    }
    console.log(`memory: ${photoCount} photos stored; load ${load()}`);

    // The same data with indexing on: a backfill, RSS read every 100 ms.
    const indexing = await startAppProcess(dataDir, { env: { ...env, ML_ENABLED: 'true' } });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const loadBefore = load();
      const beforeModel = rssBytes(indexing.pid);
      const backfillStarted = performance.now();
      await api(indexing.url, idToken, 'POST', '/api/admin/faces/backfill');
      const samples: { at: number; indexed: number; rss: number }[] = [];
      let afterFirst: number | undefined;
      let firstAt: number | undefined;
      let status: FaceIndexStatus;
      for (;;) {
        const res = await fetch(`${indexing.url}/api/admin/faces/backfill`, {
          headers: { idToken },
        });
        status = (await res.json()) as FaceIndexStatus;
        const rss = rssBytes(indexing.pid);
        const at = performance.now();
        samples.push({ at, indexed: status.indexed, rss });
        if (status.indexed >= 1 && afterFirst === undefined) {
          afterFirst = rss;
          firstAt = at;
        }
        if (status.indexed >= photoCount) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const lastAt = performance.now();
      const afterLast = rssBytes(indexing.pid);
      const third = photoCount / 3;
      const firstThird = samples
        .filter((s) => s.indexed >= 1 && s.indexed <= third)
        .map((s) => s.rss);
      const lastThird = samples.filter((s) => s.indexed > photoCount - third).map((s) => s.rss);
      const growth = median(lastThird) - median(firstThird);
      // The trend after the first tenth (warm-up): least squares of RSS over photos indexed.
      const settled = samples.filter((s) => s.indexed > photoCount / 10);
      const slopeMBPer100 = (slope(settled.map((s) => [s.indexed, s.rss])) * 100) / 2 ** 20;
      const secondsPerPhoto = (lastAt - firstAt!) / 1000 / Math.max(1, photoCount - 1);
      const figures = {
        photos: photoCount,
        failed: status.failed,
        ...facesFound(dataDir),
        rssByTenthMB: Array.from({ length: 10 }, (_, k) => {
          const upTo = Math.ceil(((k + 1) * photoCount) / 10);
          const sample = samples.find((s) => s.indexed >= upTo) ?? samples.at(-1)!;
          return Math.round(sample.rss / 2 ** 20);
        }),
        server: serverArgs().mode,
        loadAverageBefore: loadBefore,
        rssBeforeModelMB: Math.round(beforeModel / 2 ** 20),
        rssAfterFirstJobMB: Math.round(afterFirst! / 2 ** 20),
        rssAfterLastJobMB: Math.round(afterLast / 2 ** 20),
        rssPeakMB: Math.round(Math.max(...samples.map((s) => s.rss)) / 2 ** 20),
        rssFirstThirdMedianMB: Math.round(median(firstThird) / 2 ** 20),
        rssLastThirdMedianMB: Math.round(median(lastThird) / 2 ** 20),
        rssGrowthMB: Math.round(growth / 2 ** 20),
        flat: growth <= FLAT_MB * 2 ** 20,
        rssSlopeMBPer100Photos: Math.round(slopeMBPer100 * 10) / 10,
        secondsPerPhoto: Math.round(secondsPerPhoto * 100) / 100,
        firstJobSeconds: Math.round((firstAt! - backfillStarted) / 100) / 10,
        loadAverageAfter: load(),
      };
      console.log(
        `memory: RSS before the model ${mb(beforeModel)}, after the first face job ${mb(afterFirst!)}, ` +
          `after the last ${mb(afterLast)} (peak ${figures.rssPeakMB} MB); first third median ` +
          `${figures.rssFirstThirdMedianMB} MB, last third ${figures.rssLastThirdMedianMB} MB: ` +
          `${figures.flat ? 'flat' : 'GROWS'} (${figures.rssGrowthMB} MB, within ${FLAT_MB}; trend after the ` +
          `first tenth ${figures.rssSlopeMBPer100Photos} MB per 100 photos); ` +
          `${figures.secondsPerPhoto} s a photo (first job ${figures.firstJobSeconds} s with the model's load); ` +
          `failed ${status.failed}; ${figures.faces} faces in ${figures.photosWithAFace} photos, ` +
          `${figures.people} people; ${figures.server}; load ${figures.loadAverageAfter}`,
      );
      console.log(
        `memory: RSS after each tenth of the photos, MB: ${figures.rssByTenthMB.join(' ')}`,
      );
      return figures;
    } finally {
      await indexing.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const grouping = [];
if (parts.includes('grouping')) {
  for (const engine of engines) grouping.push(await measureGrouping(engine));
}
const memory = parts.includes('memory') ? await measureMemory() : null;
run.finish({ grouping, memory });
