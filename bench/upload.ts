// Upload memory and speed: uploads twenty ~8 MB JPEGs (12 megapixels of noise) to the real server
// in a child process, streamed from disk, and prints the server's peak memory growth, how many
// images a second get their derived sizes as a ratio to sharp making the same derived images from
// the same files directly in this process (same concurrency, in the same run, batch by batch
// alternating with the server), the CPU time per image of the server, of this process sending
// and of sharp alone, and the upload throughput as a ratio to copying the same bytes on the same disk.
// Prints figures; fails only if something breaks.
// Run: npm run bench:upload   (BENCH_UPLOADS=20 BENCH_CONCURRENCY=4 BENCH_ROUNDS=3;
// BENCH_SERVER=built|source; BENCH_SEQUENTIAL=0 skips the one-at-a-time pass; BENCH_ALLOCATORS=defaults,arena (default) names the
// allocator settings measured: defaults, arena (MALLOC_ARENA_MAX=2), mmap; BENCH_SERVER_WRAPPER runs the
// server under a profiler, e.g. "heaptrack -o /tmp/upload", whose own cost then counts in every figure).
// npm run bench:upload:concurrent: fifty 12-megapixel uploads at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeJpeg } from '../apps/server/src/test/images.js';
import { startRun } from './lib/results.js';
import {
  cpuMicros,
  sendFile,
  serverArgs,
  serverWrapperNote,
  signUpUser,
  startAppProcess,
  untilThumbnail,
  type ServerProcess,
} from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { mean, ratio, sum } from './lib/stats.js';
import {
  MAPPING_KINDS,
  procStatusKb,
  startPeakSampler,
  type ResidentByKind,
} from './lib/memory-map.js';
import { fourSizesWithSharp, writeNoiseJpeg } from './lib/sharp-sizes.js';

const {
  BENCH_UPLOADS: UPLOADS,
  BENCH_CONCURRENCY: CONCURRENCY,
  BENCH_SEQUENTIAL: SEQUENTIAL,
  BENCH_ROUNDS: ROUNDS,
  BENCH_ALLOCATORS: ALLOCATOR_KEYS,
} = readSettings({
  BENCH_UPLOADS: 20,
  BENCH_CONCURRENCY: 4,
  BENCH_SEQUENTIAL: true,
  BENCH_ROUNDS: 3,
  BENCH_ALLOCATORS: ['defaults', 'arena'],
});
const MEMORY_BUDGET_MB = 64;
const MB = 1024 * 1024;

interface Server extends ServerProcess {
  mode: string;
}

async function startServer(dataDir: string, allocator: Allocator): Promise<Server> {
  const { args, mode } = serverArgs();
  const server = await startAppProcess(dataDir, {
    args,
    env: { MALLOC_ARENA_MAX: undefined, ...allocator.env },
  });
  return { ...server, mode: `${mode}${serverWrapperNote}` };
}

async function uploadFile(url: string, idToken: string, file: string): Promise<void> {
  const { id } = await sendFile(url, idToken, file);
  // Done when its thumbnail is served: a job makes the sizes after the upload answers.
  await untilThumbnail(url, id);
}

/** Uploads every file with at most `concurrency` at once; answers the wall time in ms. */
async function uploadAll(
  url: string,
  idToken: string,
  files: string[],
  concurrency: number,
): Promise<number> {
  const queue = [...files];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        await uploadFile(url, idToken, file);
      }
    }),
  );
  return performance.now() - started;
}

/**
 * The baseline: sharp alone, in this process, making the same four WebP images the server makes
 * (preview and thumbnail within 1600 and 600 px at quality 80, the 576 x 432 and 864 x 648 centre
 * crops at quality 72, upright) from each file, `concurrency` files at a time. Each file is decoded
 * once, shrunk while decoding to the preview's size, and the four images are encoded from those
 * pixels at the same time: the quickest plain use of sharp we know for this work.
 */
async function sharpDirect(files: string[], concurrency: number): Promise<number> {
  const queue = [...files];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        await fourSizesWithSharp(file);
      }
    }),
  );
  return performance.now() - started;
}

/**
 * glibc keeps freed memory in one arena per thread; libvips and libwebp allocate tens of megabytes
 * per image on several threads, so resident memory depends on the allocator's settings as much as
 * on the code. sharp recommends MALLOC_ARENA_MAX=2 (or jemalloc) on glibc; both are measured.
 */
