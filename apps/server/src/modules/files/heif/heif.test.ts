import exifReader from 'exif-reader';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Photo, UploadedFile } from '@photo/contract';
import { createAlbumAs, storeImage } from '../../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../../test/harness.js';
import { sha256 } from '../../../test/hash.js';
import { isBlue, isRed, pixelAt } from '../../../test/images.js';
import { readHeifLayout } from './heif-boxes.js';
import { decodeHeifToJpeg, heifDecoder, type HeifDecoder } from './heif-decode.js';
import { readHeifExif } from './heif.js';
import { findFileById } from '../store/repository.js';
import { stored } from '../store/test-support.js';

/** The fixtures (apps/server/src/test/fixtures/README.md says how each was made). */
const fixture = (name: string) =>
  fs.readFile(new URL(`../../../test/fixtures/heif-${name}.heic`, import.meta.url));

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
});

const uploadHeic = (bytes: Buffer, user = alice) =>
  ctx.api(user).upload(bytes, { filename: 'IMG_0001.HEIC', contentType: 'image/heic' });

/** Writes bytes to a temporary file for the functions that read files. */
async function asFile<T>(bytes: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'heif-test-'));
  try {
    const file = path.join(dir, 'image.heic');
    await fs.writeFile(file, bytes);
    return await use(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The offset of the first box of `type` (its size field) in a file, searched as bytes. */
function boxOffset(bytes: Buffer, type: string): number {
  const at = bytes.indexOf(Buffer.from(type, 'latin1'));
  if (at < 4) throw new Error(`no ${type} box`);
  return at - 4;
}

describe('HEIC uploads', () => {
  it('stores a HEIC as it is, answers it as a photo with its size, and serves every size from one decode', async () => {
    const heic = await fixture('plain');
    const res = await uploadHeic(heic);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({
      contentType: 'image/heic',
      size: heic.length,
      width: 320,
      height: 240,
      placeholder: expect.any(String),
      kind: 'photo',
      durationMs: null,
    });

    const original = await ctx.api().show(body.id);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/heic');
    expect(sha256(original.rawPayload)).toBe(sha256(heic));

    for (const size of ['thumb', 'preview', 'card', 'card3x'] as const) {
      const derived = await ctx.api().show(body.id, size);
      expect(derived.statusCode, size).toBe(200);
      expect(derived.headers['content-type'], size).toBe('image/webp');
      const meta = await sharp(derived.rawPayload).metadata();
      // Never enlarged: the long-edge sizes are the picture's own size.
      if (size === 'thumb' || size === 'preview')
        expect([meta.width, meta.height]).toEqual([320, 240]);
    }
    const thumb = (await ctx.api().show(body.id, 'thumb')).rawPayload;
    expect(isRed(await pixelAt(thumb, 40, 200))).toBe(true);
    expect(isBlue(await pixelAt(thumb, 280, 200))).toBe(true);
    const row = await findFileById(ctx.deps.db, body.id);
    expect(row).toMatchObject({ kind: 'photo', still_key: `stills/${body.id}.jpg` });
    expect(row?.derived_state).toBe('ready');
  });

  it('turns the picture by its irot once: the EXIF orientation inside is not applied again', async () => {
    // Taken upright on a phone: landscape pixels, irot one turn clockwise, EXIF orientation 6.
    const heic = await fixture('rotated');
    expect(exifReader((await asFile(heic, readHeifExif))!).Image?.Orientation).toBe(6);
    const res = await uploadHeic(heic);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ width: 240, height: 320 });
    for (const size of ['thumb', 'preview'] as const) {
      const derived = (await ctx.api().show(body.id, size)).rawPayload;
      const meta = await sharp(derived).metadata();
      expect([meta.width, meta.height], size).toEqual([240, 320]);
      // Turned clockwise, the left (red) half is on top, the right (blue) half below.
      expect(isRed(await pixelAt(derived, 100, 100)), `${size} top`).toBe(true);
      expect(isBlue(await pixelAt(derived, 100, 260)), `${size} bottom`).toBe(true);
    }
    // The original is kept: turning it is its viewers' work, as libheif does it.
    expect(sha256((await ctx.api().show(body.id)).rawPayload)).toBe(sha256(heic));
  });

  it('reads the date taken and the camera, keeps the original with its location for its owner, and serves others a copy without it', async () => {
    const heic = await fixture('located');
    const uploaded = await asFile(heic, readHeifExif);
    expect(exifReader(uploaded!).GPSInfo).toBeDefined();
    expect(heic.includes(Buffer.from('GPSLatitude'))).toBe(true);

    const res = await uploadHeic(heic);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    // Blanked in place: the same length, the container as it was.
    expect(body).toMatchObject({ contentType: 'image/heic', size: heic.length });

    const { album } = await createAlbumAs(ctx, alice);
    const added = await ctx.api(alice).addPhoto(album.id, { fileId: body.id });
    expect(added.statusCode).toBe(201);
    expect(added.json<Photo>()).toMatchObject({
      // 12:34:56 at UTC+02:00.
      dateTaken: '2024-06-01T10:34:56.000Z',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15 Pro',
      width: 320,
      height: 240,
      kind: 'photo',
    });
    // The owner gets the place, and their download is the HEIC as uploaded (decision 0081).
    const own = added.json<Photo>();
    expect(own.location).toMatchObject({ latitude: expect.any(Number) as unknown });
    const download = await ctx.api().get(`${own.photoUrl}&download=1`);
    expect(sha256(download.rawPayload)).toBe(sha256(heic));

    // An address that names no place serves the copy without it.
    const original = await ctx.api().show(body.id);
    expect(original.headers['content-type']).toBe('image/heic');
    const served = original.rawPayload;
    expect(served.length).toBe(heic.length);
    expect(served.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(served.includes(Buffer.from('GPSAltitude'))).toBe(false);
    const exif = exifReader((await asFile(served, readHeifExif))!);
    expect(exif.GPSInfo).toBeUndefined();
    expect(exif.Image?.GPSTag).toBeUndefined();
    expect(exif.Image).toMatchObject({ Make: 'Apple', Model: 'iPhone 15 Pro' });
    // Only bytes of the EXIF and XMP items changed: the image data is the one uploaded.
    const layout = await asFile(served, (file) => readHeifLayout(file, served.length));
    const metadata = [layout.exif!, ...layout.xmp].flatMap((item) => item.extents);
    for (let i = 0; i < heic.length; i++) {
      if (heic[i] === served[i]) continue;
      expect(
        metadata.some(({ offset, length }) => i >= offset && i < offset + length),
        `byte ${i}`,
      ).toBe(true);
    }
    // Still a HEIC that decodes: another owner may upload it as it was served.
    const bob = await signUp(ctx.app);
    const again = await uploadHeic(served, bob);
    expect(again.statusCode).toBe(201);
    expect(again.json<UploadedFile>()).toMatchObject({ width: 320, height: 240 });
    // The derived sizes carry no metadata at all.
    const thumb = await sharp((await ctx.api().show(body.id, 'thumb')).rawPayload).metadata();
    expect(thumb.exif).toBeUndefined();
    expect(thumb.xmp).toBeUndefined();
  });

  it('reads a HEIF with the image sequence brand by its primary image', async () => {
    const res = await uploadHeic(await fixture('msf1'));
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadedFile>()).toMatchObject({ width: 320, height: 240, kind: 'photo' });
    const thumb = await ctx.api().show(res.json<UploadedFile>().id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('answers image/heif for a HEIF that names no HEVC brand', async () => {
    const heif = Buffer.from(await fixture('plain'));
    // Brands mif1, then mif1 and miaf: HEIF, nothing said of the codec.
    heif.write('mif1', 8, 'latin1');
    heif.write('miaf', 20, 'latin1');
    const res = await uploadHeic(heif);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({ contentType: 'image/heif', width: 320, height: 240 });
    const original = await ctx.api().show(body.id);
    expect(original.headers['content-type']).toBe('image/heif');
    expect(sha256(original.rawPayload)).toBe(sha256(heif));
  });

  it('drops bytes after the last box and keeps the image as it is', async () => {
    const heic = await fixture('plain');
    const zip = Buffer.from('PK\u0003\u0004 a zip that rides along', 'latin1');
    const res = await uploadHeic(Buffer.concat([heic, zip]));
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body.size).toBe(heic.length);
    const original = await ctx.api().show(body.id);
    expect(sha256(original.rawPayload)).toBe(sha256(heic));
    const row = await findFileById(ctx.deps.db, body.id);
    expect(row?.size).toBe(heic.length);
  });

  describe('refuses what it cannot show, storing nothing', () => {
    const refused = async (bytes: Buffer, status: number, code: string, message: RegExp) => {
      const before = await stored(ctx);
      const res = await uploadHeic(bytes);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({
        error: { code, message: expect.stringMatching(message) },
      });
      expect(await stored(ctx)).toEqual(before);
      expect(before.temporary).toBe(0);
    };

    it('a HEIC whose primary image is missing', async () => {
      await refused(await fixture('no-image'), 415, 'UNSUPPORTED_MEDIA_TYPE', /primary image/);
    });

    it('a HEIC cut short', async () => {
      await refused(
        await fixture('truncated'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /damaged|incomplete/,
      );
    });

    it('a HEIC whose image data is damaged', async () => {
      const heic = Buffer.from(await fixture('plain'));
      // The coded picture's bytes (after the mdat header) overwritten: the structure is intact.
      const mdat = boxOffset(heic, 'mdat');
      heic.fill(0xff, mdat + 8, heic.length);
      await refused(heic, 415, 'UNSUPPORTED_MEDIA_TYPE', /could not be decoded/);
    });

    it('a file that says it is HEIC and is something else', async () => {
      const ftyp = (await fixture('plain')).subarray(0, 28);
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      await refused(Buffer.concat([ftyp, html]), 415, 'UNSUPPORTED_MEDIA_TYPE', /HEIC/);
      // A HEIC's header and boxes, with a PDF where its description should be.
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
      const meta = Buffer.alloc(8);
      meta.writeUInt32BE(8 + pdf.length);
      meta.write('meta', 4, 'latin1');
      await refused(Buffer.concat([ftyp, meta, pdf]), 415, 'UNSUPPORTED_MEDIA_TYPE', /HEIC/);
    });

    it('a HEIC of too many pixels, before decoding it (413)', async () => {
      const heic = Buffer.from(await fixture('plain'));
      // The size property (ispe) says 16384 x 16384.
      const ispe = boxOffset(heic, 'ispe');
      heic.writeUInt32BE(16384, ispe + 12);
      heic.writeUInt32BE(16384, ispe + 16);
      await refused(heic, 413, 'PAYLOAD_TOO_LARGE', /too many pixels \(16384 x 16384\)/);
    });
  });
});

describe('HEIF decoders', () => {
  /** Decodes the rotated fixture and checks what a viewer would see. */
  async function expectUpright(decoder: HeifDecoder) {
    await asFile(await fixture('rotated'), async (file) => {
      const out = `${file}.jpg`;
      expect(await decodeHeifToJpeg(file, out, decoder)).toEqual({ width: 240, height: 320 });
      const jpeg = await fs.readFile(out);
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 240, 320]);
      // No EXIF: nothing would turn it a second time.
      expect(meta.exif).toBeUndefined();
      expect(isRed(await pixelAt(jpeg, 100, 100))).toBe(true);
      expect(isBlue(await pixelAt(jpeg, 100, 260))).toBe(true);
    });
  }

  it('libheif in WebAssembly decodes the primary image upright, without metadata', async () => {
    await expectUpright({ kind: 'wasm' });
  });

  it("the machine's libheif command decodes the primary image upright, without metadata", async () => {
    const decoder = await heifDecoder();
    if (decoder.kind !== 'command') {
      console.warn('Skipped: no heif-dec or heif-convert on the PATH (Debian: libheif-examples).');
      return;
    }
    await expectUpright(decoder);
  });
});

describe('a HEIC among other uploads', () => {
  it('is told apart from a JPEG of the same picture', async () => {
    const jpeg = await storeImage(ctx, alice, { width: 32, height: 24 });
    const heic = (await uploadHeic(await fixture('plain'))).json<UploadedFile>();
    expect((await findFileById(ctx.deps.db, jpeg.id))?.still_key).toBeNull();
    expect((await findFileById(ctx.deps.db, heic.id))?.content_type).toBe('image/heic');
  });
});
