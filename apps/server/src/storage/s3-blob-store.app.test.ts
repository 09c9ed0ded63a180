import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILES_SHOW_PATH, type UploadedFile } from '@photo/contract';
import { originalHeaders, uploadedBlobKeys } from '../test/fixtures.js';
import { madeBeforeAll, signUp, useTestContext } from '../test/harness.js';
import { imageOf } from '../test/images.js';
import { startS3Peer } from '../test/s3-peer.js';

/** The whole app with S3_BUCKET set, against a real S3-protocol server. */
const peer = madeBeforeAll(() => startS3Peer('app-photos'));

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

describe('with S3_BUCKET set', () => {
  const ctx = useTestContext(() => peer.env);

  it('stores an upload in the bucket and serves it through files/show, nothing on local disk', async () => {
    const user = await signUp(ctx.app);
    const bytes = await imageOf('jpeg', 1200, 800);
    const upload = await ctx.api(user).upload(bytes);
    expect(upload.statusCode).toBe(201);
    const file = upload.json<UploadedFile>();

    const keys = await peer.keys();
    expect(keys).toEqual(uploadedBlobKeys(file.id));
    expect(await exists(path.join(ctx.dataDir, 'blobs'))).toBe(false);

    const shown = await ctx.api().get(`${FILES_SHOW_PATH}${file.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(bytes)).toBe(true);
    expect(shown.headers).toMatchObject(originalHeaders(file.id, bytes));
    const again = await ctx
      .api()
      .get(`${FILES_SHOW_PATH}${file.id}?size=thumb`, { 'if-none-match': `"${file.id}.thumb"` });
    expect(again.statusCode).toBe(304);
    const thumb = await ctx.api().get(`${FILES_SHOW_PATH}${file.id}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);

    const health = await ctx.api().get('/api/health');
    expect(health.json()).toMatchObject({ status: 'ok', blobStore: 'ok' });
  });
});

describe('with S3_PRESIGN=true', () => {
  const ctx = useTestContext(() => ({ ...peer.env, S3_PRESIGN: 'true' }));

  it('redirects files/show to a short-lived URL of the bucket that serves the bytes', async () => {
    const user = await signUp(ctx.app);
    const bytes = await imageOf('png', 300, 200);
    const file = (await ctx.api(user).upload(bytes)).json<UploadedFile>();
    const res = await ctx.api().get(`${FILES_SHOW_PATH}${file.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.etag).toBe(`"${file.id}.original"`);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const location = String(res.headers.location);
    expect(location.startsWith(`${peer.endpoint}/app-photos/originals/${file.id}?`)).toBe(true);
    expect(location).toContain('X-Amz-Expires=300');

    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(bytes)).toBe(true);

    // A known version still answers 304 without a round trip to the bucket.
    const cached = await ctx
      .api()
      .get(`${FILES_SHOW_PATH}${file.id}`, { 'if-none-match': `"${file.id}.original"` });
    expect(cached.statusCode).toBe(304);
  });
});
