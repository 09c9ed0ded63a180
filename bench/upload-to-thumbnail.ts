// Upload to thumbnail: twenty 12-megapixel camera-like JPEGs (gradients, waves and grain, about
// 4 MB each) uploaded to the real server in a child process, four at a time; each photo is timed
// from the start of its upload until its own thumbnail is served (files/show?size=thumb answers
// the WebP thumbnail; the original that stands in until then does not count). Prints photos a
// second (the photos over the wall time of the batch) and the median seconds a photo, medians of
// BENCH_ROUNDS runs, with the baseline measured in the same run, alternating with the server: sharp
// called directly in this process making the same thumbnail (600 px, WebP quality 80) from the
// same files, four at a time. Also the server's peak resident memory. Prints figures; fails only
// if something breaks.
// With BENCH_COMPARE_WITH=/path/to/another/checkout, that checkout's server (from its sources,
// through tsx: set BENCH_SERVER=source to run this one alike) is measured too, in turn with this one.
// Run: npm run bench:upload-to-thumbnail   (BENCH_UPLOADS=20 BENCH_CONCURRENCY=4 BENCH_ROUNDS=3;
// BENCH_SERVER=built|source; BENCH_SERVER_WRAPPER runs the server under a profiler).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_SIZES } from '@photo/contract';
import { startRun } from './lib/results.js';
import {
  repoRoot,
  sendFile,
  serverArgs,
  serverWrapperNote,
  signUpUser,
  startAppProcess,
  untilThumbnail,
  type ServerProcess,
} from './lib/server.js';
import { readOptionalSettings, readSettings } from './lib/settings.js';
import { CAMERA_4MB, cameraLikeFiles, fitWithin } from './lib/sharp-sizes.js';
import { median } from './lib/stats.js';

const {
  BENCH_UPLOADS: UPLOADS,
  BENCH_CONCURRENCY: CONCURRENCY,
  BENCH_ROUNDS: ROUNDS,
} = readSettings({ BENCH_UPLOADS: 20, BENCH_CONCURRENCY: 4, BENCH_ROUNDS: 3 });
const { BENCH_COMPARE_WITH: other } = readOptionalSettings(['BENCH_COMPARE_WITH']);

interface Server extends ServerProcess {
  mode: string;
}

/** This checkout's server, or with `root` another checkout's, from its sources. */
async function startServer(dataDir: string, root?: string): Promise<Server> {
  const { args, mode } = root
    ? {
        args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        mode: `source of ${root}`,
      }
    : serverArgs();
  const server = await startAppProcess(dataDir, {
    args,
    cwd: root ?? repoRoot,
    wrapped: !root,
    // sharp's advice on glibc, as in the image the app is deployed with.
    env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
  });
  return { ...server, mode: `${mode}${serverWrapperNote}` };
}

/** Peak resident memory of a process so far (Linux /proc), in MB. */
function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Batch {
  wallMs: number;
  /** Each photo's time from the start of its upload until its thumbnail, ms. */
  photoMs: number[];
  /** Of a server: each photo's time from the start of its upload until it was answered, ms. */
  answeredMs?: number[];
}

/** Runs `each` over the files, `concurrency` at a time, timing each and the whole batch. */
async function timed(
  files: string[],
  concurrency: number,
  each: (file: string) => Promise<void>,
): Promise<Batch> {
  const queue = [...files];
  const photoMs: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const since = performance.now();
        await each(file);
        photoMs.push(performance.now() - since);
      }
    }),
  );
  return { wallMs: performance.now() - started, photoMs };
}

/** Uploads as the web app does, then waits until the photo's own thumbnail is served. */
async function uploadUntilThumbnail(url: string, idToken: string, file: string): Promise<void> {
  const since = performance.now();
  const { id } = await sendFile(url, idToken, file);
  answeredMs.push(performance.now() - since);
  await untilThumbnail(url, id);
}

/** How long each upload took to be answered (the part of its time before the job), ms. */
let answeredMs: number[] = [];

/** The baseline: sharp alone making the server's thumbnail (600 px, WebP quality 80). */
async function sharpThumbnail(file: string): Promise<void> {
  await sharp(file, { autoOrient: true })
    .resize(fitWithin(IMAGE_SIZES.thumb))
    .webp({ quality: 80 })
    .toBuffer();
}

const perSecond = (batch: Batch) => batch.photoMs.length / (batch.wallMs / 1000);
const secondsAPhoto = (batch: Batch) => median(batch.photoMs) / 1000;

