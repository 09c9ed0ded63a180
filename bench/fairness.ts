// Fairness of image work between people: one person sends a batch of camera-sized photos at once
// (BENCH_BATCH, 50), and while it is being processed another person sends one. Prints how long
// that one photo took from its send until its thumbnail was served, against the same photo sent
// on an idle server in the same run, and how long the batch took.
//
//   npm run build && npm run bench:fairness
//
// BENCH_BATCH (50), BENCH_MP (12: megapixels of each photo), BENCH_DELAY_MS (2000: when the single
// photo is sent after the batch started), BENCH_DATABASE=sqlite|postgres (a fresh database on
// TEST_POSTGRES_URL's server, postgres://postgres@127.0.0.1:5432/postgres by default).
//
// The video variant (BENCH_VIDEOS=N, e.g. `BENCH_VIDEOS=4 npm run bench:fairness`, as
// bench:fairness:video does): one person sends N iPhone-like videos (10 s of 720p HEVC in MOV,
// made with ffmpeg here, each needing a rendition) at once; once their renditions are under way,
// another sends three photos, one after another. Prints how long each photo took until its
// thumbnail was served, against the same on an idle server (target: within 2 s).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createTestPostgresDatabase } from '../apps/server/src/test/postgres.js';
import {
  sendPicture,
  signUpUser,
  startAppServer,
  untilThumbnail,
  type RunningServer,
} from './lib/server.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { ratio } from './lib/stats.js';

const {
  BENCH_BATCH: BATCH,
  BENCH_MP: MEGAPIXELS,
  BENCH_DELAY_MS: DELAY_MS,
  BENCH_DATABASE: DATABASE,
  BENCH_VIDEOS: VIDEOS,
} = readSettings({
  BENCH_VIDEOS: 0,
  BENCH_BATCH: 50,
  BENCH_MP: 12,
  BENCH_DELAY_MS: 2000,
  BENCH_DATABASE: 'sqlite',
});

/** A distinct camera-sized JPEG: a gradient with noise, about 4:3. */
async function photo(seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 90 + (seed % 60), sigma: 10 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return noise;
}

/** Milliseconds from `since` until the file's thumbnail is served (a WebP, not the original). */
async function untilThumbnailAfter(url: string, id: string, since: number): Promise<number> {
  await untilThumbnail(url, id);
  return performance.now() - since;
}

async function sendAndWait(server: RunningServer, idToken: string, bytes: Buffer) {
  const started = performance.now();
  const { id } = await sendPicture(server.url, idToken, bytes);
  const answered = performance.now() - started;
  return { answered, thumbnail: await untilThumbnailAfter(server.url, id, started) };
}

/** A distinct 10 s, 720p HEVC + AAC clip in QuickTime (an iPhone's kind: it needs a rendition). */
async function video(dir: string, seed: number): Promise<Buffer> {
  const file = path.join(dir, `clip-${seed}.mov`);
  await promisify(execFile)(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=10`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${300 + seed * 10}:duration=10`],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
    ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov', file],
  ]);
  return fs.readFile(file);
}

