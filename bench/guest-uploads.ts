// Guest uploads through a share link: the real server in a child process, one album with an
// 'addPhotos' link, and BENCH_CONCURRENCY (20) guests, each from its own address, sending
// BENCH_UPLOADS (200) distinct JPEGs of BENCH_MP (1) megapixel in all, made with sharp. Meanwhile
// another signed-in person keeps fetching a thumbnail of theirs. Prints the errors (target: 0),
// that person's thumbnail latency during the storm (p95 and max; target: within 2 s), the server's
// resident memory growth (target: at most 128 MiB), and the same uploads sent in the same run by a
// signed-in user through POST files/upload as the baseline, with the ratios guest / baseline.
//
//   npm run bench:guest-uploads
//
// BENCH_UPLOADS, BENCH_CONCURRENCY, BENCH_MP; BENCH_SERVER=built|source (the build when fresh).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { procStatusKb } from './lib/memory-map.js';
import { startRun } from './lib/results.js';
import { api, serverArgs, signUpUser, startAppProcess, uploadPicture } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { percentile, ratio } from './lib/stats.js';

const {
  BENCH_UPLOADS: UPLOADS,
  BENCH_CONCURRENCY: GUESTS,
  BENCH_MP: MEGAPIXELS,
} = readSettings({ BENCH_UPLOADS: 200, BENCH_CONCURRENCY: 20, BENCH_MP: 1 });
const LATENCY_BUDGET_MS = 2000;
const MEMORY_BUDGET_MIB = 128;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-guests-'));
  const { args, mode } = serverArgs();
  const server = await startAppProcess(dataDir, {
    args,
    // Each guest sends from its own address (X-Forwarded-For), as guests on their phones do.
    env: { TRUST_PROXY: 'true' },
  });
  return {
    url: server.url,
    pid: server.pid,
    mode,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A distinct JPEG of about MEGAPIXELS: noise over a grey that depends on the seed. */
async function photo(seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40 + (seed % 180), g: 90 + ((seed * 7) % 120), b: 128 },
      noise: { type: 'gaussian', mean: 100 + (seed % 50), sigma: 12 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function form(bytes: Buffer, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return body;
}

interface Phase {
  seconds: number;
  errors: number;
  firstError: string | null;
  latencies: number[];
  rssGrowthMiB: number;
}

/**
 * Sends every photo with `send` from GUESTS workers, each taking the next photo, while another
 * person's thumbnail is fetched one request after another and the server's memory is sampled.
 */
async function storm(
  server: { url: string; pid: number },
  photos: Buffer[],
  thumbnailUrl: string,
  send: (bytes: Buffer, worker: number) => Promise<Response>,
): Promise<Phase> {
  const startKb = procStatusKb(server.pid, 'VmRSS');
  let peakKb = startKb;
  const sampler = setInterval(() => {
    peakKb = Math.max(peakKb, procStatusKb(server.pid, 'VmRSS'));
  }, 20);
  let done = false;
  const latencies: number[] = [];
  const watcher = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(thumbnailUrl);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`thumbnail: ${res.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: GUESTS }, async (_, worker) => {
      for (let i = next++; i < photos.length; i = next++) {
        const res = await send(photos[i]!, worker);
        const text = await res.text();
        if (res.status !== 201) {
          errors += 1;
          firstError ??= `${res.status} ${text.slice(0, 200)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await watcher;
  clearInterval(sampler);
  return { seconds, errors, firstError, latencies, rssGrowthMiB: (peakKb - startKb) / 1024 };
}

const run = startRun('guest-uploads');
const server = await startServer();
try {
  console.log(
    `server: ${server.mode}; ${GUESTS} guests, ${UPLOADS} photos of ${MEGAPIXELS} MP in all`,
  );
  const owner = await signUpUser(server.url, 'owner@bench.example');
  const watcherUser = await signUpUser(server.url, 'watcher@bench.example');
  const uploader = await signUpUser(server.url, 'uploader@bench.example');
  const cover = await uploadPicture(server.url, owner.idToken, await photo(100_000));
  const album = await api<{ id: string }>(server.url, owner.idToken, 'POST', '/api/albumsDb', {
    name: 'Wedding',
    coverPhotoUrl: cover.url,
  });
  await api(server.url, owner.idToken, 'PUT', `/api/albumsDb/${album.id}/visibility`, {
    visibility: 'invited',
  });
  const link = await api<{ token: string }>(
    server.url,
    owner.idToken,
    'POST',
    `/api/albumsDb/${album.id}/links`,
    { label: 'Guests', permission: 'addPhotos' },
  );
  const watched = await uploadPicture(server.url, watcherUser.idToken, await photo(100_001));
  const thumbnailUrl = `${server.url}/api/files/show/${watched.id}?size=thumb`;

  const made = performance.now();
  const baselinePhotos = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => photo(2 * i)));
  const guestPhotos = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => photo(2 * i + 1)),
  );
  const mib = guestPhotos.reduce((total, bytes) => total + bytes.length, 0) / 1024 ** 2;
  console.log(
    `made ${2 * UPLOADS} JPEGs (${mib.toFixed(0)} MiB a set) in ${((performance.now() - made) / 1000).toFixed(1)} s`,
  );

  const baseline = await storm(server, baselinePhotos, thumbnailUrl, (bytes) =>
    fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { idToken: uploader.idToken },
      body: form(bytes),
    }),
  );
  const guests = await storm(server, guestPhotos, thumbnailUrl, (bytes, worker) =>
    fetch(`${server.url}/api/shared/${link.token}/photos`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `198.51.100.${worker + 1}` },
      body: form(bytes, { guestName: `Guest ${worker + 1}` }),
    }),
  );
  const shared = await fetch(`${server.url}/api/shared/${link.token}`);
  const inAlbum = ((await shared.json()) as { photoCount: number }).photoCount;

  const summary = (phase: Phase) => ({
    seconds: Number(phase.seconds.toFixed(2)),
    photosPerSecond: Number((UPLOADS / phase.seconds).toFixed(1)),
    errors: phase.errors,
    firstError: phase.firstError,
    thumbnailFetches: phase.latencies.length,
    thumbnailP95Ms: Math.round(percentile(phase.latencies, 0.95)),
    thumbnailMaxMs: Math.round(Math.max(...phase.latencies)),
    rssGrowthMiB: Number(phase.rssGrowthMiB.toFixed(1)),
  });
  const figures = {
    guests: summary(guests),
    baseline: summary(baseline),
    photosInAlbum: inAlbum,
    ratios: {
      seconds: ratio(guests.seconds, baseline.seconds),
      thumbnailP95: ratio(percentile(guests.latencies, 0.95), percentile(baseline.latencies, 0.95)),
      rssGrowth: ratio(guests.rssGrowthMiB, Math.max(baseline.rssGrowthMiB, 0.1)),
    },
  };
  const row = (name: string, phase: ReturnType<typeof summary>) =>
    console.log(
      `${name.padEnd(9)} ${phase.seconds.toFixed(1).padStart(6)} s  ${String(phase.photosPerSecond).padStart(5)}/s  ` +
        `errors ${phase.errors}  thumbnail p95 ${phase.thumbnailP95Ms} ms, max ${phase.thumbnailMaxMs} ms ` +
        `(${phase.thumbnailFetches} fetches)  RSS +${phase.rssGrowthMiB} MiB`,
    );
  row('guests', figures.guests);
  row('baseline', figures.baseline);
  console.log(
    `guests / baseline: time ${figures.ratios.seconds}, thumbnail p95 ${figures.ratios.thumbnailP95}, ` +
      `RSS growth ${figures.ratios.rssGrowth}; photos in the album: ${inAlbum} (cover + ${UPLOADS})`,
  );
  const verdicts = [
    guests.errors === 0
      ? 'errors: 0 (ok)'
      : `errors: ${guests.errors} (target 0): ${guests.firstError}`,
    Math.max(...guests.latencies) <= LATENCY_BUDGET_MS
      ? `thumbnail within ${LATENCY_BUDGET_MS} ms (ok)`
      : `thumbnail max over ${LATENCY_BUDGET_MS} ms`,
    guests.rssGrowthMiB <= MEMORY_BUDGET_MIB
      ? `RSS growth within ${MEMORY_BUDGET_MIB} MiB (ok)`
      : `RSS growth over ${MEMORY_BUDGET_MIB} MiB`,
  ];
  console.log(verdicts.join('; '));
  run.finish(figures);
  if (guests.errors > 0 || inAlbum !== UPLOADS + 1) process.exitCode = 1;
} finally {
  await server.stop();
}
