// Originals kept with their location (decision 0081): what it costs to give everyone but the
// owner a copy without the location, made once at upload and stored beside the original, against
// taking it out each time the file is served. Photo-like pictures: the real photographs that ship
// with scikit-image (chelsea, coffee, astronaut, hubble_deep_field) scaled to 12 megapixels
// (4032 x 3024) and saved as JPEG quality 90 with a phone's EXIF and a GPS block, as an iPhone
// writes them; and a 10-second H.264 clip with its place in ©xyz and Apple's ISO 6709 key.
// The baseline, measured in the same run: reading the original whole from disk (what serving a
// stored blob costs). Per file, median of BENCH_ROUNDS (5), one libvips thread as the server runs:
// - reading the stored copy without location (what serving it costs once it is made);
// - the copy made at upload by the server's writeWithoutLocation (a re-encode, once per upload);
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
  const read = await timed(() => fs.promises.readFile(file), ROUNDS * 20);
  const readCopy = await timed(() => fs.promises.readFile(copy), ROUNDS * 20);
  const makeCopy = await timed(() => writeWithoutLocation(file, info, `${file}.again.jpg`));
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
    copyBytes: fs.statSync(copy).size,
    copyBytesRatio: ratio(fs.statSync(copy).size, fs.statSync(file).size),
    baselineReadMs: Number(read.toFixed(2)),
    readStoredCopyRatio: ratio(readCopy, read),
    reencodeMs: Number(makeCopy.toFixed(1)),
    reencodeRatio: ratio(makeCopy, read),
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

const photos = [];
for (const [index, name] of PHOTOS.entries()) {
  const source = path.join(PHOTOS_DIR, name);
  if (!fs.existsSync(source)) continue;
  photos.push(await photoFigures(await phoneJpeg(source, index + 1)));
}
console.log('Photos (12 MP JPEG with GPS); ratios to reading the original whole:');
console.table(photos);
const video = await videoFigures();
console.log('Video (10 s 1080p H.264 MOV with its place); ratios to reading it whole:');
console.table([video]);
fs.rmSync(work, { recursive: true, force: true });
run.finish({ photos, video });