/** One person's videos at once, then another's photos: their thumbnails must not wait. */
async function videoVariant(server: RunningServer) {
  const run = startRun('fairness-video');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-fairness-'));
  try {
    console.log(`making ${VIDEOS} videos and 4 photos of ${MEGAPIXELS} MP…`);
    const videos = [];
    for (let i = 0; i < VIDEOS; i += 1) videos.push(await video(dir, i));
    const photos = await Promise.all([2001, 2002, 2003, 2004].map((seed) => photo(seed)));
    const alice = await signUpUser(server.url, `alice-${Date.now()}@example.com`);
    const bob = await signUpUser(server.url, `bob-${Date.now()}@example.com`);

    const idle = await sendAndWait(server, bob.idToken, photos[0]!);
    const sent = await Promise.all(
      videos.map((bytes, i) => sendPicture(server.url, alice.idToken, bytes, `clip-${i}.mov`)),
    );
    // The renditions are under way (one at a time) when the photos come.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    const during = [];
    for (const bytes of photos.slice(1)) during.push(await sendAndWait(server, bob.idToken, bytes));
    const worst = Math.max(...during.map((t) => t.thumbnail));
    console.log(`database: ${DATABASE}; ${sent.length} videos of 10 s 720p HEVC sent at once`);
    console.log(
      `idle server, one photo: answered in ${idle.answered.toFixed(0)} ms, thumbnail after ${idle.thumbnail.toFixed(0)} ms`,
    );
    console.log(
      `three photos sent one after another during the videos' renditions: thumbnails after ` +
        `${during.map((t) => t.thumbnail.toFixed(0)).join(', ')} ms; the slowest ${ratio(worst, idle.thumbnail)} idle ` +
        `(target: within 2000 ms: ${worst <= 2000 ? 'met' : 'missed'})`,
    );
    run.finish({
      videos: sent.length,
      idle: { answeredMs: idle.answered, thumbnailMs: idle.thumbnail },
      duringVideos: during.map((t) => ({ answeredMs: t.answered, thumbnailMs: t.thumbnail })),
      ratioToIdle: worst / idle.thumbnail,
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const run = startRun('fairness');
  const database = DATABASE === 'postgres' ? await createTestPostgresDatabase() : undefined;
  if (VIDEOS > 0) {
    const server = await startAppServer({
      MALLOC_ARENA_MAX: '2',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      await videoVariant(server);
    } finally {
      await server.stop();
      await database?.drop();
    }
    return;
  }
  console.log(`making ${BATCH + 2} photos of ${MEGAPIXELS} MP…`);
  const batch = await Promise.all(Array.from({ length: BATCH }, (_, i) => photo(i)));
  const [alone, during] = await Promise.all([photo(1001), photo(1002)]);
  const server = await startAppServer({
    MALLOC_ARENA_MAX: '2',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  try {
    const alice = await signUpUser(server.url, `alice-${Date.now()}@example.com`);
    const bob = await signUpUser(server.url, `bob-${Date.now()}@example.com`);

    const idle = await sendAndWait(server, bob.idToken, alone);

    const batchStarted = performance.now();
    const batchDone = Promise.all(batch.map((bytes) => sendAndWait(server, alice.idToken, bytes)));
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    const single = await sendAndWait(server, bob.idToken, during);
    const batchTimes = await batchDone;
    const batchSeconds = (performance.now() - batchStarted) / 1000;
    const last = Math.max(...batchTimes.map((t) => t.thumbnail));

    console.log(`database: ${DATABASE}; batch of ${BATCH} × ${MEGAPIXELS} MP, all sent at once`);
    console.log(
      `idle server, one photo: answered in ${idle.answered.toFixed(0)} ms, thumbnail after ${idle.thumbnail.toFixed(0)} ms`,
    );
    console.log(
      `one photo sent ${DELAY_MS} ms into another person's batch: answered in ${single.answered.toFixed(0)} ms, ` +
        `thumbnail after ${single.thumbnail.toFixed(0)} ms (${ratio(single.thumbnail, idle.thumbnail)} idle)`,
    );
    console.log(
      `the batch: last thumbnail after ${(last / 1000).toFixed(1)} s; ${(BATCH / batchSeconds).toFixed(2)} photos/s`,
    );
    run.finish({
      idle: { answeredMs: idle.answered, thumbnailMs: idle.thumbnail },
      duringBatch: { answeredMs: single.answered, thumbnailMs: single.thumbnail },
      ratioToIdle: single.thumbnail / idle.thumbnail,
      batch: { lastThumbnailMs: last, photosPerSecond: BATCH / batchSeconds },
    });
  } finally {
    await server.stop();
    await database?.drop();
  }
}

await main();
