// Fairness of image work between people: one person sends a batch of camera-sized photos at once
// (BENCH_BATCH, 50), and while it is being processed another person sends one. Prints how long
// that one photo took from its send until its thumbnail was served, against the same photo sent
// on an idle server in the same run, and how long the batch took.
//
//   npm run build && npm run bench:fairness
//
// BENCH_BATCH (50), BENCH_MP (12: megapixels of each photo), BENCH_DELAY_MS (2000: when the single
// photo is sent after the batch started), BENCH_DATABASE=sqlite|postgres.
import sharp from 'sharp';
import pg from 'pg';
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
} = readSettings({
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

async function main() {
  const run = startRun('fairness');
  let database: { url: string; drop: () => Promise<void> } | undefined;
  if (DATABASE === 'postgres') {
    const name = `photo_bench_${Date.now()}`;
    const admin = new pg.Client({
      connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    database = {
      url: `postgres://postgres@127.0.0.1:5432/${name}`,
      drop: async () => {
        const client = new pg.Client({
          connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
        });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
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
