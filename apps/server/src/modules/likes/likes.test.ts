import type { LikeSummary, Photo, PhotoLike } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf, nextLink } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';

const ctx = useTestContext();

const like = (user: TestUser | null, photoId: string) => ctx.api(user).like(photoId);
const unlike = (user: TestUser | null, photoId: string) => ctx.api(user).unlike(photoId);
const likers = (user: TestUser | null, photoId: string, query = '') =>
  ctx.api(user).listLikes(photoId, query);
const getPhoto = async (user: TestUser, photoId: string) =>
  (await ctx.api(user).getPhoto(photoId)).json();
const albumPhotos = (user: TestUser, albumId: string, query = '') =>
  ctx.api(user).listPhotos(albumId, query);

/** A new photo in a new album of a new owner. */
async function aPhoto(): Promise<{ owner: TestUser; photo: Photo }> {
  const owner = await signUp(ctx.app);
  const { album } = await createAlbumAs(ctx, owner);
  return { owner, photo: await addPhotoAs(ctx, owner, album.id) };
}

async function likeRows(photoId: string): Promise<number> {
  const rows = await ctx.deps.db
    .selectFrom('photo_likes')
    .select('user_id')
    .where('photo_id', '=', photoId)
    .execute();
  return rows.length;
}

describe('likes', () => {
  describe('PUT /api/photos/{photoId}/like', () => {
    it("likes a photo of someone else's album: the count and the liker's flag follow", async () => {
      const { owner, photo } = await aPhoto();
      const fan = await signUp(ctx.app);
      expect(photo).toMatchObject({ likeCount: 0, likedByMe: false, commentCount: 0 });

      const res = await like(fan, photo.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ photoId: photo.id, likeCount: 1, likedByMe: true });
      expect(await getPhoto(fan, photo.id)).toMatchObject({ likeCount: 1, likedByMe: true });
      expect(await getPhoto(owner, photo.id)).toMatchObject({ likeCount: 1, likedByMe: false });
    });

    it('counts one like per user: liking again changes nothing', async () => {
      const { owner, photo } = await aPhoto();
      expect((await like(owner, photo.id)).json<LikeSummary>().likeCount).toBe(1);
      const again = await like(owner, photo.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ photoId: photo.id, likeCount: 1, likedByMe: true });
      expect(await likeRows(photo.id)).toBe(1);
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown or deleted photo', async () => {
      const { owner, photo } = await aPhoto();
      expect((await ctx.api(owner).deletePhoto(photo.id)).statusCode).toBe(204);
      for (const id of [photo.id, newId(), '11']) {
        const res = await like(owner, id);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const { photo } = await aPhoto();
      expect((await like(null, photo.id)).statusCode).toBe(401);
      expect(await likeRows(photo.id)).toBe(0);
    });

    it('refuses a browser request whose XSRF header does not echo its cookie (403)', async () => {
      const { photo } = await aPhoto();
      const fan = await signUp(ctx.app);
      const res = await ctx
        .api(fan)
        .like(photo.id, { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'other' });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('XSRF_MISMATCH');
      expect(await likeRows(photo.id)).toBe(0);
    });
  });

  describe('DELETE /api/photos/{photoId}/like', () => {
    it('takes the like back; a second time changes nothing', async () => {
      const { photo } = await aPhoto();
      const fan = await signUp(ctx.app);
      await like(fan, photo.id);
      for (let i = 0; i < 2; i += 1) {
        const res = await unlike(fan, photo.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ photoId: photo.id, likeCount: 0, likedByMe: false });
      }
      expect(await getPhoto(fan, photo.id)).toMatchObject({ likeCount: 0, likedByMe: false });
    });

    it("takes back only the caller's own like: nobody removes another's, not even the owner", async () => {
      const { owner, photo } = await aPhoto();
      const fan = await signUp(ctx.app);
      const other = await signUp(ctx.app);
      await like(fan, photo.id);
      for (const user of [other, owner]) {
        const res = await unlike(user, photo.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ photoId: photo.id, likeCount: 1, likedByMe: false });
      }
      expect(await getPhoto(fan, photo.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo, and needs a token', async () => {
      const user = await signUp(ctx.app);
      const res = await unlike(user, newId());
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      expect((await unlike(null, newId())).statusCode).toBe(401);
    });
  });

  describe('concurrent likes', () => {
    it('counts every user once when many like at the same moment, each several times', async () => {
      const { photo } = await aPhoto();
      const fans = await Promise.all(Array.from({ length: 12 }, () => signUp(ctx.app)));
      const answers = await Promise.all(
        fans.flatMap((fan) => [like(fan, photo.id), like(fan, photo.id), like(fan, photo.id)]),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
      for (const res of answers) expect(res.json<LikeSummary>().likedByMe).toBe(true);
      expect(await likeRows(photo.id)).toBe(12);
      expect((await getPhoto(fans[0]!, photo.id)).likeCount).toBe(12);
    });

    it('keeps the count right when likes and unlikes race', async () => {
      const { photo } = await aPhoto();
      const leaving = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app)));
      const joining = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
      await Promise.all(leaving.map((user) => like(user, photo.id)));
      expect(await likeRows(photo.id)).toBe(8);

      const answers = await Promise.all([
        ...leaving.flatMap((user) => [unlike(user, photo.id), unlike(user, photo.id)]),
        ...joining.flatMap((user) => [like(user, photo.id), like(user, photo.id)]),
      ]);
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      const photoNow = await getPhoto(joining[0]!, photo.id);
      expect(photoNow).toMatchObject({ likeCount: 6, likedByMe: true });
      expect(await getPhoto(leaving[0]!, photo.id)).toMatchObject({ likedByMe: false });
      expect(await likeRows(photo.id)).toBe(6);
    });
  });

  describe('GET /api/photos/{photoId}/likes', () => {
    it('lists who likes the photo, most recent first, with names', async () => {
      const { photo } = await aPhoto();
      const ann = await signUp(ctx.app, { name: 'Ann Admirer' });
      const bo = await signUp(ctx.app, { name: 'Bo Booster' });
      await like(ann, photo.id);
      const annAt = ctx.clock.now().toISOString();
      ctx.clock.advance(1000);
      await like(bo, photo.id);
      const boAt = ctx.clock.now().toISOString();

      const res = await likers(ann, photo.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      expect(res.json()).toEqual([
        { userId: bo.uid, name: 'Bo Booster', dateCreated: boAt },
        { userId: ann.uid, name: 'Ann Admirer', dateCreated: annAt },
      ]);
      await unlike(bo, photo.id);
      expect((await likers(ann, photo.id)).json<PhotoLike[]>().map((l) => l.name)).toEqual([
        'Ann Admirer',
      ]);
    });

    it('pages along the Link header, each liker once, even with equal dates', async () => {
      const { photo } = await aPhoto();
      const fans = await Promise.all(Array.from({ length: 5 }, () => signUp(ctx.app)));
      for (const fan of fans) await like(fan, photo.id);
      const seen: string[] = [];
      let url: string | undefined = `/api/photos/${photo.id}/likes?limit=2`;
      let pages = 0;
      while (url) {
        const res = await ctx.api(fans[0]).get<PhotoLike[]>(url);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.length).toBeLessThanOrEqual(2);
        seen.push(...page.map((l) => l.userId));
        url = nextLink(res);
        pages += 1;
      }
      expect(pages).toBe(3);
      expect([...seen].sort()).toEqual(fans.map((fan) => fan.uid).sort());
    });

    it('refuses a cursor it did not give, and a limit out of range (400)', async () => {
      const { owner, photo } = await aPhoto();
      for (const [query, field] of [
        ['?cursor=not*ours', 'querystring.cursor'],
        ['?limit=0', 'querystring.limit'],
        ['?limit=101', 'querystring.limit'],
      ] as const) {
        const res = await likers(owner, photo.id, query);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field });
      }
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo, and needs a token', async () => {
      const user = await signUp(ctx.app);
      const res = await likers(user, newId());
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      expect((await likers(null, newId())).statusCode).toBe(401);
    });
  });

  describe('counts in the photo list', () => {
    it("gives each photo its own like and comment counts and the viewer's flag, page after page", async () => {
      const owner = await signUp(ctx.app);
      const viewer = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const second = await addPhotoAs(ctx, owner, album.id);
      const third = await addPhotoAs(ctx, owner, album.id);
      // The cover: its upload time is the others', so the album's order (then by id) may put it anywhere.
      const first = (await albumPhotos(owner, album.id))
        .json()
        .find((photo) => photo.id !== second.id && photo.id !== third.id);
      await like(owner, second.id);
      await like(viewer, second.id);
      await like(viewer, third.id);
      for (const message of ['One', 'Two', 'Three']) {
        await ctx.api(viewer).postComment({ photoId: third.id, message });
      }

      const counts = (photos: Photo[]) =>
        Object.fromEntries(
          photos.map((p) => [p.id, [p.likeCount, p.likedByMe, p.commentCount] as const]),
        );
      expect(counts((await albumPhotos(viewer, album.id)).json<Photo[]>())).toEqual({
        [first!.id]: [0, false, 0],
        [second.id]: [2, true, 0],
        [third.id]: [1, true, 3],
      });
      expect(counts((await albumPhotos(owner, album.id)).json<Photo[]>())).toEqual({
        [first!.id]: [0, false, 0],
        [second.id]: [2, true, 0],
        [third.id]: [1, false, 3],
      });
      const firstPage = await albumPhotos(viewer, album.id, '?limit=2');
      const rest = await ctx.api(viewer).get<Photo[]>(nextLink(firstPage)!);
      expect(counts([...firstPage.json<Photo[]>(), ...rest.json<Photo[]>()])).toEqual(
        counts((await albumPhotos(viewer, album.id)).json<Photo[]>()),
      );
    });
  });

  describe('deletion', () => {
    it('deleting a liked photo, then its album, takes their likes with them', async () => {
      const owner = await signUp(ctx.app);
      const fan = await signUp(ctx.app);
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const cover = (await albumPhotos(owner, album.id))
        .json()
        .find((other) => other.id !== photo.id);
      await like(fan, photo.id);
      await like(fan, cover!.id);
      await like(owner, cover!.id);

      const deletedPhoto = await ctx.api(owner).deletePhoto(photo.id);
      expect(deletedPhoto.statusCode).toBe(204);
      expect(await likeRows(photo.id)).toBe(0);
      const deletedAlbum = await ctx.api(owner).deleteAlbum(album.id);
      expect(deletedAlbum.statusCode).toBe(204);
      expect(await likeRows(cover!.id)).toBe(0);
    });
  });
});
