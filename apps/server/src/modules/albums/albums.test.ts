import type { Album, Comment, Photo } from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newFileId, newId } from '../../lib/ids.js';
import {
  addPhotoAs,
  blobKeysOf,
  commentRows,
  createAlbumAs,
  errorOf,
  nextLink,
  showStatus,
  storeImage,
  UUID,
} from '../../test/fixtures.js';
import { signUp, type TestContext, type TestUser, useTestContext } from '../../test/harness.js';

/** Follows the Link headers from `url` to the last page; answers every page's albums. */
async function allPages(ctx: TestContext, user: TestUser, url: string) {
  const pages: Album[][] = [];
  const links: string[] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await ctx.api(user).get<Album[]>(next);
    expect(res.statusCode).toBe(200);
    pages.push(res.json<Album[]>());
    next = nextLink(res);
    if (next) links.push(next);
    if (pages.length > 100) throw new Error('the Link headers never end');
  }
  return { pages, links };
}

/** Newest first, ties by id descending: the order the API promises. */
function newestFirst(a: Album, b: Album): number {
  if (a.dateCreated !== b.dateCreated) return a.dateCreated < b.dateCreated ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

describe('albums', () => {
  const ctx = useTestContext();

  const myAlbums = async (user: TestUser) => (await ctx.api(user).listAlbums('?mine=true')).json();

  describe('POST /api/albumsDb', () => {
    it('creates the album: 201, the server fills id, createdBy, createdById and dateCreated', async () => {
      const owner = await signUp(ctx.app, { name: 'Olivia Owner' });
      const cover = await storeImage(ctx, owner);
      ctx.clock.advance(1000);
      const res = await ctx.api(owner).createAlbum({
        id: 'client-id',
        createdBy: 'Mallory',
        createdById: 'someone',
        dateCreated: '1999-01-01T00:00:00.000Z',
        name: '  Summer 2026  ',
        coverPhotoUrl: cover.url,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Summer 2026',
        coverPhotoUrl: cover.url,
        coverPlaceholder: cover.placeholder,
        coverReady: true,
        createdBy: 'Olivia Owner',
        createdById: owner.uid,
        dateCreated: ctx.clock.now().toISOString(),
        visibility: 'everyone',
        photoCount: 1,
        firstPhotoDate: ctx.clock.now().toISOString(),
        lastPhotoDate: ctx.clock.now().toISOString(),
      });
    });

    it('makes the cover the first photo of the album', async () => {
      const owner = await signUp(ctx.app, { name: 'Pat' });
      const { album, cover } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).listPhotos(album.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({
          albumId: album.id,
          fileId: cover.id,
          photoUrl: cover.url,
          createdBy: 'Pat',
          createdById: owner.uid,
        }),
      ]);
    });

    it('accepts a cover URL absolute on this origin', async () => {
      const owner = await signUp(ctx.app);
      const cover = await storeImage(ctx, owner);
      const res = await ctx.api(owner).createAlbum({
        name: 'Absolute',
        coverPhotoUrl: `http://localhost:80${cover.url}`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Album>().coverPhotoUrl).toBe(cover.url);
    });

    it.each([
      ['missing', {}],
      ['empty', { name: '' }],
      ['only spaces', { name: ' \n\t ' }],
      ['101 characters', { name: 'a'.repeat(101) }],
      ['huge', { name: 'a'.repeat(500_000) }],
      ['not text', { name: ['a'] }],
    ])('refuses a name that is %s with 400 on body.name', async (_case, fields) => {
      const owner = await signUp(ctx.app);
      const cover = await storeImage(ctx, owner);
      const res = await ctx.api(owner).createAlbum({ coverPhotoUrl: cover.url, ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.name' });
      expect(await myAlbums(owner)).toEqual([]);
    });

    it('accepts a name of 100 characters once trimmed', async () => {
      const owner = await signUp(ctx.app);
      const cover = await storeImage(ctx, owner);
      const res = await ctx
        .api(owner)
        .createAlbum({ name: ` ${'é'.repeat(100)} `, coverPhotoUrl: cover.url });
      expect(res.statusCode).toBe(201);
      expect(res.json<Album>().name).toBe('é'.repeat(100));
    });

    it.each([
      ['missing', {}],
      ['empty', { coverPhotoUrl: '' }],
      ['too long', { coverPhotoUrl: `/api/files/show/${'a'.repeat(3000)}` }],
    ])('refuses a cover URL that is %s with 400 on body.coverPhotoUrl', async (_case, fields) => {
      const owner = await signUp(ctx.app);
      const res = await ctx.api(owner).createAlbum({ name: 'No cover', ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.coverPhotoUrl',
      });
    });

    it.each([
      ['on another site', (id: string) => `https://photos.example.net/api/files/show/${id}`],
      ['with a query', (id: string) => `/api/files/show/${id}?size=thumb`],
      ['outside the files address', (id: string) => `/api/albumsDb/${id}`],
      ['with a path that climbs out', (id: string) => `/api/files/show/../show/${id}x`],
      ['of an id of the wrong shape', () => '/api/files/show/11'],
    ])(
      'refuses a cover URL %s with 400 INVALID_PICTURE_URL',
      async (_case, urlOf: (id: string) => string) => {
        const owner = await signUp(ctx.app);
        const cover = await storeImage(ctx, owner);
        const res = await ctx
          .api(owner)
          .createAlbum({ name: 'Foreign', coverPhotoUrl: urlOf(cover.id) });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({
          code: 'INVALID_PICTURE_URL',
          field: 'body.coverPhotoUrl',
        });
        expect(await myAlbums(owner)).toEqual([]);
      },
    );

    it("refuses another user's image as the cover with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const alicesImage = await storeImage(ctx, alice);
      const res = await ctx
        .api(bob)
        .createAlbum({ name: 'Borrowed', coverPhotoUrl: alicesImage.url });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect(await myAlbums(bob)).toEqual([]);
    });

    it('answers 404 FILE_NOT_FOUND for a cover that is not stored', async () => {
      const owner = await signUp(ctx.app);
      const res = await ctx.api(owner).createAlbum({
        name: 'Ghost',
        coverPhotoUrl: `/api/files/show/${newFileId()}`,
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('FILE_NOT_FOUND');
    });

    it('answers 400 for a body that is not JSON', async () => {
      const owner = await signUp(ctx.app);
      const res = await ctx.api(owner).request({
        method: 'POST',
        url: '/api/albumsDb',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    });

    it('needs a token', async () => {
      const res = await ctx
        .api()
        .createAlbum({ name: 'Anonymous', coverPhotoUrl: '/api/files/show/x' });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('TOKEN_MISSING');
    });
  });

  describe('GET /api/albums/find', () => {
    it('answers one album, to any signed-in user', async () => {
      const owner = await signUp(ctx.app, { name: 'Finder' });
      const { album } = await createAlbumAs(ctx, owner, { name: 'Found' });
      const other = await signUp(ctx.app);
      const res = await ctx.api(other).findAlbum(`?id=${album.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(album);
    });

    it("shows the owner's current name as createdBy", async () => {
      const owner = await signUp(ctx.app, { name: 'Old Name' });
      const { album } = await createAlbumAs(ctx, owner);
      await ctx.api(owner).addNewUser({ name: 'New Name' });
      expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json()).toMatchObject({
        createdBy: 'New Name',
      });
    });

    it.each([
      ['unknown', newId()],
      ['of the wrong shape', '11'],
      ['full of odd characters', encodeURIComponent("'; drop table albums; --")],
    ])('answers 404 ALBUM_NOT_FOUND for an id %s', async (_case, id) => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).findAlbum(`?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
    });

    it.each([
      ['missing', ''],
      ['empty', '?id='],
      ['too long', `?id=${'a'.repeat(201)}`],
      ['given twice', `?id=${newId()}&id=${newId()}`],
    ])('answers 400 on querystring.id for an id %s', async (_case, query) => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).findAlbum(query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'querystring.id' });
    });

    it('needs a token', async () => {
      expect((await ctx.api().findAlbum(`?id=${newId()}`)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/albums', () => {
    it('renames the album (trimmed) and ignores the fields the server fills', async () => {
      const owner = await signUp(ctx.app, { name: 'Renamer' });
      const { album } = await createAlbumAs(ctx, owner, { name: 'Before' });
      ctx.clock.advance(5000);
      const res = await ctx.api(owner).updateAlbum({
        ...album,
        name: '  After  ',
        createdBy: 'Mallory',
        createdById: 'mallory',
        dateCreated: '2000-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...album, name: 'After' });
      expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json()).toEqual({
        ...album,
        name: 'After',
      });
    });

    it('sets the cover to a photo of the album', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const res = await ctx.api(owner).updateAlbum({ id: album.id, coverPhotoUrl: photo.photoUrl });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...album,
        coverPhotoUrl: photo.photoUrl,
        coverPlaceholder: photo.placeholder,
        photoCount: 2,
        lastPhotoDate: photo.dateCreated,
      });
    });

    it('accepts the cover as an absolute URL on this origin', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const res = await ctx.api(owner).updateAlbum({
        ...album,
        coverPhotoUrl: `http://localhost:80${photo.photoUrl}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Album>().coverPhotoUrl).toBe(photo.photoUrl);
    });

    it('changes nothing when only the id is given', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).updateAlbum({ id: album.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(album);
    });

    it('refuses a cover that is not a photo of this album with 400 on body.coverPhotoUrl', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const { album: otherAlbum } = await createAlbumAs(ctx, owner);
      const loose = await storeImage(ctx, owner);
      for (const url of [loose.url, otherAlbum.coverPhotoUrl, `/api/files/show/${newFileId()}`]) {
        const res = await ctx.api(owner).updateAlbum({ id: album.id, coverPhotoUrl: url });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({
          code: 'VALIDATION_FAILED',
          field: 'body.coverPhotoUrl',
        });
      }
      expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json()).toEqual(album);
    });

    it('refuses a cover URL on another site with 400 INVALID_PICTURE_URL', async () => {
      const owner = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).updateAlbum({
        id: album.id,
        coverPhotoUrl: `https://elsewhere.example${cover.url}`,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'INVALID_PICTURE_URL',
        field: 'body.coverPhotoUrl',
      });
    });

    it.each([
      ['empty', { name: '' }],
      ['only spaces', { name: '    ' }],
      ['101 characters', { name: 'x'.repeat(101) }],
    ])('refuses a name that is %s with 400 on body.name', async (_case, fields) => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).updateAlbum({ id: album.id, ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.name' });
    });

    it('answers 400 on body.id without an id', async () => {
      const owner = await signUp(ctx.app);
      const res = await ctx.api(owner).updateAlbum({ name: 'Which one?' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.id' });
    });

    it("refuses to change another user's album with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, alice, { name: "Alice's" });
      const res = await ctx.api(bob).updateAlbum({ id: album.id, name: "Bob's now" });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      const cover = await ctx
        .api(bob)
        .updateAlbum({ id: album.id, coverPhotoUrl: album.coverPhotoUrl });
      expect(cover.statusCode).toBe(403);
      expect((await ctx.api(alice).findAlbum(`?id=${album.id}`)).json()).toEqual(album);
    });

    it('answers 404 ALBUM_NOT_FOUND for an unknown album', async () => {
      const user = await signUp(ctx.app);
      for (const id of [newId(), '11']) {
        const res = await ctx.api(user).updateAlbum({ id, name: 'Nothing' });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      expect((await ctx.api().updateAlbum({ id: newId(), name: 'x' })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/albumsDb/{albumId}', () => {
    it('deletes the album, its photos, their comments and the files nothing else uses', async () => {
      const owner = await signUp(ctx.app);
      const commenter = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const comment = await ctx.api(commenter).postComment({ photoId: photo.id, message: 'Nice' });
      expect(comment.statusCode).toBe(201);

      const blobKeys = await blobKeysOf(ctx, cover.id);
      expect(blobKeys.every(Boolean)).toBe(true);

      const res = await ctx.api(owner).deleteAlbum(album.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
      const photos = await ctx.api(owner).listPhotos(album.id);
      expect(photos.statusCode).toBe(404);
      expect((await ctx.api(owner).getPhoto(photo.id)).statusCode).toBe(404);
      expect((await ctx.api(owner).listComments(photo.id)).statusCode).toBe(404);
      expect(await commentRows(ctx, comment.json<Comment>().id)).toEqual([]);
      expect(await showStatus(ctx, cover.url)).toBe(404);
      expect(await showStatus(ctx, photo.photoUrl)).toBe(404);
      for (const key of blobKeys) expect(await ctx.deps.blobStore.exists(key!)).toBe(false);
      expect(await myAlbums(owner)).toEqual([]);
    });

    it('keeps the files that are still used elsewhere', async () => {
      const owner = await signUp(ctx.app);
      const fan = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const shared = await storeImage(ctx, owner);
      await addPhotoAs(ctx, owner, album.id, shared);
      const { album: keeper } = await createAlbumAs(ctx, owner);
      await addPhotoAs(ctx, owner, keeper.id, shared);
      await ctx.api(fan).setProfilePhoto({ profilePicUrl: cover.url });

      expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
      expect(await showStatus(ctx, cover.url)).toBe(200);
      expect(await showStatus(ctx, shared.url)).toBe(200);
      const keeperPhotos = await ctx.api(owner).listPhotos(keeper.id);
      expect(keeperPhotos.json<Photo[]>().map((p) => p.fileId)).toContain(shared.id);
    });

    it("refuses to delete another user's album with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, alice);
      const res = await ctx.api(bob).deleteAlbum(album.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect((await ctx.api(alice).findAlbum(`?id=${album.id}`)).statusCode).toBe(200);
    });

    it('answers 404 ALBUM_NOT_FOUND for an unknown album, and for one already deleted', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
      for (const id of [album.id, newId(), '11', 'ü ü']) {
        const res = await ctx.api(owner).deleteAlbum(id);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      expect((await ctx.api().deleteAlbum(album.id)).statusCode).toBe(401);
      expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).statusCode).toBe(200);
    });
  });

  describe('GET /api/albumsDb', () => {
    // A database of its own: these tests count every album there is.
    const listCtx = useTestContext();
    let alice: TestUser;
    let bob: TestUser;
    const created: Album[] = [];

    beforeAll(async () => {
      alice = await signUp(listCtx.app, { name: 'Alice' });
      bob = await signUp(listCtx.app, { name: 'Bob' });
      const aliceCover = await storeImage(listCtx, alice);
      const bobCover = await storeImage(listCtx, bob);
      // Seven albums: five at distinct times, and three created at one same instant.
      const plan: [TestUser, number][] = [
        [alice, 1000],
        [bob, 1000],
        [alice, 1000],
        [bob, 0],
        [alice, 0],
        [alice, 1000],
        [bob, 1000],
      ];
      for (const [index, [user, advance]] of plan.entries()) {
        listCtx.clock.advance(advance);
        const cover = user === alice ? aliceCover : bobCover;
        const { album } = await createAlbumAs(listCtx, user, { name: `Album ${index}`, cover });
        created.push(album);
      }
    });

    it('lists every album newest first (ties by id), with no Link when all fit', async () => {
      const res = await listCtx.api(alice).listAlbums();
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      const albums = res.json<Album[]>();
      expect(albums).toEqual([...created].sort(newestFirst));
      expect(albums[0]).toMatchObject({ name: 'Album 6', createdBy: 'Bob' });
      expect(albums.at(-1)).toMatchObject({ name: 'Album 0', createdBy: 'Alice' });
    });

    it('pages with ?limit and a Link to the next page, followed to the end', async () => {
      const first = await listCtx.api(bob).listAlbums('?limit=3');
      expect(first.statusCode).toBe(200);
      expect(first.json<Album[]>()).toHaveLength(3);
      expect(first.headers.link).toMatch(
        /^<\/api\/albumsDb\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
      );

      const { pages, links } = await allPages(listCtx, bob, '/api/albumsDb?limit=3');
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(links).toHaveLength(2);
      expect(pages.flat()).toEqual([...created].sort(newestFirst));
    });

    it('pages exactly at the end: no Link when the last page is full', async () => {
      const { pages } = await allPages(listCtx, alice, '/api/albumsDb?limit=7');
      expect(pages.map((page) => page.length)).toEqual([7]);
      const ones = await allPages(listCtx, alice, '/api/albumsDb?limit=1');
      expect(ones.pages.flat()).toEqual([...created].sort(newestFirst));
    });

    it("lists only the caller's albums with ?mine=true, and keeps mine=true in the Link", async () => {
      const res = await listCtx.api(alice).listAlbums('?mine=true&limit=2');
      expect(res.statusCode).toBe(200);
      expect(nextLink(res)).toMatch(/^\/api\/albumsDb\?limit=2&cursor=[A-Za-z0-9_-]+&mine=true$/);
      const { pages } = await allPages(listCtx, alice, '/api/albumsDb?mine=true&limit=2');
      const mine = created.filter((album) => album.createdById === alice.uid).sort(newestFirst);
      expect(pages.flat()).toEqual(mine);
      expect(mine).toHaveLength(4);

      const all = await listCtx.api(alice).listAlbums('?mine=false');
      expect(all.json<Album[]>()).toHaveLength(7);
    });

    it('answers an empty list for a user with no albums', async () => {
      const carol = await signUp(listCtx.app);
      const res = await listCtx.api(carol).listAlbums('?mine=true');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers.link).toBeUndefined();
    });

    it('gives at most 50 albums by default', async () => {
      const dave = await signUp(listCtx.app);
      const cover = await storeImage(listCtx, dave);
      for (let i = 0; i < 51; i += 1) {
        await createAlbumAs(listCtx, dave, { name: `Dave ${i}`, cover });
      }
      const res = await listCtx.api(dave).listAlbums('?mine=true');
      expect(res.json<Album[]>()).toHaveLength(50);
      expect(nextLink(res)).toMatch(/^\/api\/albumsDb\?limit=50&cursor=.+&mine=true$/);
      const max = await listCtx.api(dave).listAlbums('?limit=100');
      expect(max.json<Album[]>()).toHaveLength(58);
      expect(max.headers.link).toBeUndefined();
    });

    it.each([
      ['limit', '?limit=0'],
      ['limit', '?limit=101'],
      ['limit', '?limit=abc'],
      ['limit', '?limit=2.5'],
      ['cursor', '?cursor=not-a-cursor'],
      ['cursor', `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`],
      ['cursor', '?cursor=%25%25'],
      ['cursor', `?cursor=${'A'.repeat(501)}`],
      ['mine', '?mine=yes'],
    ])('answers 400 on querystring.%s for %s', async (field, query) => {
      const res = await listCtx.api(alice).listAlbums(query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: `querystring.${field}`,
      });
    });

    it('needs a token', async () => {
      const res = await listCtx.api().listAlbums();
      expect(res.statusCode).toBe(401);
    });
  });
});
