// Originals kept with their location (decision 0081): what it costs to give everyone but the
// owner a copy without the location, made once at upload and stored beside the original, against
// taking it out each time the file is served. Photo-like pictures: the real photographs that ship
// with scikit-image (chelsea, coffee, astronaut, hubble_deep_field) scaled to 12 megapixels
// (4032 x 3024) and saved as JPEG quality 90 with a phone's EXIF and a GPS block, as an iPhone
// writes them; and a 10-second H.264 clip with its place in ©xyz and Apple's ISO 6709 key.
// The baseline, measured in the same run: reading the original whole from disk (what serving a
// stored blob costs). Per file, median of BENCH_ROUNDS (5), one libvips thread as the server runs:
// - reading the stored copy without location (what serving it costs once it is made);
// - the copy made at upload by the server's writeWithoutLocation: for a JPEG its marker segments
//   rewritten around the same compressed data (decision 0125), against the re-encode it replaced
//   (reencodeWithoutLocation, still used for other formats and JPEGs of unexpected structure),
//   wall-clock and CPU (the process's, libvips' threads included), their rounds taking turns
//   with the derived sizes made from the same file: what each copy adds to the CPU of a located
//   photo's image work at upload;
// - taking the location out while serving: that same re-encode for every request, or, for a
//   JPEG only, the bytes read and the GPS directory blanked in place (no re-encode; the lengths
//   kept, so ranges still work);
// - for the video: ffmpeg's stream copy without the location tags (what the server runs once at
//   upload, and would run for each request).
// Run: npm run bench:originals
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  inspectImage,
  makeDerivedSizes,
  reencodeWithoutLocation,
  writeWithoutLocation,
} from '../apps/server/src/modules/files/media/images.js';
import { removeGpsFromTiff } from '../apps/server/src/modules/files/heif/heif-location.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { median, ratio } from './lib/stats.js';

const { BENCH_ROUNDS: ROUNDS } = readSettings({ BENCH_ROUNDS: 5 });
const run = startRun('originals-location');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-originals-'));
const PHOTOS_DIR = '/usr/lib/python3/dist-packages/skimage/data';
const PHOTOS = ['chelsea.png', 'coffee.png', 'astronaut.png', 'hubble_deep_field.jpg'];
/** The ffmpeg the server runs unless told otherwise (FFMPEG_PATH, else the PATH's). */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

sharp.cache(false);
sharp.concurrency(1);

/** A real photograph at 12 MP, as a phone's JPEG with its place. */
async function phoneJpeg(source: string, index: number): Promise<string> {
  const file = path.join(work, `IMG_000${index}.jpg`);
  await sharp(source)
    .resize(4032, 3024, { fit: 'fill', kernel: 'lanczos3' })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: '17.1' },
      IFD2: { DateTimeOriginal: '2024:06:01 10:00:00', OffsetTimeOriginal: '+02:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 3024/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
        GPSAltitudeRef: '0',
        GPSAltitude: '35/1',
      },
    })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

/**
 * Milliseconds of a step, median of `rounds` (ROUNDS unless told) after one warm-up. Reads take a
 * millisecond or so and vary with the machine's other work: they are timed 20 times as often.
 */
async function timed(step: () => Promise<unknown>, rounds = ROUNDS): Promise<number> {
  await step();
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await step();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Milliseconds of each step, wall-clock and CPU (the process's, libvips' threads included),
 * medians of `rounds` after one warm-up each; each round runs every step, in an order turned by
 * one from round to round, so the machine's other work weighs on all alike.
 */
async function timedInTurns(
  steps: (() => Promise<unknown>)[],
  rounds = ROUNDS,
): Promise<{ wallMs: number; cpuMs: number }[]> {
  for (const step of steps) await step();
  const samples = steps.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < steps.length; turn += 1) {
      const index = (round + turn) % steps.length;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await steps[index]!();
      samples[index]!.wall.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      samples[index]!.cpu.push((cpu.user + cpu.system) / 1000);
    }
  }
  return samples.map(({ wall, cpu }) => ({ wallMs: median(wall), cpuMs: median(cpu) }));
}

/** The JPEG's bytes with its GPS directory blanked in place (APP1 Exif's TIFF data). */
function blankJpegGps(bytes: Buffer): Buffer {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      removeGpsFromTiff(bytes.subarray(offset + 10, offset + 2 + length));
      return bytes;
    }
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return bytes;
}

