// An upload's image work alone, with nothing of the server around it, on 4000 x 3000 JPEGs of
// noise (about 7.6 MB each, the worst case for every codec), in two parts:
// - CPU time of each piece, timed alone on one file with one libvips thread per operation as the
//   server runs them, median of BENCH_STEP_ROUNDS (5): reading the header, the upload's placeholder
//   (the server's makePlaceholder, a decode at most 100 px wide), the job's decode shrunk to the
//   preview's size, each of the four WebP encodes, the server's whole makeDerivedSizes (one decode,
//   four encodes), and a placeholder made from the thumbnail (as after an edit); the placeholders
//   also as ratios to the derived sizes. Then an upload's whole image work as the server does it
//   (decision 0128: the placeholder and the thumbnail from one decode in the upload, the job's
//   makeLaterSizes) against the three decodes before it (makePlaceholder, makeThumbnail,
//   makeLaterSizes) and against sharp alone (the job's decode and the four encodes).
// - Memory: makeDerivedSizes over BENCH_IMAGES files (20) BENCH_PASSES times (3), the work of
//   bench:upload, in a fresh Node process with MALLOC_ARENA_MAX=2 as npm start sets it, one image
//   at a time and JOB_CONCURRENCY (2) at a time as the server's jobs run them, each BENCH_ROUNDS
//   (2) times in turn. Prints the resident memory after a warm-up image, the peak (10 ms samples
//   and the kernel's high-water mark) and where it lay at the highest sample (/proc/PID/smaps):
//   the baseline for bench:upload's memory growth, which adds receiving the uploads, the database
//   and the HTTP server around the same image work.
// Run: npm run bench:image-work
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CARD_IMAGE_SIZES, IMAGE_SIZES } from '@photo/contract';
import {
  makeDerivedSizes,
  makeLaterSizes,
  makeThumbnail,
} from '../apps/server/src/modules/files/media/images.js';
import {
  makePlaceholder,
  makePlaceholderAndThumbnail,
} from '../apps/server/src/modules/files/media/placeholder.js';
import { MAPPING_KINDS, startPeakSampler, type ResidentByKind } from './lib/memory-map.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { centreCrop, fitWithin, writeNoiseJpeg } from './lib/sharp-sizes.js';
import { median, ratio } from './lib/stats.js';

const {
  BENCH_IMAGES: FILES,
  BENCH_PASSES: PASSES,
  BENCH_ROUNDS: ROUNDS,
  BENCH_STEP_ROUNDS: STEP_ROUNDS,
} = readSettings({ BENCH_IMAGES: 20, BENCH_PASSES: 3, BENCH_ROUNDS: 2, BENCH_STEP_ROUNDS: 5 });
const NOISE = { width: 4000, height: 3000, frames: 1 };

