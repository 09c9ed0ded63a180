import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { createLimiter } from '../../../lib/limiter.js';
import { PROCESSING_TIMEOUT_SECONDS } from '../media/images.js';

const run = promisify(execFile);

/** JPEG quality of a HEIC's still: every derived size is made from it, so it loses little. */
export const STILL_QUALITY = 90;

/**
 * How a HEIF image is decoded: by the machine's libheif command (`heif-dec`, or `heif-convert` of
 * older libheif-examples) when one is installed, which is faster and lighter; else by libheif
 * compiled to WebAssembly (the libheif-js package), in a worker thread.
 */
export type HeifDecoder = { kind: 'command'; command: string } | { kind: 'wasm' };

const COMMANDS = ['heif-dec', 'heif-convert'];

let found: Promise<HeifDecoder> | undefined;

/** The decoder this machine has (looked for once, on the PATH). */
export function heifDecoder(): Promise<HeifDecoder> {
  found ??= (async () => {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      for (const name of COMMANDS) {
        const command = path.join(dir, name);
        try {
          await fs.access(command, fs.constants.X_OK);
          return { kind: 'command', command } as const;
        } catch {
          // Not here: the next folder, or the WebAssembly build.
        }
      }
    }
    return { kind: 'wasm' } as const;
  })();
  return found;
}

/** The decoder could not read the image: damaged, or coded in a way it does not know. */
export class HeifDecodeError extends Error {}

/**
 * One HEIF decode at a time in this process: a 12-megapixel picture is about 50 MB of pixels, and
 * the WebAssembly decoder holds about 200 MB while it works. Uploads of other kinds go on meanwhile.
 */
const decoding = createLimiter(1);

/**
 * Decodes the primary image of the HEIF file into an upright JPEG (its irot and imir applied by
 * libheif, no metadata at all: EXIF orientation must not turn it again), full size, quality 90.
 * The caller has checked its size (ispe) against the pixel limit first.
 */
export async function decodeHeifToJpeg(
  file: string,
  out: string,
  decoder?: HeifDecoder,
): Promise<{ width: number; height: number }> {
  const use = decoder ?? (await heifDecoder());
  return decoding(() =>
    use.kind === 'command' ? decodeWithCommand(use.command, file, out) : decodeWithWasm(file, out),
  );
}

async function decodeWithCommand(
  command: string,
  file: string,
  out: string,
): Promise<{ width: number; height: number }> {
  try {
    await run(command, ['--quality', String(STILL_QUALITY), file, out], {
      timeout: PROCESSING_TIMEOUT_SECONDS * 1000,
      maxBuffer: 64 * 1024,
    });
  } catch (error) {
    throw new HeifDecodeError('libheif could not decode the image', { cause: error });
  }
  // libheif's JPEG writer copies the EXIF block (orientation and location included): the still
  // keeps none of it, so nothing turns it a second time and no location is stored with it.
  const jpeg = await fs.readFile(out).catch((error: unknown) => {
    throw new HeifDecodeError('libheif wrote no image', { cause: error });
  });
  const stripped = withoutMetadataSegments(jpeg);
  if (stripped !== jpeg) await fs.writeFile(out, stripped);
  const { width, height } = await sharp(stripped).metadata();
  if (!width || !height) throw new HeifDecodeError('libheif wrote an empty image');
  return { width, height };
}

/**
 * A JPEG without its APP1 segments (EXIF, XMP): segments are walked by their lengths up to the
 * start of scan; the entropy-coded data after it is copied as it is.
 */
export function withoutMetadataSegments(jpeg: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let pos = 2;
  let dropped = false;
  while (pos + 4 <= jpeg.length && jpeg[pos] === 0xff) {
    const marker = jpeg[pos + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is image data
    const length = jpeg.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > jpeg.length) return jpeg;
    if (marker === 0xe1) dropped = true;
    else kept.push(jpeg.subarray(pos, pos + 2 + length));
    pos += 2 + length;
  }
  if (!dropped) return jpeg;
  kept.push(jpeg.subarray(pos));
  return Buffer.concat(kept);
}

/** The WebAssembly decoder's memory beyond pixels and the file; the worker's heap is capped too. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

const require = createRequire(import.meta.url);

/**
 * The worker: loads libheif (WebAssembly), decodes the primary image into RGBA and hands the
 * pixels back (transferred, not copied). Plain JavaScript in a string, so it runs the same from
 * the sources (tests) and from the bundled server.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
const decoder = new libheif.HeifDecoder();
const images = decoder.decode(workerData.bytes);
const image = images.find((candidate) => candidate.is_primary()) || images[0];
if (!image) {
  parentPort.postMessage({ error: 'no image in the file' });
} else {
  const width = image.get_width();
  const height = image.get_height();
  const data = new Uint8ClampedArray(width * height * 4);
  image.display({ data, width, height }, (displayed) => {
    for (const each of images) each.free();
    if (!displayed) parentPort.postMessage({ error: 'the image could not be decoded' });
    else parentPort.postMessage({ width, height, pixels: data.buffer }, [data.buffer]);
  });
}
`;

async function decodeWithWasm(
  file: string,
  out: string,
): Promise<{ width: number; height: number }> {
  const bytes = await fs.readFile(file);
  const result = await new Promise<{ width: number; height: number; pixels: ArrayBuffer }>(
    (resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), bytes },
        resourceLimits: WORKER_LIMITS,
        // Plain CommonJS whatever flags this process started with (--input-type=module, loaders).
        execArgv: [],
        stdout: true,
        stderr: true,
      });
      // libheif-js reports failures on the console: they are answered as errors instead.
      worker.stdout.resume();
      worker.stderr.resume();
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new HeifDecodeError('decoding the image took too long'));
      }, PROCESSING_TIMEOUT_SECONDS * 1000);
      worker.once(
        'message',
        (message: { error?: string; width: number; height: number; pixels: ArrayBuffer }) => {
          clearTimeout(timer);
          void worker.terminate();
          if (message.error) reject(new HeifDecodeError(message.error));
          else resolve(message);
        },
      );
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(new HeifDecodeError('libheif could not decode the image', { cause: error }));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new HeifDecodeError(`the decoder stopped (${code})`));
      });
    },
  );
  const { width, height } = result;
  await sharp(Buffer.from(result.pixels), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: STILL_QUALITY })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toFile(out);
  return { width, height };
}
