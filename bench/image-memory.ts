// The memory the server's image work takes alone: its own function making an upload's derived
// sizes (makeDerivedSizes: one decode, four WebP encodes), with nothing of the server around it,
// over the same work as bench:upload's (twenty 12-megapixel JPEGs of noise, three rounds), in a
// fresh Node process with MALLOC_ARENA_MAX=2 as npm start sets it. Measured one image at a time
// and JOB_CONCURRENCY (2) at a time, as the server's jobs run them, each BENCH_ROUNDS (2) times in
// turn. Prints the resident memory after a warm-up image, the peak (10 ms samples and the kernel's
// high-water mark) and where it lay at the highest sample (/proc/PID/smaps): the baseline for
// bench:upload's memory growth, which adds receiving the uploads, the database and the HTTP server
// around the same image work.
// Run: npm run bench:image-memory   (BENCH_ROUNDS=2)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDerivedSizes } from '../apps/server/src/modules/files/files.images.js';
import {
  MAPPING_KINDS,
  procStatusKb,
  residentByKind,
  startPeakSampler,
  type ResidentByKind,
} from './lib/memory-map.js';
import { writeNoiseJpeg } from './lib/sharp-sizes.js';

const FILES = 20;
const PASSES = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const NOISE = { width: 4000, height: 3000, frames: 1 };

interface Measured {
  atATime: number;
  seconds: number;
  idleKb: number;
  peakKb: number;
  idle: ResidentByKind;
  peak: ResidentByKind;
}

/** In the child: the derived sizes of every file, PASSES times, `atATime` images at once. */
async function child(dir: string, atATime: number): Promise<void> {
  const files = Array.from({ length: FILES }, (_, i) => path.join(dir, `${i}.jpg`));
  await makeDerivedSizes(files[0]!, NOISE);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idleKb = procStatusKb(process.pid, 'VmRSS');
  const idle = residentByKind(process.pid)!;
  const sampler = startPeakSampler(process.pid);
  const started = performance.now();
  for (let pass = 0; pass < PASSES; pass += 1) {
    let next = 0;
    await Promise.all(
      Array.from({ length: atATime }, async () => {
        while (next < files.length) await makeDerivedSizes(files[next++]!, NOISE);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const { peakKb, peakByKind } = sampler.stop();
  const measured: Measured = { atATime, seconds, idleKb, peakKb, idle, peak: peakByKind ?? idle };
  process.stdout.write(JSON.stringify(measured));
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-image-memory-'));
  try {
    for (let i = 0; i < FILES; i += 1) await writeNoiseJpeg(path.join(work, `${i}.jpg`));
    const results: Measured[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const atATime of [1, 2]) {
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(import.meta.url), work, String(atATime)],
          { env: { ...process.env, MALLOC_ARENA_MAX: '2' }, encoding: 'utf8' },
        );
        if (run.status !== 0) throw new Error(`the measuring process failed:\n${run.stderr}`);
        results.push(JSON.parse(run.stdout) as Measured);
      }
    }
    const mb = (kb: number) => (kb / 1024).toFixed(1);
    console.log(
      `${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
        `${FILES} JPEGs of noise, 4000 x 3000, ${PASSES} passes; MALLOC_ARENA_MAX=2\n`,
    );
    console.log(
      '| images at a time | round | images/s | RSS after warm-up, MB | peak, MB | growth, MB |',
    );
    console.log('|---|---|---|---|---|---|');
    results.forEach((r, i) => {
      const round = Math.floor(i / 2) + 1;
      const rate = ((FILES * PASSES) / r.seconds).toFixed(2);
      console.log(
        `| ${r.atATime} | ${round} | ${rate} | ${mb(r.idleKb)} | ${mb(r.peakKb)} | ${mb(r.peakKb - r.idleKb)} |`,
      );
    });
    console.log('\nWhere the growth lay, MB (after warm-up → at the peak), by run:');
    console.log(
      `| mappings | ${results.map((r, i) => `${r.atATime} at a time, round ${Math.floor(i / 2) + 1}`).join(' | ')} |`,
    );
    console.log(`|---|${results.map(() => '---').join('|')}|`);
    for (const kind of MAPPING_KINDS) {
      const cells = results.map((r) => `${mb(r.idle[kind])} → ${mb(r.peak[kind])}`);
      console.log(`| ${kind} | ${cells.join(' | ')} |`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const [dir, atATime] = process.argv.slice(2);
if (dir && atATime) {
  await child(dir, Number(atATime));
} else {
  await main();
}
