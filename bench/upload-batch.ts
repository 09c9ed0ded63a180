// A batch as a person adds it: BENCH_UPLOADS (41) camera-like 12-megapixel JPEGs of about 2 MB
// (gradients, waves and grain) sent to the real server in a child process as the web app sends
// them (the resumable endpoint, then POST albumsDb/{id}/photos), as many at once as the server's
// client config says (parallelUploads; BENCH_CONCURRENCY overrides it). Prints, medians of
// BENCH_ROUNDS (2):
// - until every photo is added and its thumbnail served (files/show?size=thumb answers WebP), s;
// - until every photo is ready (every size made), s, and as a ratio to the baseline measured in the
//   same run, in turn with the server: sharp alone in this process making the same four sizes of
//   the same files, decoded once each, JOB_CONCURRENCY (2) files at a time;
// - the server's CPU seconds over the batch, and this process's (sending), against sharp alone's.
// Prints figures; fails only if something breaks.
// Run: npm run bench:upload-batch   (BENCH_UPLOADS=41 BENCH_ROUNDS=2 BENCH_CONCURRENCY=n;
// BENCH_SERVER=built|source). With BENCH_COMPARE_WITH=/path/to/another/checkout, that checkout's server
// (from its sources, through tsx) is measured too, after this one, each round beside a round of
// sharp alone, sending as many at once as it says (three when it does not).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type ClientConfig, type Photo, type UploadedFile } from '@photo/contract';
import { startRun } from './lib/results.js';
import {
  api,
  cpuMicros,
  sendFile,
  serverArgs,
  signUpUser,
  startAppProcess,
  untilThumbnail,
} from './lib/server.js';
import { readOptionalSettings, readSettings } from './lib/settings.js';
import { CAMERA_2MB, cameraLikeFiles, fourSizesWithSharp } from './lib/sharp-sizes.js';
import { median, ratio } from './lib/stats.js';

const { BENCH_UPLOADS: UPLOADS, BENCH_ROUNDS: ROUNDS } = readSettings({
  BENCH_UPLOADS: 41,
  BENCH_ROUNDS: 2,
});
const { BENCH_CONCURRENCY: CONCURRENCY, BENCH_COMPARE_WITH: other } = readOptionalSettings([
  'BENCH_CONCURRENCY',
  'BENCH_COMPARE_WITH',
]);
const JOB_CONCURRENCY = 2;

