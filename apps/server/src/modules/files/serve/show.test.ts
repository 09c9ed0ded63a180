import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILES_SHOW_PATH, type UploadedFile } from '@photo/contract';
import { newFileId } from '../../../lib/ids.js';
import { originalHeaders } from '../../../test/fixtures.js';
import { signUp, useTestContext } from '../../../test/harness.js';
import { imageOf } from '../../../test/images.js';

const ctx = useTestContext();
let big: UploadedFile;
let bigBytes: Buffer;
let small: UploadedFile;

beforeAll(async () => {
  const user = await signUp(ctx.app);
  bigBytes = await imageOf('jpeg', 2400, 1200);
  big = (await ctx.api(user).upload(bigBytes)).json<UploadedFile>();
  small = (
    await ctx.api(user).upload(await imageOf('png', 300, 200), { filename: 's.png' })
  ).json<UploadedFile>();
});

/** No idToken header: <img> cannot send one. */
const get = (url: string, headers: Record<string, string> = {}) => ctx.api().get(url, headers);

describe('GET /api/files/show/{id}', () => {
  it('streams the original with its type, length, validators and protective headers', async () => {
    const res = await get(`${FILES_SHOW_PATH}${big.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bigBytes)).toBe(true);
    expect(res.headers).toMatchObject({
      ...originalHeaders(big.id, bigBytes),
      'cross-origin-resource-policy': 'same-site',
    });
    // A response shared caches keep must not hand out anyone's XSRF cookie.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('with download=1, answers the original as an attachment named by its day and id', async () => {
    const res = await get(`${FILES_SHOW_PATH}${big.id}?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bigBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="photo-${day}-${big.id.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}.jpg"`,
    );
    const png = await get(`${FILES_SHOW_PATH}${small.id}?download=1`);
    expect(png.headers['content-disposition']).toMatch(
      /^attachment; filename="photo-[\w-]+\.png"$/,
    );
    // Shown, not saved, without it.
    expect(
      (await get(`${FILES_SHOW_PATH}${big.id}`)).headers['content-disposition'],
    ).toBeUndefined();
  });

  it('answers 400 for a download value other than 1', async () => {
    const res = await get(`${FILES_SHOW_PATH}${big.id}?download=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/download/);
  });

  it('serves 4:3 card crops of 576 x 432 and 864 x 648 as WebP, even of a 2:1 picture', async () => {
    for (const [size, width, height] of [
      ['card', 576, 432],
      ['card3x', 864, 648],
    ] as const) {
      const res = await get(`${FILES_SHOW_PATH}${big.id}?size=${size}`);
      expect(res.statusCode, size).toBe(200);
      expect(res.headers['content-type'], size).toBe('image/webp');
      expect(res.headers.etag, size).toBe(`"${big.id}.${size}"`);
      expect(res.headers['cache-control'], size).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], size).toEqual(['webp', width, height]);
    }
  });

  it('answers the card sizes of a file stored before card crops with its thumbnail and preview', async () => {
    await ctx.deps.db
      .updateTable('files')
      .set({ card_key: null, card3x_key: null })
      .where('id', '=', small.id)
      .execute();
    for (const [size, fallback] of [
      ['card', 'thumb'],
      ['card3x', 'preview'],
    ] as const) {
      const res = await get(`${FILES_SHOW_PATH}${small.id}?size=${size}`);
      const expected = await get(`${FILES_SHOW_PATH}${small.id}?size=${fallback}`);
      expect(res.statusCode, size).toBe(200);
      expect(res.headers['content-type'], size).toBe('image/webp');
      expect(res.headers.etag, size).toBe(`"${small.id}.${fallback}"`);
      expect(res.rawPayload.equals(expected.rawPayload), size).toBe(true);
    }
  });

  it('serves the thumbnail and the preview within their long edge, as WebP', async () => {
    const thumb = await get(`${FILES_SHOW_PATH}${big.id}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers.etag).toBe(`"${big.id}.thumb"`);
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 600, 300]);

    const preview = await get(`${FILES_SHOW_PATH}${big.id}?size=preview`);
    expect(preview.headers.etag).toBe(`"${big.id}.preview"`);
    const previewMeta = await sharp(preview.rawPayload).metadata();
    expect([previewMeta.width, previewMeta.height]).toEqual([1600, 800]);
    expect(thumb.rawPayload.length).toBeLessThan(preview.rawPayload.length);
  });

  it('never enlarges a small image', async () => {
    for (const size of ['thumb', 'preview']) {
      const res = await get(`${FILES_SHOW_PATH}${small.id}?size=${size}`);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([300, 200]);
    }
  });

  it('answers 304 without a body when the ETag matches', async () => {
    const etag = `"${big.id}.thumb"`;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(`${FILES_SHOW_PATH}${big.id}?size=thumb`, {
        'if-none-match': header,
      });
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Another size's ETag does not match.
    const other = await get(`${FILES_SHOW_PATH}${big.id}?size=thumb`, {
      'if-none-match': `"${big.id}.original"`,
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: `${FILES_SHOW_PATH}${big.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bigBytes.length));
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 404 FILE_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of [newFileId(), 'nope', '11', `${big.id}x`, '..%2F..%2Fapp.db']) {
      const res = await get(`${FILES_SHOW_PATH}${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
      expect(res.headers['cache-control'], id).toBeUndefined();
    }
  });

  it('answers 400 for a size it does not know', async () => {
    for (const size of ['huge', 'THUMB', '']) {
      const res = await get(`${FILES_SHOW_PATH}${big.id}?size=${size}`);
      expect(res.statusCode, size).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