/** Waits until the server's image jobs are done (the other sizes of the run just measured). */
async function untilJobsDone(url: string): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      jobs?: { waiting?: number; active?: number };
    };
    if (!health.jobs || (health.jobs.waiting === 0 && health.jobs.active === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Measured {
  name: string;
  server: Server | null;
  dataDir: string | null;
  batches: Batch[];
  peakResidentMb?: number;
}

function summary(measured: Measured) {
  return {
    photosPerSecond: median(measured.batches.map(perSecond)),
    secondsAPhoto: median(measured.batches.map(secondsAPhoto)),
    ...(measured.server
      ? {
          secondsToUploadAnswer: median(
            measured.batches.map((batch) => median(batch.answeredMs ?? [0]) / 1000),
          ),
        }
      : {}),
    ...(measured.peakResidentMb === undefined ? {} : { peakResidentMb: measured.peakResidentMb }),
  };
}

async function main(): Promise<void> {
  const run = startRun('upload-to-thumbnail');
  console.log(`Making ${UPLOADS} camera-like 12-megapixel JPEGs (kept for later runs)…`);
  const files = await cameraLikeFiles(UPLOADS, CAMERA_4MB);
  const sizes = files.map((file) => fs.statSync(file).size / 1024 / 1024);
  console.log(
    `${UPLOADS} JPEGs of 4000 x 3000, ${Math.min(...sizes).toFixed(1)}–${Math.max(...sizes).toFixed(1)} MB; ${CONCURRENCY} at a time, ${ROUNDS} runs`,
  );
  const measured: Measured[] = [];
  const direct: Measured = { name: 'sharp directly', server: null, dataDir: null, batches: [] };
  try {
    for (const root of [undefined, ...(other ? [other] : [])]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-thumb-'));
      const server = await startServer(dataDir, root);
      measured.push({ name: root ? `other (${root})` : 'server', server, dataDir, batches: [] });
      console.log(`${root ? 'other' : 'server'}: ${server.mode}`);
      // A first upload warms the server up (its modules, libvips); it is not counted.
      const warm = await signUpUser(server.url, 'warm@example.com');
      await uploadUntilThumbnail(server.url, warm.idToken, files[0]!);
      await untilJobsDone(server.url);
    }
    await sharpThumbnail(files[0]!);
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Taken in turn, the order reversed every other run, so that a change of the machine's
      // load weighs on each alike.
      const order = [direct, ...measured];
      if (round % 2 === 0) order.reverse();
      const line: string[] = [];
      for (const one of order) {
        let batch: Batch;
        if (one.server) {
          const { url } = one.server;
          // A new person each run: the same bytes from the same person are a duplicate.
          const { idToken } = await signUpUser(url, `bench-${round}@example.com`);
          answeredMs = [];
          batch = await timed(files, CONCURRENCY, (file) =>
            uploadUntilThumbnail(url, idToken, file),
          );
          batch.answeredMs = answeredMs;
          // The other sizes of this run are still being made: the next batch starts after them.
          await untilJobsDone(url);
        } else {
          batch = await timed(files, CONCURRENCY, sharpThumbnail);
        }
        one.batches.push(batch);
        const answered = batch.answeredMs
          ? ` (upload answered in ${(median(batch.answeredMs) / 1000).toFixed(2)} s)`
          : '';
        line.push(
          `${one.name} ${perSecond(batch).toFixed(2)} photos/s, ${secondsAPhoto(batch).toFixed(2)} s a photo${answered}`,
        );
      }
      console.log(`run ${round}: ${line.join('; ')}`);
    }
  } finally {
    for (const one of measured) {
      if (!one.server) continue;
      one.peakResidentMb = peakResidentMb(one.server.pid);
      await one.server.stop();
      if (one.dataDir) fs.rmSync(one.dataDir, { recursive: true, force: true });
    }
  }
  const base = summary(direct);
  const figures = {
    photos: UPLOADS,
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    sharpDirect: base,
    servers: measured.map((one) => ({ name: one.name, mode: one.server?.mode, ...summary(one) })),
  };
  console.log(`\nUpload to thumbnail, medians of ${ROUNDS} runs:`);
  console.log(
    `  sharp directly: ${base.photosPerSecond.toFixed(2)} photos/s, ${base.secondsAPhoto.toFixed(2)} s a photo`,
  );
  for (const one of measured) {
    const figure = summary(one);
    console.log(
      `  ${one.name}: ${figure.photosPerSecond.toFixed(2)} photos/s (${(figure.photosPerSecond / base.photosPerSecond).toFixed(2)} × sharp's), ` +
        `${figure.secondsAPhoto.toFixed(2)} s a photo (${(figure.secondsAPhoto / base.secondsAPhoto).toFixed(2)} × sharp's); ` +
        `peak resident memory ${figure.peakResidentMb?.toFixed(0)} MB`,
    );
  }
  run.finish(figures);
}

await main();
