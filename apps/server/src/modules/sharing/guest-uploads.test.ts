import { GUEST_NAME_MAX, type Photo, type ShareLink } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';

const UPLOADS_PER_MINUTE = 8;
const ctx = useTestContext({ GUEST_UPLOADS_PER_MINUTE: String(UPLOADS_PER_MINUTE) });

async function guestLink(
  body: Record<string, unknown> = {},
  visibility: 'everyone' | 'invited' = 'invited',
) {
  const owner = await signUp(ctx.app, { name: 'Olivia Owner' });
  const { album } = await createAlbumAs(ctx, owner, { name: 'Wedding' });
  await ctx.api(owner).setVisibility(album.id, { visibility });
  const res = await ctx.api(owner).createShareLink(album.id, { permission: 'addPhotos', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, album, link: res.json<ShareLink>() };
}

async function linkOf(owner: TestUser, albumId: string, linkId: string) {
  const links = (await ctx.api(owner).listLinks(albumId)).json<ShareLink[]>();
  return links.find((link) => link.id === linkId)!;
}

async function albumPhotoCount(owner: TestUser, albumId: string) {
  return (await ctx.api(owner).listPhotos(albumId, '?limit=100')).json<Photo[]>().length;
}

async function ownerFileCount(owner: TestUser) {
  const row = await ctx.deps.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', owner.uid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('guest uploads', () => {
  it("add a photo as the guest's, owned by the album's owner, shown with the guest's name everywhere", async () => {
    const { owner, album, link } = await guestLink();
    const bytes = await makeJpeg({ width: 80, height: 60 });
    const res = await ctx.api().guestUpload(link.token, bytes, { guestName: '  Gina Guest  ' });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json<Photo>();
    expect(photo).toMatchObject({
      albumId: album.id,
      createdBy: 'Gina Guest',
      createdById: owner.uid,
      addedByGuest: true,
      width: 80,
      height: 60,
    });
    // The owner's album, the photo page, and the link's own page show the guest's name.
    const listed = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
    expect(listed.find((p) => p.id === photo.id)).toMatchObject({
      createdBy: 'Gina Guest',
      addedByGuest: true,
    });
    expect((await ctx.api(owner).getPhoto(photo.id)).json<Photo>()).toMatchObject({
      createdBy: 'Gina Guest',
      addedByGuest: true,
    });
    const shared = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    expect(shared.find((p) => p.id === photo.id)?.createdBy).toBe('Gina Guest');
    // The owner's own photos do not say so.
    expect(listed.find((p) => p.id !== photo.id)?.addedByGuest).toBeUndefined();
    // The file is the owner's: it is stored once, and is theirs to use.
    const file = await ctx.deps.db
      .selectFrom('files')
      .select(['owner_id', 'size'])
      .where('id', '=', photo.fileId)
      .executeTakeFirstOrThrow();
    expect(file.owner_id).toBe(owner.uid);
    const counted = await linkOf(owner, album.id, link.id);
    expect(counted.guestPhotoCount).toBe(1);
    expect(counted.guestBytes).toBe(bytes.length);
    // The picture a guest added loads for them.
    expect((await ctx.api().get(shared[0]!.photoUrl)).statusCode).toBe(200);
  });

  it('the owner removes what a guest added', async () => {
    const { owner, link } = await guestLink();
    const photo = (await ctx.api().guestUpload(link.token, await makeJpeg())).json<Photo>();
    expect((await ctx.api(owner).deletePhoto(photo.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).getPhoto(photo.id)).statusCode).toBe(404);
    const left = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    expect(left.map((p) => p.id)).not.toContain(photo.id);
  });

  it('a view or download link may not add photos: 403, nothing stored', async () => {
    for (const permission of ['view', 'download'] as const) {
      const { owner, album, link } = await guestLink({ permission });
      const files = await ownerFileCount(owner);
      const res = await ctx.api().guestUpload(link.token, await makeJpeg());
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect(await ownerFileCount(owner)).toBe(files);
      expect(await albumPhotoCount(owner, album.id)).toBe(1);
    }
  });

  it('needs a name, 1 to 60 characters, and a file: 400 with the field', async () => {
    const { owner, album, link } = await guestLink();
    const files = await ownerFileCount(owner);
    for (const guestName of [null, '   ', 'x'.repeat(GUEST_NAME_MAX + 1)]) {
      const res = await ctx.api().guestUpload(link.token, await makeJpeg(), { guestName });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('guestName');
    }
    const notAnImage = await ctx.api().guestUpload(link.token, 'not an image');
    expect(notAnImage.statusCode).toBe(415);
    expect(await ownerFileCount(owner)).toBe(files);
    expect(await albumPhotoCount(owner, album.id)).toBe(1);
    expect((await linkOf(owner, album.id, link.id)).guestPhotoCount).toBe(0);
  });

  it('a stopped, expired or locked link takes nothing', async () => {
    const { owner, album, link } = await guestLink({ password: 'cake and dancing' });
    const locked = await ctx.api().guestUpload(link.token, await makeJpeg());
    expect(locked.statusCode).toBe(401);
    expect(errorOf(locked).code).toBe('LINK_PASSWORD_REQUIRED');
    const { linkKey } = (
      await ctx.api().unlockLink(link.token, { password: 'cake and dancing' })
    ).json<{ linkKey: string }>();
    const unlocked = await ctx.api().guestUpload(link.token, await makeJpeg(), { key: linkKey });
    expect(unlocked.statusCode).toBe(201);
    const added = unlocked.json<Photo>().photoUrl;
    expect((await ctx.api().get(added)).statusCode).toBe(200);
    await ctx.api(owner).stopShareLink(album.id, link.id);
    // The picture URL the guest was given is bound to the link: it stops with it.
    expect((await ctx.api().get(added)).statusCode).toBe(404);
    const stopped = await ctx.api().guestUpload(link.token, await makeJpeg(), { key: linkKey });
    expect(stopped.statusCode).toBe(404);
    expect(await albumPhotoCount(owner, album.id)).toBe(2);
  });

  it('stops at the photo limit and at the byte limit with 413 naming it, nothing stored', async () => {
    const small = await guestLink({ guestLimits: { maxPhotos: 2, maxBytes: 10 * 1024 ** 2 } });
    for (let i = 0; i < 2; i += 1) {
      expect((await ctx.api().guestUpload(small.link.token, await makeJpeg())).statusCode).toBe(
        201,
      );
    }
    const files = await ownerFileCount(small.owner);
    const over = await ctx.api().guestUpload(small.link.token, await makeJpeg());
    expect(over.statusCode).toBe(413);
    expect(errorOf(over)).toMatchObject({ code: 'GUEST_LIMIT_REACHED', field: 'maxPhotos' });
    expect(await ownerFileCount(small.owner)).toBe(files);
    expect(await albumPhotoCount(small.owner, small.album.id)).toBe(3);

    const first = await makeJpeg({ width: 64, height: 48 });
    const bytes = await guestLink({
      guestLimits: { maxPhotos: 100, maxBytes: first.length + 100 },
    });
    expect((await ctx.api().guestUpload(bytes.link.token, first)).statusCode).toBe(201);
    const heavy = await ctx.api().guestUpload(bytes.link.token, await makeJpeg());
    expect(heavy.statusCode).toBe(413);
    expect(errorOf(heavy)).toMatchObject({ code: 'GUEST_LIMIT_REACHED', field: 'maxBytes' });
    const counted = await linkOf(bytes.owner, bytes.album.id, bytes.link.id);
    expect(counted).toMatchObject({ guestPhotoCount: 1, guestBytes: first.length });
    // The owner raises the limit: guests may add again.
    await ctx.api(bytes.owner).updateShareLink(bytes.album.id, bytes.link.id, {
      guestLimits: { maxPhotos: 100, maxBytes: 10 * 1024 ** 2 },
    });
    expect((await ctx.api().guestUpload(bytes.link.token, await makeJpeg())).statusCode).toBe(201);
  });

  it('concurrent guests never pass the photo limit together', async () => {
    const { owner, album, link } = await guestLink({
      guestLimits: { maxPhotos: 3, maxBytes: 10 * 1024 ** 2 },
    });
    const images = await Promise.all(Array.from({ length: 7 }, () => makeJpeg()));
    const answers = await Promise.all(
      images.map((bytes, i) =>
        ctx.api().guestUpload(link.token, bytes, { remoteAddress: `192.0.2.${i + 1}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413]);
    expect(await albumPhotoCount(owner, album.id)).toBe(4);
    expect((await linkOf(owner, album.id, link.id)).guestPhotoCount).toBe(3);
  });

  it('limits requests per client address and link with 429 and Retry-After; others go on', async () => {
    const { link } = await guestLink();
    const busy = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < UPLOADS_PER_MINUTE; i += 1) {
      expect((await ctx.api().guestUpload(link.token, await makeJpeg(), busy)).statusCode).toBe(
        201,
      );
    }
    const limited = await ctx.api().guestUpload(link.token, await makeJpeg(), busy);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await ctx
      .api()
      .guestUpload(link.token, await makeJpeg(), { remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(201);
    ctx.clock.advance(61_000);
    expect((await ctx.api().guestUpload(link.token, await makeJpeg(), busy)).statusCode).toBe(201);
    // Eleven uploads one after another.
  }, 90_000);

  it('the same photo twice is refused with 409 and counted once', async () => {
    const { owner, album, link } = await guestLink();
    const bytes = await makeJpeg();
    expect((await ctx.api().guestUpload(link.token, bytes)).statusCode).toBe(201);
    const again = await ctx.api().guestUpload(link.token, bytes);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DUPLICATE_PHOTO');
    expect((await linkOf(owner, album.id, link.id)).guestPhotoCount).toBe(1);
  });
});