/** The resumable upload as the web app makes it (one PATCH: 2 MB is within a chunk). */
async function sendResumable(url: string, idToken: string, file: string): Promise<UploadedFile> {
  const bytes = fs.readFileSync(file);
  const metadata = `filename ${Buffer.from(path.basename(file)).toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`;
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: {
      idToken,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': metadata,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create: ${created.status}`);
  const patched = await fetch(new URL(location, url), {
    method: 'PATCH',
    headers: {
      idToken,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      Accept: 'application/json',
    },
    body: new Uint8Array(bytes),
  });
  const body = await patched.text();
  if (![200, 201, 204].includes(patched.status)) {
    throw new Error(`tus patch: ${patched.status} ${body}`);
  }
  return JSON.parse(body) as UploadedFile;
}

/**
 * Waits until the photo's thumbnail is served, asking every 250 ms (the web asks once a second):
 * a tighter poll of 41 photos at once would cost the server more than the work measured.
 */
async function untilThumbnailServed(url: string, id: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/files/show/${id}?size=thumb`, {
      headers: { 'if-none-match': `"${id}.original"` },
    });
    await res.arrayBuffer();
    if (res.status === 200 && res.headers.get('content-type') === 'image/webp') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function untilReady(url: string, idToken: string, photoId: string): Promise<void> {
  for (;;) {
    const photo = await api<Photo>(url, idToken, 'GET', `/api/photos/${photoId}`);
    if (photo.ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Round {
  thumbnailsMs: number;
  readyMs: number;
  serverCpuS: number;
  clientCpuS: number;
}

async function serverBatch(
  server: { url: string; pid: number },
  files: string[],
  round: number,
  parallel: number,
): Promise<Round> {
  const { url } = server;
  const { idToken } = await signUpUser(url, `bench-batch-${round}-${Date.now()}@example.com`);
  const cover = await sendFile(url, idToken, files[0]!);
  const album = await api<{ id: string }>(url, idToken, 'POST', '/api/albumsDb', {
    name: `Batch ${round}`,
    coverPhotoUrl: cover.url,
  });
  await untilThumbnail(url, cover.id);
  const queue = files.slice(1);
  const photoIds: string[] = [];
  const thumbnails: Promise<void>[] = [];
  const serverCpu = cpuMicros(server.pid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const uploaded = await sendResumable(url, idToken, file);
        const photo = await api<Photo>(url, idToken, 'POST', `/api/albumsDb/${album.id}/photos`, {
          fileId: uploaded.id,
        });
        photoIds.push(photo.id);
        thumbnails.push(untilThumbnailServed(url, uploaded.id));
      }
    }),
  );
  await Promise.all(thumbnails);
  const thumbnailsMs = performance.now() - started;
  for (const id of photoIds) await untilReady(url, idToken, id);
  const readyMs = performance.now() - started;
  const client = process.cpuUsage(clientCpu);
  return {
    thumbnailsMs,
    readyMs,
    serverCpuS: (cpuMicros(server.pid) - serverCpu) / 1e6,
    clientCpuS: (client.user + client.system) / 1e6,
  };
}

/** The baseline: sharp alone making the four sizes of each file, decoded once, 2 at a time. */
async function sharpBatch(files: string[]): Promise<{ ms: number; cpuS: number }> {
  const queue = files.slice(1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOB_CONCURRENCY }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        await fourSizesWithSharp(file);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuS: (used.user + used.system) / 1e6 };
}

/** Measures one server over ROUNDS rounds, each after a round of sharp alone. */
async function measure(
  files: string[],
  name: string,
  root: string | undefined,
): Promise<{
  name: string;
  parallel: number;
  rounds: (Round & { sharpMs: number; sharpCpuS: number })[];
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-upload-batch-'));
  const server = await startAppProcess(dataDir, {
    env: { MALLOC_ARENA_MAX: '2' },
    ...(root
      ? {
          args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
          cwd: root,
          wrapped: false,
        }
      : {}),
  });
  try {
    const config = (await (await fetch(`${server.url}/api/client-config`)).json()) as ClientConfig;
    const parallel = CONCURRENCY ?? config.upload.parallelUploads ?? 3;
    const rounds: (Round & { sharpMs: number; sharpCpuS: number })[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sharpAlone = await sharpBatch(files);
      const measured = await serverBatch(server, files, round, parallel);
      rounds.push({ ...measured, sharpMs: sharpAlone.ms, sharpCpuS: sharpAlone.cpuS });
    }
    return { name, parallel, rounds };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(measured: Awaited<ReturnType<typeof measure>>): void {
  const { rounds } = measured;
  const m = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`\n${measured.name}: ${measured.parallel} sent at once; medians of ${ROUNDS}\n`);
  console.log('| figure | median | rounds |');
  console.log('|---|---|---|');
  const row = (label: string, value: string, each: string[]) =>
    console.log(`| ${label} | ${value} | ${each.join(', ')} |`);
  row(
    'added, with thumbnails, s',
    s(m((r) => r.thumbnailsMs)),
    rounds.map((r) => s(r.thumbnailsMs)),
  );
  row(
    'every size ready, s',
    s(m((r) => r.readyMs)),
    rounds.map((r) => s(r.readyMs)),
  );
  row(
    'sharp alone, every size, s',
    s(m((r) => r.sharpMs)),
    rounds.map((r) => s(r.sharpMs)),
  );
  row(
    'every size ready against sharp alone (rate)',
    ratio(
      m((r) => r.sharpMs),
      m((r) => r.readyMs),
    ),
    rounds.map((r) => ratio(r.sharpMs, r.readyMs)),
  );
  row(
    'server CPU, s',
    m((r) => r.serverCpuS).toFixed(1),
    rounds.map((r) => r.serverCpuS.toFixed(1)),
  );
  row(
    'sending (this process) CPU, s',
    m((r) => r.clientCpuS).toFixed(1),
    rounds.map((r) => r.clientCpuS.toFixed(1)),
  );
  row(
    'sharp alone CPU, s',
    m((r) => r.sharpCpuS).toFixed(1),
    rounds.map((r) => r.sharpCpuS.toFixed(1)),
  );
}

async function main(): Promise<void> {
  const run = startRun('upload-batch');
  // files[0] warms the server up; the batch is the rest.
  const files = await cameraLikeFiles(UPLOADS + 1, CAMERA_2MB);
  const megabytes = files.slice(1).reduce((total, file) => total + fs.statSync(file).size, 0) / 1e6;
  sharp.cache(false);
  sharp.concurrency(1);
  console.log(
    `${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start; ` +
      `${UPLOADS} photos, 4000 x 3000, ${megabytes.toFixed(0)} MB`,
  );
  const results = [await measure(files, `this checkout, ${serverArgs().mode}`, undefined)];
  print(results[0]!);
  if (other) {
    results.push(await measure(files, `${other}, from its sources`, other));
    print(results[1]!);
  }
  console.log(`\n${run.finish({ megabytes, results })}`);
}

await main();