interface Allocator {
  name: string;
  env: Record<string, string>;
}
const ALLOCATORS = (
  [
    { key: 'defaults', name: 'glibc defaults', env: {} },
    { key: 'arena', name: 'MALLOC_ARENA_MAX=2', env: { MALLOC_ARENA_MAX: '2' } },
    {
      key: 'mmap',
      name: 'MALLOC_ARENA_MAX=2, blocks over 128 KiB mapped and unmapped',
      env: {
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
      },
    },
  ] as (Allocator & { key: string })[]
).filter((a) => ALLOCATOR_KEYS.includes(a.key as (typeof ALLOCATOR_KEYS)[number]));

interface RunResult {
  allocator: Allocator;
  mode: string;
  /** Resident memory as the server answers its first request, before any upload. */
  startKb: number;
  /** After the warm-up upload (libvips loaded): growth is counted from here. */
  idleKb: number;
  idleByKind: ResidentByKind | null;
  peakKb: number;
  /** The highest 10 ms sample, and where its memory lay. */
  sampledPeakKb: number;
  peakByKind: ResidentByKind | null;
  /** Two seconds after the last upload. */
  afterKb: number;
  hwmAvailable: boolean;
  sequentialMs: number;
  /** Per round: the server's pass and sharp alone's pass over the same files, back to back. */
  uploadMs: number[];
  directMs: number[];
  /** CPU time over the rounds, µs: the server's process, this process while it uploads (sending and polling), sharp alone. */
  cpu: { server: number; client: number; direct: number };
}

