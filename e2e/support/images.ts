import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { TestFile } from './api';

export interface JpegOptions {
  name?: string;
  width?: number;
  height?: number;
  /** Written as EXIF DateTimeOriginal (no offset: read as UTC by the server). */
  dateTaken?: Date;
  camera?: { make: string; model: string };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY:MM:DD HH:MM:SS", the EXIF date form. */
export function exifDate(date: Date): string {
  return (
    `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/**
 * A small JPEG of a random colour with a diagonal band, so that every image has its own bytes
 * (the server refuses the same bytes twice in one album).
 */
export async function makeJpeg(options: JpegOptions = {}): Promise<TestFile> {
  const width = options.width ?? 320;
  const height = options.height ?? 240;
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<polygon points="0,${height} ${width},0 ${width},${height / 3} ${width / 3},${height}" ` +
      `fill="rgb(${255 - background.r},${255 - background.g},${255 - background.b})"/></svg>`,
  );
  let image = sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: band }])
    .jpeg({ quality: 85 });
  const ifd0: Record<string, string> = {};
  const ifd2: Record<string, string> = {};
  if (options.camera) {
    ifd0.Make = options.camera.make;
    ifd0.Model = options.camera.model;
  }
  if (options.dateTaken) ifd2.DateTimeOriginal = exifDate(options.dateTaken);
  if (options.camera || options.dateTaken) image = image.withExif({ IFD0: ifd0, IFD2: ifd2 });
  return {
    name: options.name ?? `photo-${randomInt(1_000_000)}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await image.toBuffer(),
  };
}

/** Text bytes under an image's name: only a look at the content shows it is not a photo. */
export function fakeJpeg(name = 'notes.jpg'): TestFile {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.from('These are my notes, not a photo.\n'.repeat(20)),
  };
}

/** A vector drawing: an image, but not one the app accepts. */
export function svgDrawing(name = 'drawing.svg'): TestFile {
  return {
    name,
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
        '<circle cx="20" cy="20" r="18" fill="teal"/></svg>',
    ),
  };
}
