import fs from 'node:fs/promises';
import {
  RESUMABLE_CHUNK_BYTES,
  XSRF_COOKIE,
  XSRF_HEADER,
  type UploadedFile,
} from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { DERIVE_IMAGES } from '../../infra/job-queue.js';
import { addPhotoAs, createAlbumAs } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestUser } from '../../test/harness.js';
import { sha256 } from '../../test/hash.js';
import { readOpenApiDocument } from '../../test/openapi-routes.js';
import { noiseJpeg } from '../../test/images.js';
import {
  createResumableUploads,
  RESUMABLE_UPLOAD_EXPIRES_MS,
  resumableUploadsDir,
} from './uploads.service.js';
import { CutOff, listeningOrigin, tusUpload } from './uploads.test-support.js';

const ctx = useTestContext({ MAX_UPLOAD_BYTES: String(3 * 1024 * 1024) });

const TUS = { 'Tus-Resumable': '1.0.0' };

async function create(user: TestUser, length: number, extra: Record<string, string> = {}) {
  const origin = await listeningOrigin(ctx);
  return fetch(`${origin}/api/uploads`, {
    method: 'POST',
    headers: { ...TUS, idToken: user.idToken, 'Upload-Length': String(length), ...extra },
  });
}

async function patch(user: TestUser | null, url: string, offset: number, body: Buffer) {
  const origin = await listeningOrigin(ctx);
  return fetch(new URL(url, origin), {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...(user ? { idToken: user.idToken } : {}),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body,
  });
}

async function head(user: TestUser, url: string) {
  const origin = await listeningOrigin(ctx);
  return fetch(new URL(url, origin), {
    method: 'HEAD',
    headers: { ...TUS, idToken: user.idToken },
  });
}

async function fileRows(ownerId: string) {
  return ctx.deps.db.selectFrom('files').select('id').where('owner_id', '=', ownerId).execute();
}