/** User + system CPU time of this process so far, µs. */
function ownCpu(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** One server on a fresh data folder: warm-up, one pass one at a time, one pass CONCURRENCY at a time. */
async function measure(work: string, files: string[], allocator: Allocator): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  const server = await startServer(dataDir, allocator);
  let crashed = false;
  void server.exited.then(() => {
    crashed = true;
  });
  try {
    const startKb = procStatusKb(server.pid, 'VmRSS');
    // Warm-up: libvips loaded, routes compiled, a first image made.
    const alice = await signUpUser(server.url, 'upload-bench-a@example.com');
    const warmUp = path.join(work, 'warm-up.jpg');
    fs.writeFileSync(warmUp, await makeJpeg({ width: 800, height: 600 }));
    await uploadFile(server.url, alice.idToken, warmUp);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sampler = startPeakSampler(server.pid);
    const { startKb: idleKb, startByKind: idleByKind } = sampler;
    // Another user for the second pass, so no upload is a duplicate of one already stored.
    const sequentialMs = SEQUENTIAL ? await uploadAll(server.url, alice.idToken, files, 1) : 0;
    // Rounds over the same files, each cut into batches of CONCURRENCY files: every batch goes
    // through the server and through sharp alone back to back, the order alternating, so a machine
    // busy with other work slows both alike. A new user per round: no upload is a duplicate.
    const uploadMs: number[] = [];
    const directMs: number[] = [];
    const cpu = { server: 0, client: 0, direct: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await signUpUser(server.url, `upload-bench-${round}@example.com`);
      let upload = 0;
      let direct = 0;
      for (let start = 0; start < files.length; start += CONCURRENCY) {
        const batch = files.slice(start, start + CONCURRENCY);
        const serverFirst = (round + start / CONCURRENCY) % 2 === 0;
        const timedDirect = async () => {
          const before = ownCpu();
          direct += await sharpDirect(batch, CONCURRENCY);
          cpu.direct += ownCpu() - before;
        };
        if (!serverFirst) await timedDirect();
        const [serverBefore, clientBefore] = [cpuMicros(server.pid), ownCpu()];
        upload += await uploadAll(server.url, user.idToken, batch, CONCURRENCY);
        cpu.client += ownCpu() - clientBefore;
        cpu.server += cpuMicros(server.pid) - serverBefore;
        if (serverFirst) await timedDirect();
      }
      uploadMs.push(upload);
      directMs.push(direct);
    }
    const memory = sampler.stop();
    if (crashed) throw new Error('the server exited during the run');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterKb = procStatusKb(server.pid, 'VmRSS');

    // The uploads are really there, with thumbnails within 600 px.
    const thumbs = fs.readdirSync(path.join(dataDir, 'blobs', 'thumb'));
    const expected = ((SEQUENTIAL ? 1 : 0) + ROUNDS) * files.length + 1;
    if (thumbs.length !== expected) {
      throw new Error(`expected ${expected} thumbnails, found ${thumbs.length}`);
    }
    const thumbId = thumbs[0]!.replace(/\.webp$/, '');
    const thumb = await fetch(`${server.url}/api/files/show/${thumbId}?size=thumb`);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    if (thumb.status !== 200 || Math.max(thumbMeta.width, thumbMeta.height) > 600) {
      throw new Error(`thumbnail: ${thumb.status} ${thumbMeta.width} x ${thumbMeta.height}`);
    }
    return {
      allocator,
      mode: server.mode,
      startKb,
      idleKb,
      idleByKind,
      peakKb: memory.peakKb,
      sampledPeakKb: memory.sampledPeakKb,
      peakByKind: memory.peakByKind,
      afterKb,
      hwmAvailable: memory.hwmKb > 0,
      sequentialMs,
      uploadMs,
      directMs,
      cpu,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const run = startRun('upload');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-upload-'));
  try {
    // Distinct ~8 MB JPEGs: 4000 x 3000 of random noise, which JPEG cannot shrink.
    const imagesDir = path.join(work, 'images');
    fs.mkdirSync(imagesDir);
    const sharpDefaultConcurrency = sharp.concurrency();
    sharp.concurrency(os.availableParallelism());
    const files: string[] = [];
    const generated = performance.now();
    for (let i = 0; i < UPLOADS; i += 1) {
      const file = path.join(imagesDir, `photo-${String(i).padStart(2, '0')}.jpg`);
      await writeNoiseJpeg(file);
      files.push(file);
    }
    const totalBytes = sum(files.map((file) => fs.statSync(file).size));
    console.log(
      `Made ${UPLOADS} JPEGs of 4000 x 3000, ${(totalBytes / UPLOADS / MB).toFixed(1)} MB each on average, in ${((performance.now() - generated) / 1000).toFixed(1)} s.`,
    );

    // Baseline: copying the same bytes on the same disk, in this run.
    const copyDir = path.join(work, 'copies');
    fs.mkdirSync(copyDir);
    const copyStarted = performance.now();
    for (const file of files) {
      await fs.promises.copyFile(file, path.join(copyDir, path.basename(file)));
    }
    const copyMs = performance.now() - copyStarted;
    fs.rmSync(copyDir, { recursive: true, force: true });

    sharp.concurrency(sharpDefaultConcurrency);
    const results: RunResult[] = [];
    for (const allocator of ALLOCATORS) {
      console.log(`Uploading with the server on ${allocator.name}, and sharp alone between…`);
      results.push(await measure(work, files, allocator));
    }

    const mbPerS = (ms: number) => totalBytes / MB / (ms / 1000);
    const copyRate = mbPerS(copyMs);
    const mb = (kb: number) => (kb / 1024).toFixed(1);
    const row = (config: string, pass: string, ms: number, images: boolean) =>
      `| ${config} | ${pass} | ${(ms / 1000).toFixed(2)} | ${mbPerS(ms).toFixed(1)} | ${ratio(mbPerS(ms), copyRate, 3)} | ${images ? (UPLOADS / (ms / 1000)).toFixed(2) : '-'} |`;

    console.log(`\nUpload benchmark, ${run.startedAt.toISOString()}, server: ${results[0]!.mode}`);
    console.log(
      `${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start; ${UPLOADS} files per pass, ${(totalBytes / MB).toFixed(1)} MB\n`,
    );
    const perS = (ms: number) => UPLOADS / (ms / 1000);
    console.log(
      `| server | round | sharp alone, ${CONCURRENCY} at a time, images/s (baseline) | uploads, ${CONCURRENCY} at a time, images/s (all derived sizes made) | ratio |`,
    );
    console.log('|---|---|---|---|---|');
    for (const r of results) {
      r.uploadMs.forEach((ms, i) => {
        const direct = r.directMs[i]!;
        console.log(
          `| ${r.allocator.name} | ${i + 1} | ${perS(direct).toFixed(2)} | ${perS(ms).toFixed(2)} | ${ratio(direct, ms)} |`,
        );
      });
      const directAll = mean(r.directMs);
      const uploadAll = mean(r.uploadMs);
      console.log(
        `| ${r.allocator.name} | all rounds | ${perS(directAll).toFixed(2)} | ${perS(uploadAll).toFixed(2)} | **${ratio(directAll, uploadAll)}** (target >= 0.9) |`,
      );
    }
    // Both passes share two cores with nothing else of theirs: the CPU time each needs per image
    // bounds its rate, whatever the scheduling.
    console.log(
      '\n| server | CPU per image, ms: sharp alone | the server | this process sending and polling | (server + sending) / sharp alone |',
    );
    console.log('|---|---|---|---|---|');
    for (const r of results) {
      const images = ROUNDS * UPLOADS;
      const perImage = (micros: number) => micros / 1000 / images;
      console.log(
        `| ${r.allocator.name} | ${perImage(r.cpu.direct).toFixed(0)} | ${perImage(r.cpu.server).toFixed(0)} | ${perImage(r.cpu.client).toFixed(0)} | ${ratio(r.cpu.server + r.cpu.client, r.cpu.direct)} |`,
      );
    }
    console.log(
      '\n| server | pass | seconds | MB/s | ratio to fs.copyFile | images/s (all derived sizes made) |',
    );
    console.log('|---|---|---|---|---|---|');
    console.log(row('-', 'fs.copyFile of the same files (baseline)', copyMs, false));
    for (const r of results) {
      if (SEQUENTIAL)
        console.log(row(r.allocator.name, 'upload, one at a time', r.sequentialMs, true));
      console.log(
        row(
          r.allocator.name,
          `upload, ${CONCURRENCY} at a time (mean of the rounds)`,
          mean(r.uploadMs),
          true,
        ),
      );
    }
    console.log(
      `\n| server | RSS at start, MB | after warm-up, MB | peak, MB | 2 s after, MB | peak growth from warm-up, MB | within ${MEMORY_BUDGET_MB} MB |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      const growthKb = r.peakKb - r.idleKb;
      console.log(
        `| ${r.allocator.name} | ${mb(r.startKb)} | ${mb(r.idleKb)} | ${mb(r.peakKb)} | ${mb(r.afterKb)} | ${mb(growthKb)} | ${growthKb / 1024 <= MEMORY_BUDGET_MB ? 'yes' : 'NO'} |`,
      );
    }
    console.log(
      `\nPeak = the larger of VmRSS sampled every 10 ms and ${results.every((r) => r.hwmAvailable) ? 'the kernel high-water mark (VmHWM, reset before the passes)' : 'nothing else (VmHWM could not be reset here)'}.`,
    );
    for (const r of results) {
      const { idleByKind: idle, peakByKind: peak } = r;
      if (!idle || !peak) continue;
      console.log(
        `\nWhere the resident memory lay (/proc/PID/smaps), ${r.allocator.name}: after warm-up, and at the highest sample (${mb(r.sampledPeakKb)} MB)`,
      );
      console.log('| mappings | after warm-up, MB | at the highest sample, MB | growth, MB |');
      console.log('|---|---|---|---|');
      for (const kind of MAPPING_KINDS) {
        console.log(
          `| ${kind} | ${mb(idle[kind])} | ${mb(peak[kind])} | ${mb(peak[kind] - idle[kind])} |`,
        );
      }
    }
    const images = ROUNDS * UPLOADS;
    run.finish({
      serverMode: results[0]!.mode,
      files: { count: UPLOADS, totalBytes },
      copyMs,
      memoryBudgetMb: MEMORY_BUDGET_MB,
      servers: results.map(({ allocator, mode: _mode, ...r }) => ({
        allocator: allocator.name,
        ...r,
        ratioToSharpAlone: mean(r.directMs) / mean(r.uploadMs),
        ratioToSharpAloneByRound: r.uploadMs.map((ms, i) => r.directMs[i]! / ms),
        cpuMsPerImage: {
          sharpAlone: r.cpu.direct / 1000 / images,
          server: r.cpu.server / 1000 / images,
          sending: r.cpu.client / 1000 / images,
        },
        ratioToCopyByRate: copyMs / mean(r.uploadMs),
        peakGrowthMb: (r.peakKb - r.idleKb) / 1024,
      })),
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
