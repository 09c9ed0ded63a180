import type { Album, Photo, ShareLink } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, errorOf, UUID } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';

const ctx = useTestContext({ TRASH_DAYS: '30' });

const createEmpty = (user: TestUser | null, body: unknown) =>
  ctx.api(user).request<Album>({ method: 'POST', url: '/api/albums', payload: body as object });

async function emptyAlbumOf(user: TestUser, name = 'Birthday'): Promise<Album> {
  const res = await createEmpty(user, { name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('albums without a photo (POST /api/albums)', () => {
  it('creates an album with a name only: no cover, 0 photos, listed with the others', async () => {
    const owner = await signUp(ctx.app, { name: 'Olivia Owner' });
    const res = await createEmpty(owner, { name: '  Birthday 2026  ' });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(album).toMatchObject({
      id: expect.stringMatching(UUID),
      name: 'Birthday 2026',
      coverPhotoUrl: '',
      coverReady: false,
      createdBy: 'Olivia Owner',
      createdById: owner.uid,
      photoCount: 0,
      firstPhotoDate: null,
      lastPhotoDate: null,
    });
    const mine = (await ctx.api(owner).listAlbums('?mine=true')).json<Album[]>();
    expect(mine.map((a) => a.id)).toEqual([album.id]);
    expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json()).toEqual(album);
    expect((await ctx.api(owner).listPhotos(album.id)).json()).toEqual([]);
  });

  it('refuses a blank or missing name with 400 on body.name, and a caller without a token', async () => {
    const owner = await signUp(ctx.app);
    for (const body of [{ name: '   ' }, {}, { name: 'x'.repeat(101) }]) {
      const res = await createEmpty(owner, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.name' });
    }
    expect(errorOf(await createEmpty(owner, { name: ' ' })).message).toMatch(/must not be empty/);
    expect((await createEmpty(null, { name: 'Mine' })).statusCode).toBe(401);
    expect((await ctx.api(owner).listAlbums('?mine=true')).json()).toEqual([]);
  });

  it('takes its first photo as cover, and counts it', async () => {
    const owner = await signUp(ctx.app);
    const album = await emptyAlbumOf(owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    const found = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(found.photoCount).toBe(1);
    expect(found.coverPhotoUrl).not.toBe('');
    expect(new URL(found.coverPhotoUrl, 'http://x').pathname).toBe(
      new URL(photo.photoUrl, 'http://x').pathname,
    );
    // A second photo leaves the cover as it is.
    await addPhotoAs(ctx, owner, album.id);
    const again = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(again).toMatchObject({ photoCount: 2, coverPhotoUrl: found.coverPhotoUrl });
  });

  it('takes photos added from a selection (bulk add), the first as cover', async () => {
    const owner = await signUp(ctx.app);
    const source = await emptyAlbumOf(owner, 'Source');
    const a = await addPhotoAs(ctx, owner, source.id);
    const b = await addPhotoAs(ctx, owner, source.id);
    const target = await emptyAlbumOf(owner, 'Target');
    const res = await ctx.api(owner).bulkAdd({ photoIds: [a.id, b.id], albumId: target.id });
    expect(res.statusCode).toBeLessThan(300);
    const found = (await ctx.api(owner).findAlbum(`?id=${target.id}`)).json<Album>();
    expect(found.photoCount).toBe(2);
    expect(found.coverPhotoUrl).not.toBe('');
  });

  it('is shared by a link: the visitor sees it, with no photos', async () => {
    const owner = await signUp(ctx.app);
    const album = await emptyAlbumOf(owner);
    const link = await ctx.api(owner).createShareLink(album.id);
    expect(link.statusCode).toBe(201);
    const token = link.json<ShareLink>().token;
    const seen = await ctx.api(null).sharedAlbum(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ name: 'Birthday', photoCount: 0, coverPhotoUrl: '' });
    expect((await ctx.api(null).sharedPhotos(token)).json<Photo[]>()).toEqual([]);
    // Its link's page has tags without a picture, and no preview picture.
    const page = await ctx.app.inject({ method: 'GET', url: `/shared/${token}` });
    expect(page.body).not.toContain('og:image');
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/shared/${token}/preview.jpg`,
    });
    expect(preview.statusCode).toBe(404);
  });

  it('has no zip: 409 with a clear message, for its owner and for a link visitor', async () => {
    const owner = await signUp(ctx.app);
    const album = await emptyAlbumOf(owner);
    const res = await ctx.api(owner).requestDownload({ albumId: album.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This album has no photos to download yet.');
    const link = await ctx.api(owner).createShareLink(album.id, { permission: 'download' });
    const zip = await ctx.api(null).sharedDownload(link.json<ShareLink>().token);
    expect(zip.statusCode).toBe(409);
  });

  it('goes to Trash and comes back', async () => {
    const owner = await signUp(ctx.app);
    const album = await emptyAlbumOf(owner);
    expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    const restored = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { albumIds: [album.id] },
    });
    expect(restored.statusCode).toBe(200);
    expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json()).toMatchObject({
      id: album.id,
      name: 'Birthday',
      photoCount: 0,
    });
  });
});
