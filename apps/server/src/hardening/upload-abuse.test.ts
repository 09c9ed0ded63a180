/**
 * Uploads made to hurt: payloads riding after an image, animations over the pixel limit,
 * decompression bombs, broken files, empty files and the size limit. Each is refused with nothing
 * left behind, or stored with only the image's own bytes.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, type UploadedFile } from '@photo/contract';
import { stored } from '../modules/files/store/test-support.js';
import { signUp, type TestContext, type TestUser, useTestContext } from '../test/harness.js';
import { sha256 } from '../test/hash.js';
import { animatedGif, imageOf, noiseJpeg, type TestFormat } from '../test/images.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
});

const show = (id: string, size?: 'thumb' | 'preview') => ctx.api().show(id, size);

/** Expects a refusal with this status and code, and nothing stored or left behind. */
async function expectRefused(
  bytes: Buffer,
  status: number,
  code: string,
  context: TestContext = ctx,
  user: TestUser = alice,
) {
  const before = await stored(context);
  const res = await context.api(user).upload(bytes, { filename: 'x.bin' });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(await stored(context)).toEqual({ ...before, temporary: 0 });
  return res.json<{ error: { message: string } }>().error.message;
}

const html = Buffer.from(
  `<!doctype html><html><body><script>fetch('/api/users/me')</script>${'<p>filler</p>'.repeat(15_000)}</body></html>`,
);

/** A GIF whose frames are those of `gif` repeated `times` times (header, colours and loop kept). */
function repeatGifFrames(gif: Buffer, times: number): Buffer {
  const flags = gif[10]!;
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let framesStart = -1;
  const skipSubBlocks = () => {
    while (gif[pos] !== 0) pos += 1 + gif[pos]!;
    pos += 1;
  };
  while (gif[pos] !== 0x3b) {
    const isFrame = gif[pos] === 0x2c || (gif[pos] === 0x21 && gif[pos + 1] === 0xf9);
    if (isFrame && framesStart === -1) framesStart = pos;
    if (gif[pos] === 0x21) {
      pos += 2;
    } else {
      const localFlags = gif[pos + 9]!;
      pos += 10 + (localFlags & 0x80 ? 3 * 2 ** ((localFlags & 0x07) + 1) : 0) + 1;
    }
    skipSubBlocks();
  }
  const frames = gif.subarray(framesStart, pos);
  return Buffer.concat([
    gif.subarray(0, framesStart),
    ...Array.from({ length: times }, () => frames),
    Buffer.from([0x3b]),
  ]);
}