/** CPU time (user + system) of this process for one call, in ms. */
async function cpuMs(step: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await step();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/**
 * The CPU time of each piece of the work on one file, median of STEP_ROUNDS. Leaves sharp with one
 * thread and no cache: the memory is measured in other processes.
 */
async function steps(jpeg: string) {
  sharp.cache(false);
  sharp.concurrency(1);
  const decoded = await sharp(jpeg, { autoOrient: true })
    .resize(fitWithin(IMAGE_SIZES.preview))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(decoded.data, { raw: decoded.info });
  const { thumb } = await makeDerivedSizes(jpeg, NOISE);
  const pieces: [string, () => Promise<unknown>][] = [
    ['header and EXIF (metadata)', () => sharp(jpeg).metadata()],
    ["the upload's placeholder (makePlaceholder of the original)", () => makePlaceholder(jpeg)],
    [
      "the job's decode, shrunk to 1600 px",
      () =>
        sharp(jpeg, { failOn: 'error', autoOrient: true })
          .resize(fitWithin(IMAGE_SIZES.preview))
          .raw()
          .toBuffer(),
    ],
    ['WebP preview, 1600 px', () => pixels().webp({ quality: 80 }).toBuffer()],
    [
      'WebP thumbnail, 600 px',
      () => pixels().resize(fitWithin(IMAGE_SIZES.thumb)).webp({ quality: 80 }).toBuffer(),
    ],
    [
      `WebP ${CARD_IMAGE_SIZES.card3x.width} x ${CARD_IMAGE_SIZES.card3x.height} crop`,
      () => pixels().resize(centreCrop(CARD_IMAGE_SIZES.card3x)).webp({ quality: 72 }).toBuffer(),
    ],
    [
      `WebP ${CARD_IMAGE_SIZES.card.width} x ${CARD_IMAGE_SIZES.card.height} crop`,
      () => pixels().resize(centreCrop(CARD_IMAGE_SIZES.card)).webp({ quality: 72 }).toBuffer(),
    ],
    ['all derived sizes (makeDerivedSizes)', () => makeDerivedSizes(jpeg, NOISE)],
    ['placeholder from the 600 px thumbnail (after an edit)', () => makePlaceholder(thumb)],
    ["the job's thumbnail alone (makeThumbnail)", () => makeThumbnail(jpeg)],
    ["the job's sizes after the thumbnail (makeLaterSizes)", () => makeLaterSizes(jpeg, NOISE)],
    [
      "the upload's placeholder and thumbnail, one decode (makePlaceholderAndThumbnail)",
      () => makePlaceholderAndThumbnail(jpeg),
    ],
  ];
  const figures: { step: string; cpuMs: number }[] = [];
  for (const [step, run] of pieces) {
    const times: number[] = [];
    for (let round = 0; round < STEP_ROUNDS; round += 1) times.push(await cpuMs(run));
    figures.push({ step, cpuMs: median(times) });
  }
  return figures;
}

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
  const sampler = startPeakSampler(process.pid);
  const idleKb = sampler.startKb;
  const idle = sampler.startByKind!;
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
  const run = startRun('image-work');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-image-work-'));
  try {
    for (let i = 0; i < FILES; i += 1) await writeNoiseJpeg(path.join(work, `${i}.jpg`));
    const first = path.join(work, '0.jpg');

    const pieces = await steps(first);
    console.log(
      `One 4000 x 3000 JPEG of noise, ${(fs.statSync(first).size / 1024 / 1024).toFixed(1)} MB; ` +
        `CPU time, median of ${STEP_ROUNDS}:`,
    );
    for (const { step, cpuMs } of pieces) {
      console.log(`  ${cpuMs.toFixed(0).padStart(5)} ms  ${step}`);
    }
    const cpuOf = (start: string) => pieces.find((p) => p.step.startsWith(start))!.cpuMs;
    const derived = cpuOf('all derived sizes');
    const placeholders = {
      upload: cpuOf("the upload's placeholder") / derived,
      fromThumbnail: cpuOf('placeholder from the 600 px thumbnail') / derived,
    };
    console.log(
      `  placeholders against all derived sizes (the baseline): the upload's ` +
        `${ratio(cpuOf("the upload's placeholder"), derived, 3)}, from the thumbnail ` +
        `${ratio(cpuOf('placeholder from the 600 px thumbnail'), derived, 3)}`,
    );
    const later = cpuOf("the job's sizes after the thumbnail");
    const uploadWork = {
      threeDecodes: cpuOf("the upload's placeholder") + cpuOf("the job's thumbnail alone") + later,
      thumbnailAtUpload: cpuOf("the upload's placeholder and thumbnail") + later,
      sharpAlone:
        cpuOf("the job's decode") +
        cpuOf('WebP preview') +
        cpuOf('WebP thumbnail') +
        pieces.filter((p) => p.step.endsWith(' crop')).reduce((total, p) => total + p.cpuMs, 0),
    };
    console.log(
      `  an upload's image work in all: ${uploadWork.thumbnailAtUpload.toFixed(0)} ms with the ` +
        `thumbnail made at upload, ${uploadWork.threeDecodes.toFixed(0)} ms with three decodes ` +
        `(placeholder, thumbnail, the rest), ${uploadWork.sharpAlone.toFixed(0)} ms for sharp ` +
        `alone (one decode, four encodes): sharp alone against each, ` +
        `${ratio(uploadWork.sharpAlone, uploadWork.thumbnailAtUpload, 2)} and ` +
        `${ratio(uploadWork.sharpAlone, uploadWork.threeDecodes, 2)}\n`,
    );

    const results: Measured[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const atATime of [1, 2]) {
        const measuring = spawnSync(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(import.meta.url), work, String(atATime)],
          { env: { ...process.env, MALLOC_ARENA_MAX: '2' }, encoding: 'utf8' },
        );
        if (measuring.status !== 0) {
          throw new Error(`the measuring process failed:\n${measuring.stderr}`);
        }
        results.push(JSON.parse(measuring.stdout) as Measured);
      }
    }
    const mb = (kb: number) => (kb / 1024).toFixed(1);
    console.log(
      `${os.availableParallelism()} CPUs, load average ${run.loadAverage[0]!.toFixed(1)} at the start; ` +
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
    run.finish({
      steps: pieces,
      placeholdersToDerivedSizes: placeholders,
      uploadWorkCpuMs: uploadWork,
      memory: results.map((r, i) => ({
        ...r,
        round: Math.floor(i / 2) + 1,
        imagesPerSecond: (FILES * PASSES) / r.seconds,
        growthMb: (r.peakKb - r.idleKb) / 1024,
      })),
    });
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
