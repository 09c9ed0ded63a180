import type { Comment, Photo } from '@photo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf } from '../../test/fixtures.js';
import { createTestContext, signUp, type TestContext } from '../../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A new photo in a new album of a new owner. */
async function aPhoto(): Promise<Photo> {
  const owner = await signUp(ctx.app);
  const { album } = await createAlbumAs(ctx, owner);
  return addPhotoAs(ctx, owner, album.id);
}

describe('comments', () => {
  describe('POST /api/photos/comments', () => {
    it('posts a comment: 201, the server fills id, createdBy, createdById and dateCreated', async () => {
      const photo = await aPhoto();
      const reader = await signUp(ctx.app, { name: 'Rita Reader' });
      ctx.clock.advance(1234);
      const res = await ctx.api(reader).postComment({
        id: 'client-id',
        createdBy: 'Mallory',
        createdById: 'mallory',
        dateCreated: '2001-01-01T00:00:00.000Z',
        photoId: photo.id,
        message: '  Lovely light!  ',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.stringMatching(UUID),
        photoId: photo.id,
        message: 'Lovely light!',
        createdBy: 'Rita Reader',
        createdById: reader.uid,
        dateCreated: ctx.clock.now().toISOString(),
      });
      expect((await ctx.api(reader).listComments(photo.id)).json()).toEqual([res.json()]);
    });

    it('keeps the message as written: line breaks and markup are text', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const message = 'First line\nsecond <b>line</b> & "quotes" 🎉';
      const res = await ctx.api(user).postComment({ photoId: photo.id, message });
      expect(res.statusCode).toBe(201);
      expect(res.json<Comment>().message).toBe(message);
    });

    it('accepts a message of 2000 characters once trimmed', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const res = await ctx
        .api(user)
        .postComment({ photoId: photo.id, message: ` ${'m'.repeat(2000)}\n` });
      expect(res.statusCode).toBe(201);
      expect(res.json<Comment>().message).toHaveLength(2000);
    });

    it.each([
      ['missing', {}],
      ['empty', { message: '' }],
      ['only spaces', { message: ' \n \t ' }],
      ['2001 characters', { message: 'm'.repeat(2001) }],
      ['huge', { message: 'm'.repeat(600_000) }],
      ['not text', { message: { text: 'hi' } }],
    ])('refuses a message that is %s with 400 on body.message', async (_case, fields) => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).postComment({ photoId: photo.id, ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.message' });
      expect((await ctx.api(user).listComments(photo.id)).json()).toEqual([]);
    });

    it.each([
      ['missing', {}],
      ['empty', { photoId: '' }],
      ['too long', { photoId: 'p'.repeat(201) }],
      ['a number', { photoId: 11 }],
    ])('refuses a photoId that is %s with 400 on body.photoId', async (_case, fields) => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).postComment({ message: 'Hello', ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.photoId' });
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo', async () => {
      const user = await signUp(ctx.app);
      for (const photoId of [newId(), '11']) {
        const res = await ctx.api(user).postComment({ photoId, message: 'Anyone there?' });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const photo = await aPhoto();
      const res = await ctx.api().postComment({ photoId: photo.id, message: 'Anonymous' });
      expect(res.statusCode).toBe(401);
      expect((await ctx.api(await signUp(ctx.app)).listComments(photo.id)).json()).toEqual([]);
    });
  });

  describe('GET /api/photos/{photoId}/comments', () => {
    it('lists the comments of that photo only, oldest first', async () => {
      const photo = await aPhoto();
      const otherPhoto = await aPhoto();
      const ann = await signUp(ctx.app, { name: 'Ann' });
      const ben = await signUp(ctx.app, { name: 'Ben' });
      const posted: Comment[] = [];
      for (const [user, message] of [
        [ann, 'one'],
        [ben, 'two'],
        [ann, 'three'],
      ] as const) {
        ctx.clock.advance(1000);
        const res = await ctx.api(user).postComment({ photoId: photo.id, message });
        posted.push(res.json<Comment>());
      }
      await ctx.api(ben).postComment({ photoId: otherPhoto.id, message: 'elsewhere' });

      const res = await ctx.api(ben).listComments(photo.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(posted);
      expect(res.json<Comment[]>().map((c) => [c.createdBy, c.message])).toEqual([
        ['Ann', 'one'],
        ['Ben', 'two'],
        ['Ann', 'three'],
      ]);
    });

    it('keeps comments posted at one same instant in a stable order', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      for (const message of ['a', 'b', 'c', 'd']) {
        expect((await ctx.api(user).postComment({ photoId: photo.id, message })).statusCode).toBe(
          201,
        );
      }
      const first = (await ctx.api(user).listComments(photo.id)).json<Comment[]>();
      expect(first.map((c) => c.message).sort()).toEqual(['a', 'b', 'c', 'd']);
      const ids = first.map((c) => c.id);
      expect(ids).toEqual([...ids].sort());
      expect((await ctx.api(user).listComments(photo.id)).json()).toEqual(first);
    });

    it('answers an empty list for a photo without comments', async () => {
      const photo = await aPhoto();
      const res = await ctx.api(await signUp(ctx.app)).listComments(photo.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo', async () => {
      const user = await signUp(ctx.app);
      for (const photoId of [newId(), '11', 'ünïcödé']) {
        const res = await ctx.api(user).listComments(photoId);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const photo = await aPhoto();
      expect((await ctx.api().listComments(photo.id)).statusCode).toBe(401);
    });
  });
});
