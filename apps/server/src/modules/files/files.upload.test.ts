import exifReader from 'exif-reader';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILES_SHOW_PATH, type UploadedFile } from '@photo/contract';
import { FILE_ID_PATTERN } from '../../lib/ids.js';
import { multipartBody } from '../../test/api-client.js';
import {
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
  useTestContext,
} from '../../test/harness.js';
import { sha256 } from '../../test/hash.js';
import {
  animatedGif,
  imageOf,
  isBlue,
  isRed,
  noiseJpeg,
  pixelAt,
  redBlueJpeg,
} from '../../test/images.js';
import { findFileById } from './store/repository.js';
import { stored, storedBlob } from './store/test-support.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
});

/** Expects the request to be refused with this status and code, leaving nothing stored. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  code: string,
  context: TestContext = ctx,
) {
  const before = await stored(context);
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(await stored(context)).toEqual(before);
  expect(before.temporary).toBe(0);
}

describe('POST /api/files/upload', () => {
  it('stores a JPEG and answers its id, address, type, size and upright dimensions', async () => {
    const jpeg = await redBlueJpeg({ orientation: 6 });
    const res = await ctx.api(alice).upload(jpeg);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body.id).toMatch(FILE_ID_PATTERN);
    expect(body).toEqual({
      id: body.id,
      url: `${FILES_SHOW_PATH}${body.id}`,
      contentType: 'image/jpeg',
      size: jpeg.length,
      width: 100,
      height: 200,
      placeholder: expect.any(String),
      // The answer comes before a job makes its sizes.
      ready: false,
      // Its thumbnail is made with the upload (decision 0128).
      thumbReady: true,
      kind: 'photo',
      durationMs: null,
    });
    // No location in it: the original is served byte for byte.
    const original = await ctx.api().show(body.id);
    expect(sha256(original.rawPayload)).toBe(sha256(jpeg));
  });

  it('turns the thumbnail and the preview upright by the EXIF orientation', async () => {
    // Orientation 6: the camera was turned; shown upright, the left (red) half is on top.
    const res = await ctx.api(alice).upload(await redBlueJpeg({ orientation: 6 }), {
      filename: 'turned.jpg',
    });
    const { id } = res.json<UploadedFile>();
    for (const size of ['thumb', 'preview'] as const) {
      const derived = await ctx.api().show(id, size);
      expect(derived.statusCode).toBe(200);
      expect(derived.headers['content-type']).toBe('image/webp');
      const meta = await sharp(derived.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([100, 200]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(isRed(await pixelAt(derived.rawPayload, 50, 40)), `${size} top`).toBe(true);
      expect(isBlue(await pixelAt(derived.rawPayload, 50, 160)), `${size} bottom`).toBe(true);
    }
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)('accepts %s, whatever name and type the client declares', async (format, type) => {
    const image = await imageOf(format, 90, 60);
    const res = await ctx.api(alice).upload(image, {
      filename: 'x.bin',
      contentType: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ contentType: type, width: 90, height: 60 });
    const original = await ctx.api().show(body.id);
    expect(original.headers['content-type']).toBe(type);
    const thumb = await ctx.api().show(body.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(90);
    const row = await findFileById(ctx.deps.db, body.id);
    expect(row?.blob_key).toBe(`originals/${body.id}`);
    expect(row?.thumb_key).toBe(`thumb/${body.id}.webp`);
    expect(row?.preview_key).toBe(`preview/${body.id}.webp`);
  });

  it('keeps an animated GIF as it is, with a still thumbnail and an animated preview', async () => {
    const gif = await animatedGif();
    const res = await ctx.api(alice).upload(gif, { filename: 'a.gif' });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ contentType: 'image/gif', width: 40, height: 30 });
    const original = await ctx.api().show(body.id);
    expect(original.headers['content-type']).toBe('image/gif');
    expect(sha256(original.rawPayload)).toBe(sha256(gif));
    const thumb = await ctx.api().show(body.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).pages ?? 1).toBe(1);
    const preview = await ctx.api().show(body.id, 'preview');
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ pages: 2, width: 40 });
  });

  it.each([
    ['a text file named .jpg', 'not a picture at all\n'.repeat(20), 'holiday.jpg', 'image/jpeg'],
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an SVG named .png',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'logo.png',
      'image/png',
    ],
    [
      'an HTML file',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      'page.jpg',
      'image/jpeg',
    ],
    ['a PDF', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'doc.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, filename, contentType) => {
    await expectRefused(
      () => ctx.api(alice).upload(data, { filename, contentType }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a real image of another format (TIFF) with 415', async () => {
    const tiff = await imageOf('tiff');
    await expectRefused(
      () => ctx.api(alice).upload(tiff, { filename: 'scan.jpg' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a damaged image with 415, never a 500', async () => {
    const jpeg = await noiseJpeg(300, 200);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expectRefused(() => ctx.api(alice).upload(cut), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const png = await imageOf('png', 200, 200);
    const garbled = Buffer.concat([png.subarray(0, 40), Buffer.alloc(png.length - 40, 0x55)]);
    await expectRefused(
      () => ctx.api(alice).upload(garbled, { filename: 'x.png' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a decompression bomb (a small file of more than 100 megapixels) with 413', async () => {
    const bomb = await sharp({
      create: { width: 10_001, height: 10_000, channels: 3, background: 'white' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await stored(ctx);
    const res = await ctx.api(alice).upload(bomb, { filename: 'bomb.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/megapixels/) },
    });
    expect(await stored(ctx)).toEqual(before);
  });

  it('answers the existing file when the same user uploads the same bytes again', async () => {
    const image = await imageOf('png', 33, 22);
    const first = await ctx.api(alice).upload(image, { filename: 'one.png' });
    expect(first.statusCode).toBe(201);
    const before = await stored(ctx);
    const again = await ctx.api(alice).upload(image, { filename: 'other-name.png' });
    expect(again.statusCode).toBe(200);
    // The same file, its sizes made since.
    expect(again.json()).toEqual({ ...first.json<UploadedFile>(), ready: true, thumbReady: true });
    expect(await stored(ctx)).toEqual(before);

    // Another user's upload of the same bytes is their own file.
    const bob = await signUp(ctx.app);
    const bobs = await ctx.api(bob).upload(image);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json<UploadedFile>().id).not.toBe(first.json<UploadedFile>().id);
  });

  it('answers one file to two uploads of the same bytes at the same moment', async () => {
    const image = await imageOf('png', 35, 24);
    const before = await stored(ctx);
    const [one, two] = await Promise.all([
      ctx.api(alice).upload(image),
      ctx.api(alice).upload(image),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json<UploadedFile>().id).toBe(two.json<UploadedFile>().id);
    const after = await stored(ctx);
    expect(after.rows).toBe(before.rows + 1);
    // The original, the thumbnail, the preview and the two card crops of one file.
    expect(after.blobs).toBe(before.blobs + 5);
  });

  it('stores the date taken, camera make and model from EXIF', async () => {
    const withOffset = await redBlueJpeg({
      exif: {
        IFD0: { Make: 'Acme', Model: 'Acme Cam 7' },
        IFD2: { DateTimeOriginal: '2021:05:06 07:08:09', OffsetTimeOriginal: '+02:00' },
      },
    });
    const res = await ctx.api(alice).upload(withOffset);
    const row = await findFileById(ctx.deps.db, res.json<UploadedFile>().id);
    expect(row).toMatchObject({
      date_taken: '2021-05-06T05:08:09.000Z',
      camera_make: 'Acme',
      camera_model: 'Acme Cam 7',
    });

    // Without an offset, the camera's clock is taken as UTC.
    const noOffset = await redBlueJpeg({
      exif: { IFD2: { DateTimeOriginal: '2019:12:31 23:59:58' } },
    });
    const res2 = await ctx.api(alice).upload(noOffset);
    const row2 = await findFileById(ctx.deps.db, res2.json<UploadedFile>().id);
    expect(row2).toMatchObject({
      date_taken: '2019-12-31T23:59:58.000Z',
      camera_make: null,
      camera_model: null,
    });

    const none = await ctx.api(alice).upload(await imageOf('jpeg', 20, 20));
    const row3 = await findFileById(ctx.deps.db, none.json<UploadedFile>().id);
    expect(row3).toMatchObject({ date_taken: null, camera_make: null, camera_model: null });
  });

  it('stores an original that carried GPS as uploaded, and serves others a copy without its location, shown upright, keeping date and camera', async () => {
    const withGps = await redBlueJpeg({
      orientation: 6,
      exif: {
        IFD0: { Make: 'Acme', Model: 'Acme Cam 7' },
        IFD2: { DateTimeOriginal: '2022:01:02 03:04:05' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      },
    });
    expect(exifReader((await sharp(withGps).metadata()).exif!).GPSInfo).toBeDefined();

    const res = await ctx.api(alice).upload(withGps);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ contentType: 'image/jpeg', width: 100, height: 200 });
    // The original is kept byte for byte, its place recorded (decision 0081).
    const row = await findFileById(ctx.deps.db, body.id);
    expect(body.size).toBe(withGps.length);
    expect(sha256(await storedBlob(ctx, row!.blob_key))).toBe(sha256(withGps));
    expect(row).toMatchObject({ latitude_e7: 515_000_000, longitude_e7: -1_166_667 });
    // A URL that names no place serves the copy without it.
    const original = await ctx.api().show(body.id);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Number(original.headers['content-length'])).toBe(Number(row?.placeless_size));
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    const exif = exifReader(meta.exif!);
    expect(exif.GPSInfo).toBeUndefined();
    expect(exif.Image?.GPSTag).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(exif.Image).toMatchObject({ Make: 'Acme', Model: 'Acme Cam 7' });
    expect(exif.Photo?.DateTimeOriginal).toEqual(new Date('2022-01-02T03:04:05Z'));
    // The original's pixels as they are, not encoded again (decision 0125), with its orientation:
    // shown upright, as a browser turns it.
    const pixels = (image: Buffer) => sharp(image, { autoOrient: false }).raw().toBuffer();
    expect((await pixels(original.rawPayload)).equals(await pixels(withGps))).toBe(true);
    expect(meta.orientation).toBe(6);
    expect(meta.autoOrient).toEqual({ width: 100, height: 200 });
    const upright = await sharp(original.rawPayload, { autoOrient: true }).toBuffer();
    expect(isRed(await pixelAt(upright, 50, 40))).toBe(true);
    expect(isBlue(await pixelAt(upright, 50, 160))).toBe(true);
    // The date and camera are stored all the same.
    expect(row).toMatchObject({ date_taken: '2022-01-02T03:04:05.000Z', camera_make: 'Acme' });
  });

  it('keeps the CRC-32 of the original as stored (as received, or cut after its end) and of its copy without location', async () => {
    const plain = await noiseJpeg(30, 20);
    const trailing = Buffer.concat([await noiseJpeg(31, 20), Buffer.from('trailing bytes')]);
    const withGps = await redBlueJpeg({
      exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } },
    });
    for (const bytes of [plain, trailing, withGps]) {
      const res = await ctx.api(alice).upload(bytes);
      expect(res.statusCode).toBe(201);
      const id = res.json<UploadedFile>().id;
      const row = await findFileById(ctx.deps.db, id);
      const original = await storedBlob(ctx, row!.blob_key);
      // PostgreSQL answers the bigint as text.
      expect(Number(row?.crc32)).toBe(crc32(original));
      // Only the one with trailing bytes is not stored as it came.
      expect(original.equals(bytes)).toBe(bytes !== trailing);
      // Only the one with a location has a copy without it, which is what others are served.
      const served = (await ctx.api().show(id)).rawPayload;
      expect(row?.placeless_key !== null).toBe(bytes === withGps);
      expect(Number(row?.placeless_crc32 ?? row?.crc32)).toBe(crc32(served));
    }
  });

  it('serves others a copy without a location written in XMP too', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N" exif:GPSLongitude="0,7.0W"/>' +
      '</rdf:RDF></x:xmpmeta>';
    const png = await sharp(await imageOf('png', 50, 40))
      .withXmp(xmp)
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).xmpAsString).toContain('GPSLatitude');
    const res = await ctx.api(alice).upload(png, { filename: 'x.png' });
    expect(res.statusCode).toBe(201);
    const original = await ctx.api().show(res.json<UploadedFile>().id);
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.xmp).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const image = await imageOf('png');
    await expectRefused(() => ctx.api().upload(image), 401, 'TOKEN_MISSING');
    await expectRefused(() => ctx.api('not-a-token').upload(image), 401, 'TOKEN_INVALID');
  });

  it('refuses a body that is not multipart with 415', async () => {
    await expectRefused(
      () =>
        ctx.api(alice).request({
          method: 'POST',
          url: '/api/files/upload',
          payload: { file: 'hello' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectRefused(
      async () =>
        ctx.api(alice).request({
          method: 'POST',
          url: '/api/files/upload',
          headers: { 'content-type': 'image/jpeg' },
          payload: await imageOf('jpeg'),
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  const post = (headers: Record<string, string>, payload: Buffer | string) => () =>
    ctx.api(alice).request({ method: 'POST', url: '/api/files/upload', headers, payload });

  it('refuses a form without the field "file" with 400', async () => {
    const image = await imageOf('png');
    await expectRefused(
      () => ctx.api(alice).upload(image, { field: 'photo' }),
      400,
      'VALIDATION_FAILED',
    );
    const onlyText = multipartBody([{ name: 'file', data: 'just text, no file' }]);
    await expectRefused(post(onlyText.headers, onlyText.payload), 400, 'VALIDATION_FAILED');
  });

  it('refuses an empty file with 400', async () => {
    await expectRefused(() => ctx.api(alice).upload(Buffer.alloc(0)), 400, 'VALIDATION_FAILED');
  });

  it('refuses a multipart body without a boundary with 400', async () => {
    await expectRefused(
      post({ 'content-type': 'multipart/form-data' }, 'no boundary here'),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses a multipart body that breaks off with 400', async () => {
    const body = multipartBody([{ name: 'file', filename: 'a.png', data: await imageOf('png') }]);
    await expectRefused(
      post(body.headers, body.payload.subarray(0, body.payload.length - 200)),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses a body that breaks off inside another file part with 400', async () => {
    const body = multipartBody([
      {
        name: 'other',
        filename: 'o.bin',
        contentType: 'application/octet-stream',
        data: 'x'.repeat(9000),
      },
      { name: 'file', filename: 'a.png', data: await imageOf('png') },
    ]);
    const cut = body.payload.subarray(0, body.payload.indexOf('name="file"') - 3000);
    await expectRefused(post(body.headers, cut), 400, 'VALIDATION_FAILED');
  });

  it('takes the field "file" among other fields and files', async () => {
    const image = await imageOf('png', 77, 11);
    const body = multipartBody([
      { name: 'note', data: 'hello' },
      { name: 'other', filename: 'other.txt', contentType: 'text/plain', data: 'x'.repeat(5000) },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: image },
    ]);
    const res = await ctx.api(alice).request({
      method: 'POST',
      url: '/api/files/upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 77, height: 11 });
  });
});

describe('upload size limit', () => {
  const small = useTestContext({ MAX_UPLOAD_BYTES: '100000' });
  let user: TestUser;

  beforeAll(async () => {
    user = await signUp(small.app);
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 and stores nothing', async () => {
    const big = await noiseJpeg(400, 400);
    expect(big.length).toBeGreaterThan(100_000);
    await expectRefused(() => small.api(user).upload(big), 413, 'PAYLOAD_TOO_LARGE', small);
  });

  it('accepts a file under the limit', async () => {
    const fits = await noiseJpeg(100, 100);
    expect(fits.length).toBeLessThan(100_000);
    const res = await small.api(user).upload(fits);
    expect(res.statusCode).toBe(201);
  });
});

describe('PUBLIC_URL', () => {
  it('makes the answered address absolute', async () => {
    const hosted = await createTestContext({ PUBLIC_URL: 'https://photos.example.org/' });
    try {
      const user = await signUp(hosted.app);
      const res = await hosted.api(user).upload(await imageOf('png'));
      const body = res.json<UploadedFile>();
      expect(body.url).toBe(`https://photos.example.org${FILES_SHOW_PATH}${body.id}`);
    } finally {
      await hosted.close();
    }
  });
});
