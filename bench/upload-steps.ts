// The CPU time of each piece of an upload's image work, each timed alone on one 12-megapixel JPEG
// of noise read from a file (the worst case for every codec), with one libvips thread per operation
// as the server runs them: reading the header, the upload's check (a decode at most 100 px wide,
// for the placeholder), the job's decode shrunk to the preview's size, and the four WebP encodes.
// Prints the median of BENCH_ROUNDS (5) for each, in ms of CPU time of this process.
// Run: node --import tsx bench/upload-steps.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CARD_IMAGE_SIZES, IMAGE_SIZES } from '@photo/contract';
import { median } from './lib/lighthouse.js';
import { centreCrop, fitWithin, writeNoiseJpeg } from './lib/sharp-sizes.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

sharp.cache(false);
sharp.concurrency(1);

// A file, as the server reads an upload and a stored original.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-steps-'));
const jpeg = path.join(work, 'noise.jpg');
await writeNoiseJpeg(jpeg);

/** CPU time (user + system) of this process for one call, in ms. */
async function cpuMs(step: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await step();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

const decoded = await sharp(jpeg, { autoOrient: true })
  .resize(fitWithin(IMAGE_SIZES.preview))
  .raw()
  .toBuffer({ resolveWithObject: true });
const pixels = () => sharp(decoded.data, { raw: decoded.info });

const steps: [string, () => Promise<unknown>][] = [
  ['header and EXIF (metadata)', () => sharp(jpeg).metadata()],
  [
    "the upload's check: decode at most 100 px wide",
    () =>
      sharp(jpeg, { failOn: 'error', autoOrient: true })
        .resize(100, 100, { fit: 'inside' })
        .toColourspace('srgb')
        .ensureAlpha()
        .raw()
        .toBuffer(),
  ],
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
];

console.log(
  `One 4000 x 3000 JPEG of noise, ${(fs.statSync(jpeg).size / 1024 / 1024).toFixed(1)} MB; CPU time, median of ${rounds}:`,
);
for (const [name, step] of steps) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) times.push(await cpuMs(step));
  console.log(`  ${median(times).toFixed(0).padStart(5)} ms  ${name}`);
}
fs.rmSync(work, { recursive: true, force: true });
