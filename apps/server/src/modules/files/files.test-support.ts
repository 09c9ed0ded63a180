/** Test helpers of the files module: real images made with sharp, multipart bodies, what is stored. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp, { type Exif } from 'sharp';
import type { TestContext } from '../../test/harness.js';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, built by hand so a test controls every byte. */
export function multipartBody(parts: Part[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----photo-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/files/upload with the bytes in the field "file". */
export function upload(
  app: FastifyInstance,
  token: string | null,
  data: Buffer | string,
  options: { filename?: string; contentType?: string; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    {
      name: options.field ?? 'file',
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  ]);
  const headers: Record<string, string> = { ...body.headers };
  if (token !== null) headers.idToken = token;
  return app.inject({ method: 'POST', url: '/api/files/upload', headers, payload: body.payload });
}

/** 200 x 100: the left half red, the right half blue. */
function redBlue() {
  return sharp({
    create: { width: 200, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } },
  }).composite([
    {
      input: {
        create: { width: 100, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } },
      },
      left: 100,
      top: 0,
    },
  ]);
}

/** The red/blue JPEG, with an EXIF orientation and any other EXIF fields. */
export async function redBlueJpeg(options: { orientation?: number; exif?: Exif } = {}) {
  let image = redBlue().jpeg({ quality: 95 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif) image = image.withExifMerge(options.exif);
  return image.toBuffer();
}

export type TestFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff';

/** A small image of the given format, with a gradient so each size gives distinct bytes. */
export async function imageOf(format: TestFormat, width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([
    await frame({ r: 255, g: 0, b: 0 }),
    await frame({ r: 0, g: 255, b: 0 }),
  ]);
  return sharp(frames, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

/** Random noise: does not compress, so its size is about what is asked. */
export async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: 'grey',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

export const isRed = (c: { r: number; g: number; b: number }) => c.r > 200 && c.g < 60 && c.b < 60;
export const isBlue = (c: { r: number; g: number; b: number }) => c.b > 200 && c.r < 60 && c.g < 60;

async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** What the files module has stored: rows, blob files (staging included) and temporary uploads. */
export async function stored(ctx: TestContext) {
  const { count } = await ctx.deps.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    rows: Number(count),
    blobs: (await filesUnder(path.join(ctx.dataDir, 'blobs'))).length,
    temporary: (await filesUnder(ctx.deps.uploadTmpDir)).length,
  };
}
