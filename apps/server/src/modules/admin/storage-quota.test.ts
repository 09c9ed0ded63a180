import type { AddressInfo } from 'node:net';
import type { AdminUser, Photo, ShareLink } from '@photo/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DERIVE_IMAGES } from '../../infra/job-queue.js';
import { multipartBody } from '../../test/api-client.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestContext, type TestUser } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';

/** The person's storage figure, and the sum over the stored sizes of their files. */
async function figures(context: TestContext, user: TestUser) {
  const row = await context.deps.db
    .selectFrom('users')
    .select('storage_used')
    .where('id', '=', user.uid)
    .executeTakeFirstOrThrow();
  const sum = await context.deps.db
    .selectFrom('files')
    .select(sql<number | string | null>`sum(size + derived_bytes + extra_bytes)`.as('n'))
    .where('owner_id', '=', user.uid)
    .executeTakeFirstOrThrow();
  return { counter: Number(row.storage_used), sum: Number(sum.n ?? 0) };
}

async function fileCount(context: TestContext, user: TestUser) {
  const row = await context.deps.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', user.uid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The app of a test context, listening on a local port (tus speaks real HTTP here). */
async function listening(context: TestContext): Promise<string> {
  const address = context.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
}

/** A PNG stored without compression: every one of the same size has the same number of bytes. */
function flatPng(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
}

function rawUpload(context: TestContext, user: TestUser, bytes: Buffer) {
  const body = multipartBody([
    { name: 'file', filename: 'flat.png', contentType: 'image/png', data: bytes },
  ]);
  return context.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...body.headers, idToken: user.idToken },
    payload: body.payload,
  });
}

describe('storage used', () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
  });

  it('counts the originals and every derived size, and is listed for the administrator', async () => {
    const person = await signUp(ctx.app);
    const bytes = await makeJpeg({ width: 400, height: 300 });
    await storeImage(ctx, person, { bytes });
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const now = await figures(ctx, person);
    // The derived sizes (thumbnail, preview, cards) are counted besides the original.
    expect(now.counter).toBeGreaterThan(bytes.length);
    expect(now.counter).toBe(now.sum);
    const listed = (await ctx.api(admin).adminUsers('?limit=100'))
      .json<AdminUser[]>()
      .find((user) => user.id === person.uid);
    expect(listed?.storageUsed).toBe(now.counter);
  });

  it('goes back to the true sum when photos are deleted at once', async () => {
    const person = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, person);
    const photos: Photo[] = [];
    for (let i = 0; i < 6; i += 1) {
      photos.push(
        await addPhotoAs(
          ctx,
          person,
          album.id,
          await storeImage(ctx, person, { width: 64 + i, height: 48 }),
        ),
      );
    }
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const before = await figures(ctx, person);
    expect(before.counter).toBe(before.sum);
    const answers = await Promise.all(photos.map((photo) => ctx.api(person).deletePhoto(photo.id)));
    for (const res of answers) expect(res.statusCode).toBeLessThan(300);
    const after = await figures(ctx, person);
    expect(after.counter).toBe(after.sum);
    expect(after.counter).toBeLessThan(before.counter);
  });

  it('counts a file saved by another person once, for its owner', async () => {
    // Only files' owners are charged: a photo that shows someone else's file adds nothing.
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'everyone' });
    const photo = await addPhotoAs(ctx, owner, album.id);
    const saver = await signUp(ctx.app);
    const { album: own } = await createAlbumAs(ctx, saver);
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const before = { owner: await figures(ctx, owner), saver: await figures(ctx, saver) };
    const saved = await ctx.api(saver).savePhoto(photo.id, { albumId: own.id });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    expect(await figures(ctx, owner)).toEqual(before.owner);
    expect(await figures(ctx, saver)).toEqual(before.saver);
    expect(before.owner.counter).toBe(before.owner.sum);
  });
});

