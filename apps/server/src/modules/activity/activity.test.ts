import type { Activity, ActivityEvent, ActivityUnread } from '@photo/contract';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf, nextLink } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { asVerified, verifiedToken } from '../../test/verified-token.js';
import { recordActivity, recordGuestUpload } from './activity.service.js';

const ctx = useTestContext({ TRASH_DAYS: '30' });

function feed(user: TestUser, query = '') {
  return ctx.api(user).get<Activity[]>(`/api/activity${query}`);
}

async function entries(user: TestUser): Promise<Activity[]> {
  const res = await feed(user);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function unread(user: TestUser): Promise<ActivityUnread> {
  const res = await ctx.api(user).get<ActivityUnread>('/api/activity/unread');
  expect(res.statusCode).toBe(200);
  return res.json();
}

function markRead(user: TestUser) {
  return ctx.api(user).request<ActivityUnread>({ method: 'POST', url: '/api/activity/read' });
}

/** A moment later: entries recorded from now on are after any read mark set before. */
function later(ms = 1000) {
  ctx.clock.advance(ms);
}

/** An owner's album (invited people only) shared with a contributor and a viewer. */
async function sharedAlbum(name = 'Garden') {
  const owner = await signUp(ctx.app, { name: 'Ann Owner' });
  const contributor = await asVerified(ctx, await signUp(ctx.app, { name: 'Bob Adder' }));
  const viewer = await asVerified(ctx, await signUp(ctx.app, { name: 'Cara Viewer' }));
  // Each one's first request with a verified token records the proven address.
  await ctx.api(contributor).me();
  await ctx.api(viewer).me();
  const { album } = await createAlbumAs(ctx, owner, { name });
  await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
  for (const [user, role] of [
    [contributor, 'contributor'],
    [viewer, 'viewer'],
  ] as const) {
    const res = await ctx.api(owner).invite(album.id, { emailAddress: user.email, role });
    expect(res.statusCode).toBe(201);
  }
  later();
  return { owner, contributor, viewer, album };
}

describe('the activity feed', () => {
  it('tells a person they were made a member, not the owner who invited them', async () => {
    const { owner, contributor, viewer, album } = await sharedAlbum('Trip');
    for (const user of [contributor, viewer]) {
      expect(await entries(user)).toEqual([
        expect.objectContaining({
          kind: 'invitation',
          actorName: 'Ann Owner',
          albumId: album.id,
          albumName: 'Trip',
          photoId: null,
          thumbnailUrl: null,
          count: 1,
          excerpt: null,
          unread: true,
        }),
      ]);
      expect(await unread(user)).toEqual({ count: 1, more: false });
    }
    expect(await entries(owner)).toEqual([]);
    // Inviting again (another role) is no news.
    await ctx.api(owner).invite(album.id, { emailAddress: viewer.email, role: 'contributor' });
    expect(await entries(viewer)).toHaveLength(1);
  });

  it('tells someone invited before they had proven their address once they have', async () => {
    const owner = await signUp(ctx.app, { name: 'Ann Owner' });
    const { album } = await createAlbumAs(ctx, owner, { name: 'Wedding' });
    const late = await signUp(ctx.app, { name: 'Lee Late' });
    expect(
      (await ctx.api(owner).invite(album.id, { emailAddress: late.email, role: 'viewer' }))
        .statusCode,
    ).toBe(201);
    expect(await entries(late)).toEqual([]);
    const verified = { ...late, idToken: await verifiedToken(ctx, late) };
    expect(await entries(verified)).toEqual([
      expect.objectContaining({ kind: 'invitation', albumName: 'Wedding', actorName: 'Ann Owner' }),
    ]);
    // Claimed once: later requests add nothing.
    expect(await entries(verified)).toHaveLength(1);
  });

  it("tells the album's owner and members about added photos, as one entry per burst, never the adder", async () => {
    const { owner, contributor, viewer, album } = await sharedAlbum();
    const stranger = await signUp(ctx.app);
    await markRead(owner);
    await markRead(viewer);
    later();
    const first = await addPhotoAs(ctx, contributor, album.id);
    await addPhotoAs(ctx, contributor, album.id);
    later(10 * 60 * 1000);
    await addPhotoAs(ctx, contributor, album.id);

    for (const user of [owner, viewer]) {
      const [entry, ...rest] = await entries(user);
      expect(entry).toMatchObject({
        kind: 'photosAdded',
        actorName: 'Bob Adder',
        albumName: 'Garden',
        photoId: first.id,
        count: 3,
        unread: true,
      });
      // The thumbnail of an album not everyone sees is signed.
      expect(entry?.thumbnailUrl).toMatch(/\/api\/files\/show\/.+sig=/);
      expect(rest.every((e) => e.kind !== 'photosAdded')).toBe(true);
      expect(await unread(user)).toEqual({ count: 1, more: false });
    }
    expect((await entries(contributor)).map((e) => e.kind)).toEqual(['invitation']);
    expect(await entries(stranger)).toEqual([]);

    // Read, the burst is over: the next photo is a new entry.
    later();
    await markRead(viewer);
    later();
    await addPhotoAs(ctx, contributor, album.id);
    const viewerFeed = await entries(viewer);
    expect(viewerFeed.filter((e) => e.kind === 'photosAdded').map((e) => e.count)).toEqual([1, 3]);
    // An hour after the last addition, another entry too.
    later(61 * 60 * 1000);
    // Tokens of the new time.
    const freshContributor = { ...contributor, idToken: await verifiedToken(ctx, contributor) };
    const freshOwner = { ...owner, idToken: await verifiedToken(ctx, owner) };
    await addPhotoAs(ctx, freshContributor, album.id);
    const ownerFeed = await entries(freshOwner);
    expect(ownerFeed.filter((e) => e.kind === 'photosAdded').map((e) => e.count)).toEqual([1, 4]);
  });

  it('does not tell every user when photos are added to an album everyone sees', async () => {
    const owner = await signUp(ctx.app);
    const bystander = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    await addPhotoAs(ctx, owner, album.id);
    expect(await entries(owner)).toEqual([]);
    expect(await entries(bystander)).toEqual([]);
  });

  it('counts photos added together, and photos moved in', async () => {
    const { owner, contributor, album } = await sharedAlbum();
    const { album: own } = await createAlbumAs(ctx, contributor);
    const photos = [
      await addPhotoAs(ctx, contributor, own.id),
      await addPhotoAs(ctx, contributor, own.id),
    ];
    const res = await ctx
      .api(contributor)
      .bulkAdd({ photoIds: photos.map((p) => p.id), albumId: album.id, move: false });
    expect(res.statusCode).toBe(200);
    const [entry] = await entries(owner);
    expect(entry).toMatchObject({ kind: 'photosAdded', count: 2, actorName: 'Bob Adder' });
  });

  it("tells a photo's adder about comments and likes by others, not their own", async () => {
    const { owner, contributor, viewer, album } = await sharedAlbum();
    const photo = await addPhotoAs(ctx, contributor, album.id);
    later();
    await markRead(contributor);
    later();
    const long = `Lovely! ${'x'.repeat(200)}`;
    expect(
      (await ctx.api(viewer).postComment({ photoId: photo.id, message: long })).statusCode,
    ).toBe(201);
    await ctx.api(contributor).postComment({ photoId: photo.id, message: 'Thanks' });
    later();
    expect((await ctx.api(owner).like(photo.id)).statusCode).toBe(200);
    await ctx.api(owner).like(photo.id);
    await ctx.api(contributor).like(photo.id);
    await ctx.api(viewer).unlike(photo.id);

    const feedOfAdder = await entries(contributor);
    expect(feedOfAdder.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'like',
        actorName: 'Ann Owner',
        photoId: photo.id,
        albumId: album.id,
        unread: true,
      }),
      expect.objectContaining({
        kind: 'comment',
        actorName: 'Cara Viewer',
        photoId: photo.id,
        excerpt: long.slice(0, 140),
        unread: true,
      }),
    ]);
    expect(feedOfAdder.filter((e) => e.kind === 'like' || e.kind === 'comment')).toHaveLength(2);
    expect(await unread(contributor)).toEqual({ count: 2, more: false });
    // The owner's own like and the viewer's comment tell nobody else.
    expect((await entries(viewer)).map((e) => e.kind)).toEqual(['photosAdded', 'invitation']);
  });

  it("tells the album's owner about a share link's guest adding photos", async () => {
    const owner = await signUp(ctx.app, { name: 'Ann Owner' });
    const { album } = await createAlbumAs(ctx, owner, { name: 'Wedding' });
    const photo = await addPhotoAs(ctx, owner, album.id);
    const now = ctx.clock.now().toISOString();
    const input = { albumId: album.id, guestName: 'Dee', photoId: photo.id, now };
    expect(await recordGuestUpload(ctx.deps.db, { ...input, count: 2 })).toEqual([owner.uid]);
    await recordGuestUpload(ctx.deps.db, { ...input, count: 1 });
    later();
    const eve = { ...input, guestName: 'Eve', count: 1, now: ctx.clock.now().toISOString() };
    await recordGuestUpload(ctx.deps.db, eve);
    expect(await entries(owner)).toEqual([
      expect.objectContaining({ kind: 'guestUpload', actorName: 'Eve', count: 1 }),
      expect.objectContaining({
        kind: 'guestUpload',
        actorName: 'Dee',
        albumName: 'Wedding',
        photoId: photo.id,
        count: 3,
      }),
    ]);
  });

  it("leaves out a removed member's entries of that album, and their count drops", async () => {
    const { owner, viewer, contributor, album } = await sharedAlbum();
    const other = await createAlbumAs(ctx, owner, { name: 'Other' });
    await ctx.api(owner).invite(other.album.id, { emailAddress: viewer.email, role: 'viewer' });
    await addPhotoAs(ctx, contributor, album.id);
    expect(await unread(viewer)).toEqual({ count: 3, more: false });
    expect(await entries(viewer)).toHaveLength(3);

    expect((await ctx.api(owner).removeMember(album.id, viewer.uid)).statusCode).toBe(204);
    const left = await entries(viewer);
    expect(left.map((e) => e.albumName)).toEqual(['Other']);
    expect(await unread(viewer)).toEqual({ count: 1, more: false });
  });

  it('pages newest first with the Link header, nothing lost or repeated', async () => {
    const owner = await signUp(ctx.app);
    const reader = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    // Seven comments, two at one same instant.
    for (let i = 0; i < 7; i += 1) {
      if (i !== 3) later();
      await ctx.api(reader).postComment({ photoId: photo.id, message: `c${i}` });
    }
    const seen: string[] = [];
    let url: string | undefined = '/api/activity?limit=3';
    let pages = 0;
    while (url) {
      const res = await ctx.api(owner).get<Activity[]>(url);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((e) => e.excerpt ?? ''));
      url = nextLink(res);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe('c6');
    expect(seen.at(-1)).toBe('c0');

    const bad = await feed(owner, '?cursor=nonsense!');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('querystring.cursor');
  });

  it('marks everything read; what comes after is unread', async () => {
    const { viewer, owner, album } = await sharedAlbum();
    const photo = await addPhotoAs(ctx, owner, album.id);
    later();
    const res = await markRead(viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, more: false });
    expect((await entries(viewer)).every((e) => !e.unread)).toBe(true);
    later();
    await ctx.api(owner).postComment({ photoId: photo.id, message: 'not to the viewer' });
    await addPhotoAs(ctx, owner, album.id);
    expect(await unread(viewer)).toEqual({ count: 1, more: false });
    expect((await entries(viewer)).map((e) => e.unread)).toEqual([true, false, false]);
  });

  it('counts at most 100 unread entries: 99+', async () => {
    const owner = await signUp(ctx.app, { name: 'Many' });
    const reader = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    const entry = {
      userId: owner.uid,
      kind: 'like' as const,
      albumId: album.id,
      photoId: photo.id,
      actorId: reader.uid,
      actorName: 'Reader',
    };
    await recordActivity(ctx.deps.db, Array(99).fill(entry), ctx.clock.now().toISOString());
    expect(await unread(owner)).toEqual({ count: 99, more: false });
    await recordActivity(ctx.deps.db, [entry, entry], ctx.clock.now().toISOString());
    expect(await unread(owner)).toEqual({ count: 100, more: true });
  });

  it('needs a token', async () => {
    expect((await ctx.api(null).get('/api/activity')).statusCode).toBe(401);
    expect((await ctx.api(null).get('/api/activity/unread')).statusCode).toBe(401);
    expect(
      (await ctx.api(null).request({ method: 'POST', url: '/api/activity/read' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/activity/events (live)', () => {
  let origin: string;
  const sources: EventSource[] = [];

  beforeAll(async () => {
    origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const source of sources) source.close();
  });

  /** A real EventSource client on the stream, as the given user; resolves once open. */
  function listen(user: TestUser) {
    const events: ActivityEvent[] = [];
    const counts: ActivityUnread[] = [];
    const source = new EventSource(`${origin}/api/activity/events`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, idToken: user.idToken } }),
    });
    sources.push(source);
    source.addEventListener('activity', (event) => {
      events.push(JSON.parse(String(event.data)) as ActivityEvent);
    });
    source.addEventListener('unread', (event) => {
      counts.push(JSON.parse(String(event.data)) as ActivityUnread);
    });
    return new Promise<{ events: ActivityEvent[]; counts: ActivityUnread[] }>((resolve, reject) => {
      source.onopen = () => resolve({ events, counts });
      source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? ''}`));
    });
  }

  it('sends a new entry as it is recorded, with the unread count', async () => {
    const owner = await signUp(ctx.app, { name: 'Ann Owner' });
    const member = await asVerified(ctx, await signUp(ctx.app, { name: 'Bea' }));
    await ctx.api(member).me();
    const { album } = await createAlbumAs(ctx, owner, { name: 'Live' });
    const live = await listen(member);
    await ctx.api(owner).invite(album.id, { emailAddress: member.email, role: 'viewer' });
    await expect.poll(() => live.events.length, { timeout: 10_000 }).toBe(1);
    expect(live.events[0]).toEqual({
      activity: expect.objectContaining({ kind: 'invitation', albumName: 'Live', unread: true }),
      unread: { count: 1, more: false },
    });

    // A comment on the owner's photo reaches the owner's stream.
    const photo = await addPhotoAs(ctx, owner, album.id);
    const ownerLive = await listen(owner);
    later();
    await ctx.api(member).postComment({ photoId: photo.id, message: 'Lovely!' });
    await expect.poll(() => ownerLive.events.length, { timeout: 10_000 }).toBe(1);
    expect(ownerLive.events[0]?.activity).toMatchObject({ kind: 'comment', excerpt: 'Lovely!' });
    expect(ownerLive.events[0]?.unread.count).toBe(1);
  });

  it('starts with the count when it opens with no entry to send, however it was read before', async () => {
    const { viewer } = await sharedAlbum('Read elsewhere');
    // The invitation is unread.
    expect(await unread(viewer)).toEqual({ count: 1, more: false });
    // The entry is older than any overlap: a new stream has no entry to send.
    later(60_000);
    const live = await listen(viewer);
    await expect.poll(() => live.counts, { timeout: 10_000 }).toEqual([{ count: 1, more: false }]);
    expect(live.events).toEqual([]);
    // Read on another device before this stream opened: the next stream starts at none.
    const read = await ctx.api(viewer).request({ method: 'POST', url: '/api/activity/read' });
    expect(read.statusCode, read.body).toBe(200);
    const next = await listen(viewer);
    await expect.poll(() => next.counts, { timeout: 10_000 }).toEqual([{ count: 0, more: false }]);
  });

  it('sends the count alone when a removal takes entries out of the feed', async () => {
    const { owner, viewer, contributor, album } = await sharedAlbum('Removed live');
    await addPhotoAs(ctx, contributor, album.id);
    expect(await unread(viewer)).toEqual({ count: 2, more: false });
    const live = await listen(viewer);
    // A new stream starts with the latest entries, each with the count.
    await expect
      .poll(() => live.events.at(-1)?.unread, { timeout: 10_000 })
      .toEqual({
        count: 2,
        more: false,
      });
    expect(live.counts).toEqual([]);
    expect((await ctx.api(owner).removeMember(album.id, viewer.uid)).statusCode).toBe(204);
    await expect.poll(() => live.counts, { timeout: 10_000 }).toEqual([{ count: 0, more: false }]);
  });

  it("follows the album's entries to Trash and back, and a photo's", async () => {
    const { owner, viewer, contributor, album } = await sharedAlbum('Trashed live');
    const added = await addPhotoAs(ctx, contributor, album.id);
    expect(await unread(viewer)).toEqual({ count: 2, more: false });
    const live = await listen(viewer);
    await expect
      .poll(() => live.events.at(-1)?.unread, { timeout: 10_000 })
      .toEqual({ count: 2, more: false });
    // The contributor's photo goes to Trash: its entry leaves the viewer's feed.
    expect((await ctx.api(contributor).deletePhoto(added.id)).statusCode).toBe(204);
    await expect.poll(() => live.counts, { timeout: 10_000 }).toEqual([{ count: 1, more: false }]);
    // The whole album goes: the invitation's entry too.
    expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
    await expect
      .poll(() => live.counts.at(-1), { timeout: 10_000 })
      .toEqual({ count: 0, more: false });
    // Back from the owner's Trash, with its entries.
    const restored = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/trash/restore',
      payload: { albumIds: [album.id] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await expect
      .poll(() => live.counts.at(-1), { timeout: 10_000 })
      .toEqual({ count: 1, more: false });
    expect(await unread(viewer)).toEqual({ count: 1, more: false });
  });

  it('answers 401 without a token and 406 to a client that is not a stream', async () => {
    expect(
      (await ctx.api(null).get('/api/activity/events', { accept: 'text/event-stream' })).statusCode,
    ).toBe(401);
    const user = await signUp(ctx.app);
    const res = await ctx.api(user).get('/api/activity/events', { accept: 'application/json' });
    expect(res.statusCode).toBe(406);
  });
});