async function photoFigures(file: string) {
  const info = await inspectImage(file, 'jpeg');
  if (!info.hasLocation) throw new Error(`${file} carries no location`);
  const copy = `${file}.placeless.jpg`;
  await writeWithoutLocation(file, info, copy);
  const reencoded = `${file}.reencoded.jpg`;
  await reencodeWithoutLocation(file, info, reencoded);
  const read = await timed(() => fs.promises.readFile(file), ROUNDS * 20);
  const readCopy = await timed(() => fs.promises.readFile(copy), ROUNDS * 20);
  const [lossless, reencode, derivedSizes] = await timedInTurns([
    () => writeWithoutLocation(file, info, `${file}.again.jpg`),
    () => reencodeWithoutLocation(file, info, `${file}.again.jpg`),
    () => makeDerivedSizes(file, info),
  ]);
  const blankInPlace = await timed(
    async () => blankJpegGps(await fs.promises.readFile(file)),
    ROUNDS * 20,
  );
  const blanked = blankJpegGps(await fs.promises.readFile(file));
  const again = await inspectImage(
    await fs.promises.writeFile(`${file}.blanked.jpg`, blanked).then(() => `${file}.blanked.jpg`),
    'jpeg',
  );
  return {
    file: path.basename(file),
    bytes: fs.statSync(file).size,
    // The copy drops the original's EXIF and writes a smaller one: a few bytes in a megabyte.
    copyBytesChange: fs.statSync(copy).size - fs.statSync(file).size,
    reencodedBytesRatio: ratio(fs.statSync(reencoded).size, fs.statSync(file).size),
    baselineReadMs: Number(read.toFixed(2)),
    readStoredCopyRatio: ratio(readCopy, read),
    losslessCopyMs: Number(lossless!.wallMs.toFixed(1)),
    reencodeMs: Number(reencode!.wallMs.toFixed(1)),
    losslessToReencode: ratio(lossless!.wallMs, reencode!.wallMs, 3),
    losslessCpuMs: Number(lossless!.cpuMs.toFixed(1)),
    reencodeCpuMs: Number(reencode!.cpuMs.toFixed(1)),
    losslessToReencodeCpu: ratio(lossless!.cpuMs, reencode!.cpuMs, 3),
    derivedSizesCpuMs: Number(derivedSizes!.cpuMs.toFixed(1)),
    // The CPU of a located photo's image work at upload (derived sizes and copy) against the
    // derived sizes alone (a photo without location), with each way of making the copy.
    uploadCpuLossless: ratio(derivedSizes!.cpuMs + lossless!.cpuMs, derivedSizes!.cpuMs),
    uploadCpuReencode: ratio(derivedSizes!.cpuMs + reencode!.cpuMs, derivedSizes!.cpuMs),
    reencodeRatio: ratio(reencode!.wallMs, read),
    blankInPlaceRatio: ratio(blankInPlace, read),
    blankedStillHasLocation: again.hasLocation,
  };
}

/** A 10 s 1080p H.264 clip with its place, as a phone's MOV carries it. */
function locatedClip(): string {
  const clip = path.join(work, 'IMG_0005.mov');
  execFileSync(
    FFMPEG,
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=10'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-metadata', 'location=+48.8584+002.2945/', '-movflags', 'use_metadata_tags'],
      ...['-metadata', 'com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/'],
      clip,
    ],
    { stdio: 'ignore' },
  );
  return clip;
}

async function videoFigures() {
  const clip = locatedClip();
  const copy = path.join(work, 'IMG_0005.placeless.mov');
  const remux = () =>
    Promise.resolve(
      execFileSync(
        FFMPEG,
        ['-v', 'error', '-y', '-i', clip, '-map', '0', '-c', 'copy', '-map_metadata', '-1', copy],
        { stdio: 'ignore' },
      ),
    );
  const read = await timed(() => fs.promises.readFile(clip), ROUNDS * 20);
  const streamCopy = await timed(remux);
  const readCopy = await timed(() => fs.promises.readFile(copy), ROUNDS * 20);
  return {
    bytes: fs.statSync(clip).size,
    baselineReadMs: Number(read.toFixed(2)),
    readStoredCopyRatio: ratio(readCopy, read),
    streamCopyMs: Number(streamCopy.toFixed(1)),
    streamCopyRatio: ratio(streamCopy, read),
  };
}

const photos: Awaited<ReturnType<typeof photoFigures>>[] = [];
for (const [index, name] of PHOTOS.entries()) {
  const source = path.join(PHOTOS_DIR, name);
  if (!fs.existsSync(source)) continue;
  photos.push(await photoFigures(await phoneJpeg(source, index + 1)));
}
const columns = (names: string[]) =>
  photos.map((photo) =>
    Object.fromEntries(Object.entries(photo).filter(([name]) => names.includes(name))),
  );
console.log(
  "Photos (12 MP JPEG with GPS), the copy without location made at upload: lossless (segments rewritten) against re-encoded, wall-clock and CPU; a located upload's image work (CPU) against the derived sizes alone:",
);
console.table(
  columns([
    'file',
    'copyBytesChange',
    'reencodedBytesRatio',
    'losslessCopyMs',
    'reencodeMs',
    'losslessToReencode',
    'losslessCpuMs',
    'reencodeCpuMs',
    'losslessToReencodeCpu',
    'derivedSizesCpuMs',
    'uploadCpuLossless',
    'uploadCpuReencode',
  ]),
);
console.log('The same photos served; ratios to reading the original whole:');
console.table(
  columns([
    'file',
    'bytes',
    'baselineReadMs',
    'readStoredCopyRatio',
    'reencodeRatio',
    'blankInPlaceRatio',
    'blankedStillHasLocation',
  ]),
);
const video = await videoFigures();
console.log('Video (10 s 1080p H.264 MOV with its place); ratios to reading it whole:');
console.table([video]);
fs.rmSync(work, { recursive: true, force: true });
run.finish({ photos, video });