/** A two-frame animated GIF of two flat colours, `size` pixels square. */
async function flatAnimation(size: number): Promise<Buffer> {
  const frame = (r: number, g: number, b: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
      .raw()
      .toBuffer();
  return sharp(Buffer.concat([await frame(200, 30, 30), await frame(30, 30, 200)]), {
    raw: { width: size, height: size * 2, channels: 3, pageHeight: size },
  })
    .gif({ loop: 0, delay: [80, 80] })
    .toBuffer();
}

describe('a payload riding after the image', () => {
  it.each<[TestFormat, string]>([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ])('is dropped from a %s: the image is kept byte for byte', async (format, type) => {
    const image = await imageOf(format, 64, 64);
    const res = await ctx.api(alice).upload(Buffer.concat([image, html]));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ contentType: type, size: image.length, width: 64, height: 64 });
    const original = await show(body.id);
    expect(original.headers['content-length']).toBe(String(image.length));
    expect(sha256(original.rawPayload)).toBe(sha256(image));
    expect(original.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('is dropped after megabytes of filler, whatever the bytes', async () => {
    const image = await imageOf('jpeg', 32, 32);
    const filler = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < filler.length; i += 1) filler[i] = (i * 7919) % 251;
    const res = await ctx.api(alice).upload(Buffer.concat([image, filler]));
    expect(res.statusCode).toBe(201);
    const original = await show(res.json<UploadedFile>().id);
    expect(sha256(original.rawPayload)).toBe(sha256(image));
  });

  it('is found after a JPEG that carries another whole JPEG (end marker included) in a segment', async () => {
    // A progressive JPEG with a comment segment holding a whole JPEG, FFD8 … FFD9, as EXIF
    // thumbnails and multi-picture segments do: only walking by segment lengths finds the real end.
    const inner = await imageOf('jpeg', 16, 16);
    const base = await sharp(await imageOf('png', 80, 60))
      .jpeg({ progressive: true })
      .toBuffer();
    const segmentLength = 2 + inner.length;
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe, segmentLength >> 8, segmentLength & 0xff]),
      inner,
    ]);
    const image = Buffer.concat([base.subarray(0, 2), comment, base.subarray(2)]);
    expect((await sharp(image).metadata()).width).toBe(80);
    const res = await ctx.api(alice).upload(Buffer.concat([image, html]));
    expect(res.statusCode, res.body).toBe(201);
    const original = await show(res.json<UploadedFile>().id);
    expect(sha256(original.rawPayload)).toBe(sha256(image));
  });

  it('is dropped from an animated GIF, every frame kept', async () => {
    const gif = await animatedGif();
    const res = await ctx.api(alice).upload(Buffer.concat([gif, html]));
    expect(res.statusCode).toBe(201);
    const original = await show(res.json<UploadedFile>().id);
    expect(sha256(original.rawPayload)).toBe(sha256(gif));
  });

  it('leaves an image without one as it is', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'avif'] as const) {
      const image = await imageOf(format, 50, 30);
      const res = await ctx.api(alice).upload(image);
      expect(res.statusCode, format).toBe(201);
      expect(res.json<UploadedFile>().size, format).toBe(image.length);
    }
  });
});

describe('an animation', () => {
  it('is refused when its frames together pass the pixel limit (500 frames of 1000 x 1000)', async () => {
    const gif = repeatGifFrames(await flatAnimation(1000), 250);
    const meta = await sharp(gif).metadata();
    expect([meta.width, meta.height, meta.pages]).toEqual([1000, 1000, 500]);
    expect(gif.length).toBeLessThan(2 * 1024 * 1024);
    const message = await expectRefused(gif, 413, 'PAYLOAD_TOO_LARGE');
    expect(message).toMatch(/500 frames of 1000 x 1000/);
  });

  it('is accepted up to the limit in all frames', async () => {
    const frames = MAX_IMAGE_PIXELS / (1000 * 1000);
    const gif = repeatGifFrames(await flatAnimation(1000), frames / 2);
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    const res = await ctx.api(alice).upload(gif);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<UploadedFile>();
    // Too many pixels for an animated preview: both sizes are stills of the first frame.
    for (const size of ['thumb', 'preview'] as const) {
      const derived = await show(id, size);
      expect(derived.headers['content-type']).toBe('image/webp');
      const meta = await sharp(derived.rawPayload).metadata();
      expect(meta.pages ?? 1, size).toBe(1);
      expect(derived.rawPayload.length, size).toBeLessThan(100 * 1024);
    }
    expect(sha256((await show(id)).rawPayload)).toBe(sha256(gif));
  });

  it('gets a still thumbnail and a small animated preview', async () => {
    const gif = repeatGifFrames(await flatAnimation(300), 5);
    const res = await ctx.api(alice).upload(gif);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<UploadedFile>();
    const thumb = await show(id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.pages ?? 1).toBe(1);
    expect(thumb.rawPayload.length).toBeLessThan(gif.length);

    const preview = await show(id, 'preview');
    expect(preview.headers['content-type']).toBe('image/webp');
    const previewMeta = await sharp(preview.rawPayload).metadata();
    expect(previewMeta).toMatchObject({ format: 'webp', pages: 10, width: 300 });
    expect(previewMeta.loop).toBe(0);
  });

  it('in WebP gets the same treatment', async () => {
    const webp = await sharp(repeatGifFrames(await flatAnimation(120), 2), { pages: -1 })
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).pages).toBe(4);
    const res = await ctx.api(alice).upload(webp);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<UploadedFile>();
    expect((await sharp((await show(id, 'thumb')).rawPayload).metadata()).pages ?? 1).toBe(1);
    expect((await sharp((await show(id, 'preview')).rawPayload).metadata()).pages).toBe(4);
  });
});

