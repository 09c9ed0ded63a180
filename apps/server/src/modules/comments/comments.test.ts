import type { Comment, Photo } from '@photo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import {
  createTestContext,
  inject,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/harness.js';
import { addPhotoAs, createAlbumAs, errorOf } from '../photos/test-support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const post = (user: TestUser | null, payload: unknown) =>
  inject(ctx.app, user?.idToken ?? null, {
    method: 'POST',
    url: '/api/photos/comments',
    payload: payload as object,
  });
const list = (user: TestUser | null, photoId: string) =>
  inject(ctx.app, user?.idToken ?? null, {
    method: 'GET',
    url: `/api/photos/${encodeURIComponent(photoId)}/comments`,
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
      const res = await post(reader, {
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
      expect((await list(reader, photo.id)).json()).toEqual([res.json()]);
    });

    it('keeps the message as written: line breaks and markup are text', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const message = 'First line\nsecond <b>line</b> & "quotes" 🎉';
      const res = await post(user, { photoId: photo.id, message });
      expect(res.statusCode).toBe(201);
      expect(res.json<Comment>().message).toBe(message);
    });

    it('accepts a message of 2000 characters once trimmed', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const res = await post(user, { photoId: photo.id, message: ` ${'m'.repeat(2000)}\n` });
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
      const res = await post(user, { photoId: photo.id, ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.message' });
      expect((await list(user, photo.id)).json()).toEqual([]);
    });

    it.each([
      ['missing', {}],
      ['empty', { photoId: '' }],
      ['too long', { photoId: 'p'.repeat(201) }],
      ['a number', { photoId: 11 }],
    ])('refuses a photoId that is %s with 400 on body.photoId', async (_case, fields) => {
      const user = await signUp(ctx.app);
      const res = await post(user, { message: 'Hello', ...fields });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.photoId' });
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo', async () => {
      const user = await signUp(ctx.app);
      for (const photoId of [newId(), '11']) {
        const res = await post(user, { photoId, message: 'Anyone there?' });
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const photo = await aPhoto();
      const res = await post(null, { photoId: photo.id, message: 'Anonymous' });
      expect(res.statusCode).toBe(401);
      expect((await list(await signUp(ctx.app), photo.id)).json()).toEqual([]);
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
        const res = await post(user, { photoId: photo.id, message });
        posted.push(res.json<Comment>());
      }
      await post(ben, { photoId: otherPhoto.id, message: 'elsewhere' });

      const res = await list(ben, photo.id);
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
        expect((await post(user, { photoId: photo.id, message })).statusCode).toBe(201);
      }
      const first = (await list(user, photo.id)).json<Comment[]>();
      expect(first.map((c) => c.message).sort()).toEqual(['a', 'b', 'c', 'd']);
      const ids = first.map((c) => c.id);
      expect(ids).toEqual([...ids].sort());
      expect((await list(user, photo.id)).json()).toEqual(first);
    });

    it('answers an empty list for a photo without comments', async () => {
      const photo = await aPhoto();
      const res = await list(await signUp(ctx.app), photo.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 404 PHOTO_NOT_FOUND for an unknown photo', async () => {
      const user = await signUp(ctx.app);
      for (const photoId of [newId(), '11', 'ünïcödé']) {
        const res = await list(user, photoId);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('PHOTO_NOT_FOUND');
      }
    });

    it('needs a token', async () => {
      const photo = await aPhoto();
      expect((await list(null, photo.id)).statusCode).toBe(401);
    });
  });
});