describe('a storage quota', () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
  });

  it('refuses an upload that would pass it (413 QUOTA_EXCEEDED, naming it), and nothing is kept', async () => {
    const person = await signUp(ctx.app);
    const set = await ctx.api(admin).adminSetQuota(person.uid, { quotaBytes: 1000 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ quotaBytes: 1000, storageUsed: 0 });
    const res = await ctx.api(person).upload(await makeJpeg({ width: 200, height: 150 }));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(errorOf(res).message).toContain('1000 bytes');
    expect(await fileCount(ctx, person)).toBe(0);
    expect((await figures(ctx, person)).counter).toBe(0);

    // Unlimited again: the same upload is stored.
    expect((await ctx.api(admin).adminSetQuota(person.uid, { quotaBytes: null })).statusCode).toBe(
      200,
    );
    const again = await ctx.api(person).upload(await makeJpeg({ width: 200, height: 150 }));
    expect(again.statusCode).toBe(201);
  });

  it('refuses a resumable upload whose declared length cannot fit, before any byte', async () => {
    const person = await signUp(ctx.app);
    await ctx.api(admin).adminSetQuota(person.uid, { quotaBytes: 5000 });
    const origin = await listening(ctx);
    const res = await fetch(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', idToken: person.idToken, 'Upload-Length': '6000' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('QUOTA_EXCEEDED');
    const fits = await fetch(`${origin}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', idToken: person.idToken, 'Upload-Length': '4000' },
    });
    expect(fits.status).toBe(201);
  });

  it('refuses a resumable upload at its finish when the quota was taken meanwhile', async () => {
    const person = await signUp(ctx.app);
    const origin = await listening(ctx);
    const [first, second] = await Promise.all([flatPng(201), flatPng(202)]);
    const size = first.length;
    const set = await ctx
      .api(admin)
      .adminSetQuota(person.uid, { quotaBytes: size + Math.floor(size / 2) });
    expect(set.statusCode).toBe(200);
    const create = () =>
      fetch(`${origin}/api/uploads`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0',
          idToken: person.idToken,
          'Upload-Length': String(size),
        },
      });
    // Both fit when created: nothing is reserved until an upload is stored.
    const [a, b] = await Promise.all([create(), create()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const send = (location: string, bytes: Buffer) =>
      fetch(new URL(location, origin), {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          idToken: person.idToken,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });
    expect((await send(a.headers.get('location')!, first)).status).toBe(201);
    const refused = await send(b.headers.get('location')!, second);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'QUOTA_EXCEEDED',
    );
    expect(await fileCount(ctx, person)).toBe(1);
  });

  it("counts a guest's upload through a share link against the album owner's quota", async () => {
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const link = (
      await ctx.api(owner).createShareLink(album.id, { permission: 'addPhotos' })
    ).json<ShareLink>();
    await ctx.deps.jobQueue.settled(DERIVE_IMAGES);
    const used = (await figures(ctx, owner)).counter;
    await ctx.api(admin).adminSetQuota(owner.uid, { quotaBytes: used + 100 });
    const res = await ctx.api().guestUpload(link.token, await makeJpeg({ width: 120, height: 90 }));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('QUOTA_EXCEEDED');
    expect((await figures(ctx, owner)).counter).toBe(used);
  });

  it('is a whole number of bytes, 0 or more: anything else is 400 and changes nothing', async () => {
    const person = await signUp(ctx.app);
    await ctx.api(admin).adminSetQuota(person.uid, { quotaBytes: 2048 });
    for (const body of [{ quotaBytes: -1 }, { quotaBytes: 1.5 }, { quotaBytes: 'lots' }, {}]) {
      const res = await ctx.api(admin).adminSetQuota(person.uid, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    }
    const listed = (await ctx.api(admin).adminUsers('?limit=100'))
      .json<AdminUser[]>()
      .find((user) => user.id === person.uid);
    expect(listed?.quotaBytes).toBe(2048);
    expect((await ctx.api(admin).adminSetQuota('no-such-user', { quotaBytes: 1 })).statusCode).toBe(
      404,
    );
    const other = await signUp(ctx.app);
    const refused = await ctx.api(other).adminSetQuota(person.uid, { quotaBytes: 1 });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('NOT_ADMIN');
  });
});

describe('uploads at once near the quota', () => {
  const ctx = useTestContext();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await signUp(ctx.app, { name: 'Ada Admin' });
    // No jobs meanwhile: the figure then moves only with the uploads (the originals, and the
    // thumbnails made with them, which count but are not held against the quota), and which
    // uploads fit is exact.
    await ctx.deps.jobQueue.stop();
  });

  it('stores exactly the ones that fit, and the figure is the sum over what is stored', async () => {
    const person = await signUp(ctx.app);
    const images = await Promise.all(Array.from({ length: 10 }, (_, i) => flatPng(i + 1)));
    const size = images[0]!.length;
    for (const image of images) expect(image.length).toBe(size);
    const fitting = 4;
    await ctx.api(admin).adminSetQuota(person.uid, { quotaBytes: fitting * size + size - 1 });
    const answers = await Promise.all(images.map((image) => rawUpload(ctx, person, image)));
    const stored = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(stored).toHaveLength(fitting);
    for (const res of refused) {
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).code).toBe('QUOTA_EXCEEDED');
    }
    const now = await figures(ctx, person);
    expect(now.counter).toBe(now.sum);
    const thumbnails = await ctx.deps.db
      .selectFrom('files')
      .select(['derived_bytes'])
      .where('owner_id', '=', person.uid)
      .execute();
    const thumbnailBytes = thumbnails.reduce((total, row) => total + Number(row.derived_bytes), 0);
    expect(thumbnailBytes).toBeGreaterThan(0);
    expect(now.sum).toBe(fitting * size + thumbnailBytes);
    expect(await fileCount(ctx, person)).toBe(fitting);
  });
});