describe('a decompression bomb', () => {
  // Small files whose headers announce far more pixels than 100 megapixels. Writing such sizes
  // into real images' headers keeps the test fast; the server must refuse them from the header,
  // before any pixel is decoded.
  it('in PNG (20000 x 20000) is refused with 413', async () => {
    const png = Buffer.from(await imageOf('png', 8, 8));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    await expectRefused(png, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('in GIF (65535 x 65535) is refused with 413', async () => {
    const gif = Buffer.from(await imageOf('gif', 8, 8));
    const descriptor = gif.indexOf(0x2c, 13 + 3 * 2 ** ((gif[10]! & 0x07) + 1));
    for (const offset of [6, 8, descriptor + 5, descriptor + 7]) gif.writeUInt16LE(65_535, offset);
    expect(await sharp(gif, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 65_535,
      height: 65_535,
    });
    await expectRefused(gif, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('in WebP (16383 x 16383) is refused with 413', async () => {
    const webp = Buffer.from(await imageOf('webp', 8, 8));
    expect(webp.toString('latin1', 12, 16)).toBe('VP8 ');
    webp.writeUInt16LE(16_383, 26);
    webp.writeUInt16LE(16_383, 28);
    expect(await sharp(webp, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 16_383,
    });
    await expectRefused(webp, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('a broken or empty file', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)(
    'is refused when a %s is cut short, or stored as the part that decodes; never a 500',
    async (format) => {
      const image = format === 'jpeg' ? await noiseJpeg(200, 150) : await imageOf(format, 200, 150);
      for (const keep of [0.3, 0.6, 0.95]) {
        const cut = image.subarray(0, Math.floor(image.length * keep));
        const before = await stored(ctx);
        const res = await ctx.api(alice).upload(cut);
        const what = `${format} cut to ${keep}: ${res.statusCode} ${res.body}`;
        expect([201, 415], what).toContain(res.statusCode);
        const after = await stored(ctx);
        expect(after.temporary, what).toBe(0);
        if (res.statusCode === 415) expect(after, what).toEqual(before);
        else expect(after.rows, what).toBe(before.rows + 1);
      }
    },
  );

  it('of 0 bytes is refused with 400', async () => {
    await expectRefused(Buffer.alloc(0), 400, 'VALIDATION_FAILED');
  });

  it('that is only an image header is refused with 415', async () => {
    await expectRefused(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectRefused(Buffer.from('GIF89a'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('the size limit', () => {
  const LIMIT = 200_000;
  const small = useTestContext({ MAX_UPLOAD_BYTES: String(LIMIT) });
  let user: TestUser;

  beforeAll(async () => {
    user = await signUp(small.app);
  });

  /** A JPEG padded after its end to exactly `size` bytes. */
  async function jpegOfSize(size: number): Promise<{ bytes: Buffer; image: Buffer }> {
    const image = await imageOf('jpeg', 40, 40);
    return { bytes: Buffer.concat([image, Buffer.alloc(size - image.length, 0x20)]), image };
  }

  it('accepts a file of exactly the limit', async () => {
    const { bytes, image } = await jpegOfSize(LIMIT);
    const res = await small.api(user).upload(bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadedFile>().size).toBe(image.length);
  });

  it('refuses the limit plus one byte with 413, leaving nothing behind', async () => {
    const { bytes } = await jpegOfSize(LIMIT + 1);
    await expectRefused(bytes, 413, 'PAYLOAD_TOO_LARGE', small, user);
  });
});
