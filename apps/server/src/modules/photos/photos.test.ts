import type { Comment, Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
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
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';

const ctx = useTestContext();

const findAlbum = async (user: TestUser, albumId: string) =>
  (await ctx.api(user).findAlbum(`?id=${albumId}`)).json();

describe('photos', () => {
  describe('POST /api/albumsDb/{albumId}/photos', () => {
    it('adds an image the owner uploaded: 201 with what the file says', async () => {
      const owner = await signUp(ctx.app, { name: 'Uma Uploader' });
      const { album } = await createAlbumAs(ctx, owner);
      const image = await storeImage(ctx, owner, {
        width: 120,
        height: 80,
        dateTaken: '2024-07-14T10:30:00.000Z',
        cameraMake: 'Canon',
        cameraModel: 'EOS R6',
      });
      ctx.clock.advance(1000);
      const res = await ctx.api(owner).addPhoto(album.id, { fileId: image.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.stringMatching(UUID),
        albumId: album.id,
        fileId: image.id,
        photoUrl: image.url,
        placeholder: image.placeholder,
        ready: true,
        thumbReady: true,
        createdBy: 'Uma Uploader',
        createdById: owner.uid,
        dateCreated: ctx.clock.now().toISOString(),
        width: 120,
        height: 80,
        dateTaken: '2024-07-14T10:30:00.000Z',
        // The file gives the offset +00:00: the camera's clock read the same.
        dateTakenClock: '2024-07-14T10:30:00.000Z',
        cameraMake: 'Canon',
        cameraModel: 'EOS R6',
        fileSize: expect.any(Number),
        rotation: 0,
        likeCount: 0,
        likedByMe: false,
        commentCount: 0,
        kind: 'photo',
        video: null,
        favourite: false,
        archived: false,
      });
    });

    it('answers null for what the image did not say', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      expect(photo).toMatchObject({ dateTaken: null, cameraMake: null, cameraModel: null });
    });

    it('refuses the same file twice with 409 DUPLICATE_PHOTO', async () => {
      const owner = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const image = await storeImage(ctx, owner);
      expect((await ctx.api(owner).addPhoto(album.id, { fileId: image.id })).statusCode).toBe(201);
      for (const fileId of [image.id, cover.id]) {
        const res = await ctx.api(owner).addPhoto(album.id, { fileId });
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toMatchObject({
          code: 'DUPLICATE_PHOTO',
          message: expect.stringMatching(/already in this album/),
        });
      }
      expect((await ctx.api(owner).listPhotos(album.id)).json<Photo[]>()).toHaveLength(2);
    });

    it('refuses the same bytes uploaded again with 409 DUPLICATE_PHOTO', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const bytes = await makeJpeg();
      const first = await storeImage(ctx, owner, { bytes });
      expect((await ctx.api(owner).addPhoto(album.id, { fileId: first.id })).statusCode).toBe(201);
      const again = await storeImage(ctx, owner, { bytes });
      const res = await ctx.api(owner).addPhoto(album.id, { fileId: again.id });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'DUPLICATE_PHOTO',
        message: expect.stringMatching(/already in this album/),
      });
    });

    it('lets the same image be in two albums', async () => {
      const owner = await signUp(ctx.app);
      const { album: one } = await createAlbumAs(ctx, owner);
      const { album: two } = await createAlbumAs(ctx, owner);
      const image = await storeImage(ctx, owner);
      expect((await ctx.api(owner).addPhoto(one.id, { fileId: image.id })).statusCode).toBe(201);
      expect((await ctx.api(owner).addPhoto(two.id, { fileId: image.id })).statusCode).toBe(201);
    });

    it("refuses to add to another user's album with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, alice);
      const bobsImage = await storeImage(ctx, bob);
      const res = await ctx.api(bob).addPhoto(album.id, { fileId: bobsImage.id });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect((await ctx.api(alice).listPhotos(album.id)).json<Photo[]>()).toHaveLength(1);
    });

    it("refuses another user's image with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, bob);
      const alicesImage = await storeImage(ctx, alice);
      const res = await ctx.api(bob).addPhoto(album.id, { fileId: alicesImage.id });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'NOT_OWNER', field: 'body.fileId' });
    });

    it('answers 404 ALBUM_NOT_FOUND for an unknown album', async () => {
      const owner = await signUp(ctx.app);
      const image = await storeImage(ctx, owner);
      for (const albumId of [newId(), '11']) {
        const res = await ctx.api(owner).addPhoto(albumId, { fileId: image.id });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
      }
    });

    it('answers 404 FILE_NOT_FOUND for an unknown file', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      for (const fileId of [newFileId(), 'not-a-file-id', '../../etc/passwd']) {
        const res = await ctx.api(owner).addPhoto(album.id, { fileId });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toMatchObject({ code: 'FILE_NOT_FOUND', field: 'body.fileId' });
      }
    });

    it.each([
      ['missing', {}],
      ['empty', { fileId: '' }],
      ['too long', { fileId: 'f'.repeat(201) }],
      ['not text', { fileId: 12 }],
    ])('answers 400 on body.fileId when it is %s', async (_case, payload) => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).addPhoto(album.id, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.fileId' });
    });

    it('needs a token', async () => {
      const res = await ctx.api().addPhoto(newId(), { fileId: newFileId() });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/albumsDb/{albumId}/photos', () => {
    it('orders by date taken, or upload time when unknown, oldest first', async () => {
      const owner = await signUp(ctx.app);
      const day = 24 * 60 * 60 * 1000;
      const albumCreated = ctx.clock.now().getTime();
      const { album, cover } = await createAlbumAs(ctx, owner); // sorted by its upload time
      const old = await storeImage(ctx, owner, {
        dateTaken: new Date(albumCreated - 2000 * day).toISOString(),
      });
      const newer = await storeImage(ctx, owner, {
        dateTaken: new Date(albumCreated - day).toISOString(),
      });
      const undated = await storeImage(ctx, owner);
      ctx.clock.advance(10 * 60 * 1000);
      await addPhotoAs(ctx, owner, album.id, undated); // sorted by its upload time, ten minutes later
      await addPhotoAs(ctx, owner, album.id, newer);
      await addPhotoAs(ctx, owner, album.id, old);

      const res = await ctx.api(owner).listPhotos(album.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      expect(res.json<Photo[]>().map((photo) => photo.fileId)).toEqual([
        old.id,
        newer.id,
        cover.id,
        undated.id,
      ]);
    });

    it('shows any album to any signed-in user', async () => {
      const owner = await signUp(ctx.app);
      const viewer = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(viewer).listPhotos(album.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ fileId: cover.id })]);
    });

    it('pages with ?limit and a Link to the next page, followed to the end', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      // Six photos; four of them share one date taken, so the id decides among them.
      for (let i = 0; i < 4; i += 1) {
        const image = await storeImage(ctx, owner, { dateTaken: '2025-01-01T00:00:00.000Z' });
        await addPhotoAs(ctx, owner, album.id, image);
      }
      await addPhotoAs(ctx, owner, album.id);
      const all = (await ctx.api(owner).listPhotos(album.id, '?limit=100')).json<Photo[]>();
      expect(all).toHaveLength(6);

      const first = await ctx.api(owner).listPhotos(album.id, '?limit=4');
      expect(nextLink(first)).toMatch(
        new RegExp(`^/api/albumsDb/${album.id}/photos\\?limit=4&cursor=[A-Za-z0-9_-]+$`),
      );
      const pages: Photo[][] = [];
      let next: string | undefined = `/api/albumsDb/${album.id}/photos?limit=4`;
      while (next) {
        const res = await ctx.api(owner).get<Photo[]>(next);
        expect(res.statusCode).toBe(200);
        pages.push(res.json<Photo[]>());
        next = nextLink(res);
      }
      expect(pages.map((page) => page.length)).toEqual([4, 2]);
      expect(pages.flat()).toEqual(all);

      const ones: Photo[] = [];
      next = `/api/albumsDb/${album.id}/photos?limit=1`;
      while (next) {
        const res = await ctx.api(owner).get<Photo[]>(next);
        ones.push(...res.json<Photo[]>());
        next = nextLink(res);
      }
      expect(ones).toEqual(all);
    });

    it('answers 404 ALBUM_NOT_FOUND for an unknown album', async () => {
      const user = await signUp(ctx.app);
      for (const albumId of [newId(), '11', 'x'.repeat(150)]) {
        const res = await ctx.api(user).listPhotos(albumId);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('ALBUM_NOT_FOUND');
      }
    });

    it.each([
      ['limit', '?limit=0'],
      ['limit', '?limit=101'],
      ['limit', '?limit=ten'],
      ['cursor', '?cursor=bm90LWEtY3Vyc29y'],
      ['cursor', '?cursor=!!'],
    ])('answers 400 on querystring.%s for %s', async (field, query) => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const res = await ctx.api(owner).listPhotos(album.id, query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: `querystring.${field}`,
      });
    });

    it('needs a token', async () => {
      expect((await ctx.api().listPhotos(newId())).statusCode).toBe(401);
    });
  });

  describe('GET /api/photos/{photoId}', () => {
    it('answers one photo as an object, to any signed-in user', async () => {
      const owner = await signUp(ctx.app);
      const viewer = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const res = await ctx.api(viewer).getPhoto(photo.id);
      expect(res.statusCode).toBe(200);
      // The photo as lists answer it, and its details besides (decision 0086).
      const { details, ...listed } = res.json<Photo & { details?: unknown }>();
      expect(listed).toEqual(photo);
      expect(details).toMatchObject({ albums: [{ id: album.id, name: album.name }] });
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown id', async () => {
      const user = await signUp(ctx.app);
      for (const id of [newId(), '11', 'comments', '%E2%9C%93']) {
        const res = await ctx.api(user).getPhoto(id);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      expect((await ctx.api().getPhoto(newId())).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/photos/{photoId}', () => {
    it('deletes the photo, its comments, and its file when nothing else uses it', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const image = await storeImage(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id, image);
      const comment = await ctx.api(owner).postComment({
        photoId: photo.id,
        message: 'Going soon',
      });
      expect(comment.statusCode).toBe(201);

      const blobKeys = await blobKeysOf(ctx, image.id);
      expect(blobKeys.every(Boolean)).toBe(true);

      const res = await ctx.api(owner).deletePhoto(photo.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await ctx.api(owner).getPhoto(photo.id)).statusCode).toBe(404);
      expect((await ctx.api(owner).listComments(photo.id)).statusCode).toBe(404);
      expect(await commentRows(ctx, comment.json<Comment>().id)).toEqual([]);
      expect((await ctx.api(owner).listPhotos(album.id)).json<Photo[]>()).toHaveLength(1);
      expect(await showStatus(ctx, image.url)).toBe(404);
      for (const key of blobKeys) expect(await ctx.deps.blobStore.exists(key!)).toBe(false);
    });

    it('keeps the file while another album or a profile still shows it', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const { album: other } = await createAlbumAs(ctx, owner);
      const inTwoAlbums = await storeImage(ctx, owner);
      const asProfile = await storeImage(ctx, owner);
      const a = await addPhotoAs(ctx, owner, album.id, inTwoAlbums);
      await addPhotoAs(ctx, owner, other.id, inTwoAlbums);
      const b = await addPhotoAs(ctx, owner, album.id, asProfile);
      await ctx.api(owner).setProfilePhoto({ profilePicUrl: asProfile.url });
      expect((await ctx.api(owner).deletePhoto(a.id)).statusCode).toBe(204);
      expect((await ctx.api(owner).deletePhoto(b.id)).statusCode).toBe(204);
      expect(await showStatus(ctx, inTwoAlbums.url)).toBe(200);
      expect(await showStatus(ctx, asProfile.url)).toBe(200);
    });

    it("moves the album's cover to its first other photo when the cover photo goes", async () => {
      const owner = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const later = await storeImage(ctx, owner, { dateTaken: '2099-01-01T00:00:00.000Z' });
      const earlier = await storeImage(ctx, owner, { dateTaken: '2001-01-01T00:00:00.000Z' });
      await addPhotoAs(ctx, owner, album.id, later);
      await addPhotoAs(ctx, owner, album.id, earlier);
      const coverPhoto = (await ctx.api(owner).listPhotos(album.id))
        .json<Photo[]>()
        .find((photo) => photo.fileId === cover.id)!;

      expect((await ctx.api(owner).deletePhoto(coverPhoto.id)).statusCode).toBe(204);
      expect(await findAlbum(owner, album.id)).toEqual({
        ...album,
        coverPhotoUrl: earlier.url,
        coverPlaceholder: earlier.placeholder,
        photoCount: 2,
        firstPhotoDate: '2001-01-01T00:00:00.000Z',
        lastPhotoDate: '2099-01-01T00:00:00.000Z',
      });
      expect(await showStatus(ctx, cover.url)).toBe(404);
    });

    it("refuses to delete an album's last photo (its cover) with 409 CONFLICT", async () => {
      const owner = await signUp(ctx.app);
      const { album, cover } = await createAlbumAs(ctx, owner);
      const [only] = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
      const res = await ctx.api(owner).deletePhoto(only!.id);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('CONFLICT');
      expect((await ctx.api(owner).getPhoto(only!.id)).statusCode).toBe(200);
      expect(await findAlbum(owner, album.id)).toEqual(album);
      expect(await showStatus(ctx, cover.url)).toBe(200);
    });

    it("refuses to delete a photo of another user's album with 403 NOT_OWNER", async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, alice);
      const photo = await addPhotoAs(ctx, alice, album.id);
      const res = await ctx.api(bob).deletePhoto(photo.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect((await ctx.api(bob).getPhoto(photo.id)).statusCode).toBe(200);
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo, and for one already deleted', async () => {
      const owner = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      expect((await ctx.api(owner).deletePhoto(photo.id)).statusCode).toBe(204);
      for (const id of [photo.id, newId(), '11']) {
        const res = await ctx.api(owner).deletePhoto(id);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      expect((await ctx.api().deletePhoto(newId())).statusCode).toBe(401);
    });
  });
});
