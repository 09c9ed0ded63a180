import type { Comment, CommentEvent, LikeEvent, Photo } from '@photo/contract';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import type { ApiClient } from '../../test/api-client.js';
import { addPhotoAs, createAlbumAs, errorOf, UUID } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';

const ctx = useTestContext();

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
        canDelete: true,
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
      // Ben may delete his own comment only.
      expect(res.json()).toEqual(
        posted.map((c) => ({ ...c, canDelete: c.createdById === ben.uid })),
      );
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
  describe('paging', () => {
    it('answers the newest 50 first, each page oldest first, and older pages by the Link header', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      const messages = Array.from({ length: 120 }, (_, i) => `comment ${i}`);
      for (const message of messages) {
        ctx.clock.advance(1000);
        await ctx.api(user).postComment({ photoId: photo.id, message });
      }
      const pages: string[][] = [];
      let url: string | undefined = `/api/photos/${photo.id}/comments`;
      while (url) {
        const res: Awaited<ReturnType<ApiClient['listComments']>> = await ctx
          .api(user)
          .get<Comment[]>(url);
        expect(res.statusCode).toBe(200);
        pages.push(res.json<Comment[]>().map((comment) => comment.message));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      }
      expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
      expect(pages[0]).toEqual(messages.slice(70));
      expect(pages[1]).toEqual(messages.slice(20, 70));
      expect(pages[2]).toEqual(messages.slice(0, 20));
    });

    it('pages comments posted at one same instant without losing or repeating any', async () => {
      const photo = await aPhoto();
      const user = await signUp(ctx.app);
      for (let i = 0; i < 7; i += 1) {
        await ctx.api(user).postComment({ photoId: photo.id, message: `same ${i}` });
      }
      const seen: string[] = [];
      let query = '?limit=3';
      for (;;) {
        const res = await ctx.api(user).listComments(photo.id, query);
        seen.push(...res.json<Comment[]>().map((comment) => comment.id));
        const next = /<[^>]*\?([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
        if (!next) break;
        query = `?${next}`;
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
    });

    it.each([
      ['a limit over 50', '?limit=51', 'querystring.limit'],
      ['a limit of 0', '?limit=0', 'querystring.limit'],
      ['a cursor not given by the server', '?cursor=not-ours!', 'querystring.cursor'],
      [
        'a cursor holding a NUL',
        `?cursor=${Buffer.from(JSON.stringify(['', '\u0000'])).toString('base64url')}`,
        'querystring.cursor',
      ],
    ])('refuses %s with 400', async (_case, query, field) => {
      const photo = await aPhoto();
      const res = await ctx.api(await signUp(ctx.app)).listComments(photo.id, query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });
  });

  describe('DELETE /api/photos/comments/{commentId}', () => {
    async function scene() {
      const owner = await signUp(ctx.app, { name: 'Olive Owner' });
      const { album } = await createAlbumAs(ctx, owner);
      const photo = await addPhotoAs(ctx, owner, album.id);
      const author = await signUp(ctx.app, { name: 'Arthur Author' });
      const stranger = await signUp(ctx.app, { name: 'Sam Stranger' });
      const comment = (
        await ctx.api(author).postComment({ photoId: photo.id, message: 'Mine' })
      ).json<Comment>();
      return { owner, author, stranger, photo, comment };
    }

    it('tells each reader whether they may delete a comment', async () => {
      const { owner, author, stranger, photo } = await scene();
      const canDelete = async (user: TestUser) =>
        (await ctx.api(user).listComments(photo.id)).json<Comment[]>()[0]?.canDelete;
      expect(await canDelete(author)).toBe(true);
      expect(await canDelete(owner)).toBe(true);
      expect(await canDelete(stranger)).toBe(false);
    });

    it('lets the author delete their comment: 204, and it is gone from the list', async () => {
      const { author, stranger, photo, comment } = await scene();
      const res = await ctx.api(author).deleteComment(comment.id);
      expect(res.statusCode).toBe(204);
      expect((await ctx.api(stranger).listComments(photo.id)).json()).toEqual([]);
      const again = await ctx.api(author).deleteComment(comment.id);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).code).toBe('COMMENT_NOT_FOUND');
    });

    it("lets the album's owner delete anyone's comment on it", async () => {
      const { owner, photo, comment } = await scene();
      expect((await ctx.api(owner).deleteComment(comment.id)).statusCode).toBe(204);
      expect((await ctx.api(owner).listComments(photo.id)).json()).toEqual([]);
    });

    it('refuses anyone else with 403 and keeps the comment', async () => {
      const { stranger, photo, comment } = await scene();
      const res = await ctx.api(stranger).deleteComment(comment.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('NOT_OWNER');
      expect((await ctx.api(stranger).listComments(photo.id)).json<Comment[]>()).toHaveLength(1);
    });

    it('answers 404 for an unknown comment, and 401 without a token', async () => {
      const { comment } = await scene();
      const res = await ctx.api(await signUp(ctx.app)).deleteComment(newId());
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('COMMENT_NOT_FOUND');
      expect((await ctx.api().deleteComment(comment.id)).statusCode).toBe(401);
    });
  });

  describe('GET /api/photos/{photoId}/comments/events (live)', () => {
    let origin: string;
    const sources: EventSource[] = [];

    beforeAll(async () => {
      origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      for (const source of sources) source.close();
    });

    interface Received {
      events: Array<{ id: string; data: CommentEvent }>;
      /** The "likes" events' data, in order. */
      likes: LikeEvent[];
      /** Resolves once `count` events have arrived. */
      next(count: number): Promise<void>;
      source: EventSource;
    }

    /** A real EventSource client on the stream, as the given user. */
    function listen(user: TestUser, photoId: string, lastEventId?: string): Promise<Received> {
      const events: Received['events'] = [];
      const likes: LikeEvent[] = [];
      const waiters: Array<() => void> = [];
      const source = new EventSource(`${origin}/api/photos/${photoId}/comments/events`, {
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: {
              ...init.headers,
              idToken: user.idToken,
              ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
            },
          }),
      });
      sources.push(source);
      source.addEventListener('comment', (event) => {
        events.push({
          id: event.lastEventId,
          data: JSON.parse(String(event.data)) as CommentEvent,
        });
        for (const wake of waiters.splice(0)) wake();
      });
      source.addEventListener('likes', (event) => {
        likes.push(JSON.parse(String(event.data)) as LikeEvent);
      });
      const received: Received = {
        events,
        likes,
        source,
        next: async (count) => {
          const deadline = Date.now() + 15_000;
          while (events.length < count) {
            if (Date.now() > deadline) throw new Error(`${events.length} of ${count} events came`);
            await new Promise<void>((resolve) => {
              waiters.push(resolve);
              setTimeout(resolve, 200);
            });
          }
        },
      };
      return new Promise((resolve, reject) => {
        source.onopen = () => resolve(received);
        source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? ''}`));
      });
    }

    it('sends comments posted and deleted by others, as they happen', async () => {
      const photo = await aPhoto();
      const watcher = await signUp(ctx.app);
      const writer = await signUp(ctx.app, { name: 'Wendy Writer' });
      const live = await listen(watcher, photo.id);

      const posted = (
        await ctx.api(writer).postComment({ photoId: photo.id, message: 'Live!' })
      ).json<Comment>();
      await live.next(1);
      expect(live.events[0]?.data).toEqual({
        type: 'created',
        comment: { ...posted, canDelete: false },
      });

      expect((await ctx.api(writer).deleteComment(posted.id)).statusCode).toBe(204);
      await live.next(2);
      expect(live.events[1]?.data).toEqual({
        type: 'deleted',
        commentId: posted.id,
        photoId: photo.id,
      });
    });

    it("sends the photo's like count when it opens and when others like or unlike it", async () => {
      const photo = await aPhoto();
      const watcher = await signUp(ctx.app);
      const fan = await signUp(ctx.app);
      const other = await signUp(ctx.app);
      expect((await ctx.api(other).like(photo.id)).statusCode).toBe(200);
      const live = await listen(watcher, photo.id);
      await expect.poll(() => live.likes).toEqual([{ photoId: photo.id, likeCount: 1 }]);

      expect((await ctx.api(fan).like(photo.id)).statusCode).toBe(200);
      await expect
        .poll(() => live.likes.at(-1), { timeout: 15_000 })
        .toEqual({ photoId: photo.id, likeCount: 2 });
      expect((await ctx.api(other).unlike(photo.id)).statusCode).toBe(200);
      await expect
        .poll(() => live.likes.at(-1), { timeout: 15_000 })
        .toEqual({ photoId: photo.id, likeCount: 1 });
      // A count is sent once, not again at every wake; no comment event came.
      expect(live.likes.map((event) => event.likeCount)).toEqual([1, 2, 1]);
      expect(live.events).toEqual([]);
    });

    it('after a dropped connection, resumes from Last-Event-ID with nothing missed', async () => {
      const photo = await aPhoto();
      const watcher = await signUp(ctx.app);
      const writer = await signUp(ctx.app);
      const first = await listen(watcher, photo.id);
      await ctx.api(writer).postComment({ photoId: photo.id, message: 'one' });
      await first.next(1);
      first.source.close();
      const lastEventId = first.events[0]!.id;

      for (const message of ['two', 'three']) {
        ctx.clock.advance(1000);
        await ctx.api(writer).postComment({ photoId: photo.id, message });
      }
      const resumed = await listen(watcher, photo.id, lastEventId);
      const messages = async () =>
        resumed.events.flatMap((e) => (e.data.type === 'created' ? [e.data.comment.message] : []));
      await resumed.next(2);
      await expect.poll(messages).toEqual(expect.arrayContaining(['two', 'three']));
    });

    it('answers 404 for an unknown photo, 401 without a token and 406 to a non-stream client', async () => {
      const user = await signUp(ctx.app);
      const stream = { accept: 'text/event-stream' };
      const unknown = await ctx.api(user).get(`/api/photos/${newId()}/comments/events`, stream);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).code).toBe('PHOTO_NOT_FOUND');
      const photo = await aPhoto();
      const url = `/api/photos/${photo.id}/comments/events`;
      expect((await ctx.api().get(url, stream)).statusCode).toBe(401);
      const json = await ctx.api(user).get(url, { accept: 'application/json' });
      expect(json.statusCode).toBe(406);
      expect(errorOf(json).code).toBe('NOT_ACCEPTABLE');
    });
  });
});