describe('resumable uploads (tus 1.0)', () => {
  it('says what it speaks to OPTIONS, without a token', async () => {
    const origin = await listeningOrigin(ctx);
    const res = await fetch(`${origin}/api/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')?.split(',')).toEqual(
      expect.arrayContaining(['creation', 'termination', 'expiration']),
    );
    expect(Number(res.headers.get('tus-max-size'))).toBe(
      Math.max(ctx.deps.config.maxUploadBytes, ctx.deps.config.maxVideoBytes),
    );
  });

  it('stores a photo sent with the tus client, which then goes in an album with its thumbnail', async () => {
    const user = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const jpeg = await noiseJpeg(600, 400);
    const result = await tusUpload(jpeg, { origin, idToken: user.idToken, chunkSize: 64 * 1024 });
    expect(result.status).toBe(201);
    expect(result.file).toMatchObject({ kind: 'photo', width: 600, height: 400 });
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/uploads\/[0-9a-f]{32}$/);

    // A client whose last answer was lost learns the file from HEAD and GET.
    const again = await head(user, result.url);
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-offset')).toBe(String(jpeg.length));
    expect(again.headers.get('upload-file-id')).toBe(result.file.id);
    const got = await ctx.api(user).get<UploadedFile>(new URL(result.url).pathname);
    expect(got.statusCode).toBe(200);
    expect(got.json().id).toBe(result.file.id);

    const original = await ctx.api(user).show(result.file.id);
    expect(sha256(original.rawPayload)).toBe(sha256(jpeg));
    const { album } = await createAlbumAs(ctx, user);
    const photo = await addPhotoAs(ctx, user, album.id, result.file);
    expect(photo).toMatchObject({ fileId: result.file.id, kind: 'photo', width: 600 });
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const thumb = await ctx.api(user).show(photo.fileId, 'thumb');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('resumes an upload cut half-way where the server stopped, not from the start', async () => {
    const user = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const jpeg = await noiseJpeg(1400, 1000);
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    let url = '';
    const first = await tusUpload(jpeg, {
      origin,
      idToken: user.idToken,
      cutAt: Math.floor(jpeg.length / 2),
      onUrl: (given) => (url = given),
    }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(CutOff);
    const sentFirst = (first as CutOff).bytesSent;
    expect(sentFirst).toBeLessThan(jpeg.length);
    expect(sentFirst).toBeGreaterThanOrEqual(jpeg.length / 2);

    // The server kept what it received: a new client goes on from there.
    const offset = Number((await head(user, url)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sentFirst);
    const second = await tusUpload(jpeg, { origin, idToken: user.idToken, uploadUrl: url });
    expect(second.status).toBe(201);
    expect(second.bytesSent).toBe(jpeg.length - offset);
    // Cut mid-chunk: the server kept the part of that chunk it received, or the chunks before.
    expect(sentFirst + second.bytesSent).toBeLessThanOrEqual(jpeg.length * 1.05);
    const original = await ctx.api(user).show(second.file.id);
    expect(sha256(original.rawPayload)).toBe(sha256(jpeg));
  });

  it('refuses without a token (401), and a length over the limit before any byte (413)', async () => {
    const user = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const anonymous = await fetch(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'Upload-Length': '10' },
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
      'TOKEN_MISSING',
    );
    const max = Math.max(ctx.deps.config.maxUploadBytes, ctx.deps.config.maxVideoBytes);
    const tooLong = await create(user, max + 1);
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(
      await ctx.deps.db
        .selectFrom('resumable_uploads')
        .select('id')
        .where('owner_id', '=', user.uid)
        .execute(),
    ).toEqual([]);
  });

  it('answers 409 to bytes at the wrong offset, and keeps the upload as it was', async () => {
    const user = await signUp(ctx.app);
    const created = await create(user, 100);
    expect(created.status).toBe(201);
    const url = created.headers.get('location') ?? '';
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const expires = Date.parse(created.headers.get('upload-expires') ?? '');
    expect(Math.abs(expires - Date.now() - RESUMABLE_UPLOAD_EXPIRES_MS)).toBeLessThan(60_000);
    expect((await patch(user, url, 0, Buffer.alloc(10))).status).toBe(204);
    const wrong = await patch(user, url, 5, Buffer.alloc(10));
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    expect((await head(user, url)).headers.get('upload-offset')).toBe('10');
  });

  it("answers 404 to someone else's upload URL, for HEAD, PATCH and DELETE", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const url = (await create(owner, 100)).headers.get('location') ?? '';
    expect((await head(other, url)).status).toBe(404);
    expect((await patch(other, url, 0, Buffer.alloc(10))).status).toBe(404);
    const deleted = await fetch(new URL(url, origin), {
      method: 'DELETE',
      headers: { ...TUS, idToken: other.idToken },
    });
    expect(deleted.status).toBe(404);
    expect((await patch(null, url, 0, Buffer.alloc(10))).status).toBe(401);
    // Untouched for its owner.
    expect((await head(owner, url)).headers.get('upload-offset')).toBe('0');
  });

  it('asks a browser holding the XSRF cookie to echo it, as for every other call', async () => {
    const user = await signUp(ctx.app);
    const url = (await create(user, 100)).headers.get('location') ?? '';
    const origin = await listeningOrigin(ctx);
    const send = (echo: string | null) =>
      fetch(new URL(url, origin), {
        method: 'PATCH',
        headers: {
          ...TUS,
          idToken: user.idToken,
          cookie: `${XSRF_COOKIE}=abc123`,
          ...(echo ? { [XSRF_HEADER]: echo } : {}),
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: Buffer.alloc(10),
      });
    expect((await send(null)).status).toBe(403);
    expect((await send('abc123')).status).toBe(204);
  });

  it('terminates an upload on DELETE: its bytes go and its URL is gone', async () => {
    const user = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const url = (await create(user, 100)).headers.get('location') ?? '';
    await patch(user, url, 0, Buffer.alloc(50));
    const id = url.split('/').pop() ?? '';
    const folder = resumableUploadsDir(ctx.deps.config.dataDir);
    expect(await fs.readdir(folder)).toContain(id);
    const deleted = await fetch(new URL(url, origin), {
      method: 'DELETE',
      headers: { ...TUS, idToken: user.idToken },
    });
    expect(deleted.status).toBe(204);
    expect((await head(user, url)).status).toBe(404);
    expect((await fs.readdir(folder)).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('refuses at the end what is no photo or video (415), or a picture over MAX_UPLOAD_BYTES (413), keeping nothing', async () => {
    const user = await signUp(ctx.app);
    const origin = await listeningOrigin(ctx);
    const text = Buffer.from('just some text, not a picture\n'.repeat(100));
    const refused = await tusUpload(text, { origin, idToken: user.idToken }).then(
      () => new Error('stored'),
      (error: unknown) => error as Error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toContain('response code: 415');
    expect(refused.message).toContain('UNSUPPORTED_MEDIA_TYPE');
    const huge = Buffer.concat([await noiseJpeg(64, 64), Buffer.alloc(3 * 1024 * 1024 + 1)]);
    const url = (await create(user, huge.length)).headers.get('location') ?? '';
    const last = await patch(user, url, 0, huge);
    expect(last.status).toBe(413);
    expect(((await last.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect((await head(user, url)).status).toBe(404);
    expect(await fileRows(user.uid)).toEqual([]);
    expect(await fs.readdir(ctx.deps.uploadTmpDir)).toEqual([]);
    const id = url.split('/').pop() ?? '';
    const folder = resumableUploadsDir(ctx.deps.config.dataDir);
    expect((await fs.readdir(folder)).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('removes an upload never finished once it expires', async () => {
    const user = await signUp(ctx.app);
    const url = (await create(user, 100)).headers.get('location') ?? '';
    await patch(user, url, 0, Buffer.alloc(30));
    const id = url.split('/').pop() ?? '';
    const folder = resumableUploadsDir(ctx.deps.config.dataDir);
    // Its time runs out (the clock is not moved: the user's token would expire too).
    await ctx.deps.db
      .updateTable('resumable_uploads')
      .set({ expires_at: ctx.clock.now().getTime() - 1 })
      .where('id', '=', id)
      .execute();
    // Gone for its owner at once; its bytes with the next sweep.
    expect((await head(user, url)).status).toBe(404);
    expect((await patch(user, url, 30, Buffer.alloc(10))).status).toBe(404);
    expect(await createResumableUploads(ctx.deps).sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await fs.readdir(folder)).filter((name) => name.startsWith(id))).toEqual([]);
    expect(
      await ctx.deps.db.selectFrom('resumable_uploads').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
  });

  it('is in the OpenAPI document, with a summary for each method', async () => {
    const doc = await readOpenApiDocument(ctx.app);
    const methods = (p: string) =>
      Object.entries(doc.paths[p] ?? {}).map(
        ([method, operation]) =>
          `${method} ${Boolean((operation as { summary?: string }).summary)}`,
      );
    expect(methods('/api/uploads').sort()).toEqual(['options true', 'post true']);
    expect(methods('/api/uploads/{id}').sort()).toEqual([
      'delete true',
      'get true',
      'head true',
      'patch true',
    ]);
  });

  it('takes chunks of the size client-config names', async () => {
    const user = await signUp(ctx.app);
    const config = await ctx
      .api(user)
      .get<{ upload: { resumable: { chunkBytes: number } } }>('/api/client-config');
    expect(config.json().upload.resumable.chunkBytes).toBe(RESUMABLE_CHUNK_BYTES);
    const jpeg = await noiseJpeg(40, 30);
    const origin = await listeningOrigin(ctx);
    const result = await tusUpload(jpeg, {
      origin,
      idToken: user.idToken,
      chunkSize: RESUMABLE_CHUNK_BYTES,
    });
    expect(result.status).toBe(201);
    // The same bytes again answer the file stored before (200), as files/upload does.
    const again = await tusUpload(jpeg, { origin, idToken: user.idToken });
    expect(again.status).toBe(200);
    expect(again.file.id).toBe(result.file.id);
  });
});
