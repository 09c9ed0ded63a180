// What the upload benches share to make the server's derived sizes with sharp directly, and the
// camera-sized JPEG of noise they measure on.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CARD_IMAGE_SIZES, IMAGE_SIZES } from '@photo/contract';

/** Within `edge` px on the long side, never enlarged: the preview and the thumbnail. */
export const fitWithin = (edge: number) =>
  ({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }) as const;

/** A centre crop to this size, never enlarged: the card sizes. */
export const centreCrop = ({ width, height }: { width: number; height: number }) =>
  ({ width, height, fit: 'cover', position: 'centre', withoutEnlargement: true }) as const;

/** Writes a 4000 x 3000 JPEG of random noise (about 7.6 MB), which no codec can shrink. */
export async function writeNoiseJpeg(file: string): Promise<void> {
  await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 82 })
    .toFile(file);
}

/**
 * How a camera-like JPEG looks: its grain's amplitude, whether a second wave crosses the blue
 * channel, and the JPEG quality. Each set of files is kept in its own folder between runs.
 */
export interface CameraLook {
  folder: string;
  grain: 16 | 8;
  crossWave: boolean;
  quality: number;
}

/** About 4 MB a file at quality 90 (bench:upload-to-thumbnail). */
export const CAMERA_4MB: CameraLook = {
  folder: 'photo-bench-camera-jpegs-v1',
  grain: 16,
  crossWave: true,
  quality: 90,
};

/** About 2 MB a file at quality 92, as a phone's 12-megapixel photo (bench:upload-batch). */
export const CAMERA_2MB: CameraLook = {
  folder: 'photo-bench-camera-jpegs-2mb-v2',
  grain: 8,
  crossWave: false,
  quality: 92,
};

const CAMERA_WIDTH = 4000;
const CAMERA_HEIGHT = 3000;

/**
 * A 4000 x 3000 JPEG that compresses like a camera's: smooth gradients and waves, which differ
 * from one seed to the next, under a fine grain of noise.
 */
async function writeCameraLikeJpeg(file: string, seed: number, look: CameraLook): Promise<void> {
  const [width, height] = [CAMERA_WIDTH, CAMERA_HEIGHT];
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(width * height);
  const mask = look.grain * 2 - 1;
  // Waves as sums of products of one-dimensional tables: no trigonometry per pixel.
  const table = (n: number, period: number, phase: number, f: typeof Math.sin) =>
    Float32Array.from({ length: n }, (_, i) => f(i / period + phase));
  const sx = table(width, 170 + seed * 7, seed, Math.sin);
  const sy = table(height, 130 + seed * 5, seed * 0.7, Math.sin);
  const cx = table(width, 300, seed * 1.3, Math.cos);
  const cy = table(height, 300, 0, Math.cos);
  const vx = table(width, 300, seed * 1.3, Math.sin);
  const vy = table(height, 300, 0, Math.sin);
  const cross = look.crossWave ? 1 : 0;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      const g = (grain[p]! & mask) - look.grain;
      pixels[p * 3] = clamp((x * 255) / width + g + 40 * (sx[x]! + sy[y]!) * 0.5);
      pixels[p * 3 + 1] = clamp((y * 255) / height + g + 40 * sx[x]! * sy[y]!);
      pixels[p * 3 + 2] = clamp(128 + g + 60 * (cx[x]! * cy[y]! + cross * vx[x]! * vy[y]!));
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: look.quality })
    .toFile(file);
}

/** `count` camera-like photos of this look, made once and kept between runs (they take a while). */
export async function cameraLikeFiles(count: number, look: CameraLook): Promise<string[]> {
  const dir = path.join(os.tmpdir(), look.folder);
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const file = path.join(dir, `photo-${String(i).padStart(2, '0')}.jpg`);
    if (!fs.existsSync(file)) {
      await writeCameraLikeJpeg(`${file}.part`, i + 1, look);
      fs.renameSync(`${file}.part`, file);
    }
    files.push(file);
  }
  return files;
}

/**
 * The server's four sizes of one file made by sharp alone (preview and thumbnail within 1600 and
 * 600 px at quality 80, the 576 x 432 and 864 x 648 centre crops at quality 72, upright): the
 * file is decoded once, shrunk while decoding to the preview's size, and the four images are
 * encoded from those pixels at the same time. The quickest plain use of sharp we know for it.
 */
export async function fourSizesWithSharp(file: string): Promise<void> {
  const { data, info } = await sharp(file, { autoOrient: true })
    .resize(fitWithin(IMAGE_SIZES.preview))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: info });
  await Promise.all([
    pixels().webp({ quality: 80 }).toBuffer(),
    pixels().resize(fitWithin(IMAGE_SIZES.thumb)).webp({ quality: 80 }).toBuffer(),
    pixels().resize(centreCrop(CARD_IMAGE_SIZES.card)).webp({ quality: 72 }).toBuffer(),
    pixels().resize(centreCrop(CARD_IMAGE_SIZES.card3x)).webp({ quality: 72 }).toBuffer(),
  ]);
}
