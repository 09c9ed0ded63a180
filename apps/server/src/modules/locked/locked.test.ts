import {
  LOCKED_SESSION_HEADER,
  type Album,
  type LockedPage,
  type LockedRestoreResult,
  type LockedSession,
  type Photo,
} from '@photo/contract';
import { describe, expect, it } from 'vitest';
import {
  addPhotoAs,
  createAlbumAs,
  errorOf,
  showStatus,
  uploadedBlobKeys,
} from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { asVerified } from '../../test/verified-token.js';
import { readBlob } from '../../test/blob-store-cases.js';
import { unzip } from '../../test/zip.js';

const ctx = useTestContext();
const MINUTE_MS = 60 * 1000;

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/** Signs in again with the password, as the web's unlock step does: a fresh auth_time. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email: user.email, password: user.password, returnSecureToken: true },
  });
  expect(res.statusCode).toBe(200);
  return { ...user, idToken: res.json<{ idToken: string }>().idToken };
}

const lock = (user: TestUser, photoIds: string[]) =>
  ctx.api(user).request({ method: 'POST', url: '/api/locked/photos', payload: { photoIds } });
const openSession = (user: TestUser) =>
  ctx.api(user).request<LockedSession>({ method: 'POST', url: '/api/locked/session' });
const withSession = (session: string) => ({ [LOCKED_SESSION_HEADER]: session });
const lockedList = (user: TestUser, session: string) =>
  ctx.api(user).get<LockedPage>('/api/locked?limit=100', withSession(session));
const moveOut = (user: TestUser, session: string, photoIds: string[]) =>
  ctx.api(user).request<LockedRestoreResult>({
    method: 'POST',
    url: '/api/locked/restore',
    payload: { photoIds },
    headers: withSession(session),
  });
const deleteForGood = (user: TestUser, session: string, photoIds: string[]) =>
  ctx.api(user).request({
    method: 'POST',
    url: '/api/locked/delete',
    payload: { photoIds },
    headers: withSession(session),
  });
const endSession = (user: TestUser, session: string) =>
  ctx
    .api(user)
    .request({ method: 'DELETE', url: '/api/locked/session', headers: withSession(session) });
const photoIdsOf = async (user: TestUser, albumId: string) =>
  (await ctx.api(user).listPhotos(albumId, '?limit=100')).json<Photo[]>().map((p) => p.id);

/** A fresh session for the user (signed in again just now). */
async function sessionOf(user: TestUser): Promise<{ user: TestUser; session: string }> {
  const fresh = await signInAgain(user);
  const res = await openSession(fresh);
  expect(res.statusCode).toBe(200);
  return { user: fresh, session: res.json().session };
}

describe('the locked place', () => {
  it('takes a photo out of every view: album, timeline, search, share link and zip, covers, feeds, counts, addresses', async () => {
    const owner = await verifiedUser();
    const member = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner, { name: 'Family' });
    await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
    await ctx.api(owner).invite(album.id, { emailAddress: member.email, role: 'viewer' });
    const cover = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>()[0]!;
    const other = await addPhotoAs(ctx, owner, album.id);
    const third = await addPhotoAs(ctx, owner, album.id);
    const link = (await ctx.api(owner).createShareLink(album.id, { permission: 'download' })).json<{
      token: string;
    }>();
    // Addresses given out while it showed: the owner's, a member's, a link visitor's, unsigned.
    const given = [
      cover.photoUrl,
      (await ctx.api(member).getPhoto(cover.id)).json<Photo>().photoUrl,
      (await ctx.api().sharedPhotos(link.token, '?limit=100'))
        .json<Photo[]>()
        .find((photo) => photo.id === cover.id)?.photoUrl ?? '',
      `/api/files/show/${cover.fileId}`,
    ];
    for (const url of given.slice(0, 3)) expect(await showStatus(ctx, url)).toBe(200);
    const feed = async () => (await ctx.api(member).get('/api/activity?limit=100')).body;
    // Added one after the other: one feed entry, naming the first.
    expect(await feed()).toContain(other.id);
    const zipBefore = await unzip((await ctx.api().sharedDownload(link.token)).rawPayload);

    // The album's cover goes: its other photo becomes the cover.
    const refused = await lock(owner, [cover.id, other.id, third.id]);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toMatch(/no other photo to show as its cover/);
    expect((await lock(owner, [cover.id, other.id])).json()).toEqual({ count: 2 });
    expect(await feed()).not.toContain(other.id);

    for (const user of [owner, member]) {
      const api = ctx.api(user);
      expect((await api.getPhoto(cover.id)).statusCode).toBe(404);
      expect(await photoIdsOf(user, album.id)).toEqual([third.id]);
      for (const path of ['/api/timeline?limit=100', `/api/search?q=Family`, '/api/albumsDb']) {
        const body = (await api.get(path)).body;
        for (const gone of [cover.id, cover.fileId, other.id, other.fileId]) {
          expect(body).not.toContain(gone);
        }
      }
      const facts = (await api.findAlbum(`?id=${album.id}`)).json<Album>();
      expect(facts.photoCount).toBe(1);
      expect(facts.coverPhotoUrl).not.toContain(cover.fileId);
    }
    const shared = (await ctx.api().sharedPhotos(link.token, '?limit=100')).json<Photo[]>();
    expect(shared.map((photo) => photo.id)).toEqual([third.id]);
    expect((await ctx.api().sharedAlbum(link.token)).body).not.toContain(cover.fileId);
    const zipAfter = await unzip((await ctx.api().sharedDownload(link.token)).rawPayload);
    expect(zipAfter.length).toBe(zipBefore.length - 2);
    for (const url of given) expect(await showStatus(ctx, url)).toBe(404);

    // Locked photos are no one's to name any more: 404.
    expect((await lock(owner, [cover.id])).statusCode).toBe(404);
  });

  it("locks only the person's own uploads, and with them every copy others saved", async () => {
    const owner = await verifiedUser();
    const friend = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner);
    await ctx.api(owner).setVisibility(album.id, { visibility: 'everyone' });
    const photo = await addPhotoAs(ctx, owner, album.id);
    const friends = await createAlbumAs(ctx, friend);
    const saved = (
      await ctx.api(friend).savePhoto(photo.id, { albumId: friends.album.id })
    ).json<Photo>();
    // The friend's copy shows the owner's file: not theirs to lock.
    const refused = await lock(friend, [saved.id]);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'NOT_OWNER', field: 'body.photoIds.0' });

    expect((await lock(owner, [photo.id])).json()).toEqual({ count: 2 });
    expect(await photoIdsOf(friend, friends.album.id)).not.toContain(saved.id);
    expect(await showStatus(ctx, saved.photoUrl)).toBe(404);

    const { user, session } = await sessionOf(owner);
    const page = (await lockedList(user, session)).json();
    // One entry per file: the owner's own photo.
    expect(page.total).toBe(1);
    expect(page.photos.map((p) => p.id)).toEqual([photo.id]);
    expect((await lockedList(friend, (await sessionOf(friend)).session)).json().photos).toEqual([]);

    // Moving out brings back the copy too, to the friend's album.
    const out = await moveOut(user, session, [photo.id]);
    expect(out.json()).toEqual({ count: 2, elsewhere: { photoIds: [], album: null } });
    expect(await photoIdsOf(friend, friends.album.id)).toContain(saved.id);
  });

  it('opens only with a fresh sign-in, and its session ends when ended or idle', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    expect((await lock(owner, [photo.id])).statusCode).toBe(200);

    // No session: refused.
    const none = await ctx.api(owner).get('/api/locked');
    expect(none.statusCode).toBe(403);
    expect(errorOf(none).code).toBe('LOCKED_SESSION_REQUIRED');
    expect(errorOf(await ctx.api(owner).get('/api/locked', withSession('x.y'))).code).toBe(
      'LOCKED_SESSION_REQUIRED',
    );

    // A sign-in three minutes old is too old.
    ctx.clock.advance(3 * MINUTE_MS);
    const stale = await openSession(owner);
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale)).toMatchObject({ code: 'RECENT_SIGN_IN_REQUIRED' });
    expect(errorOf(stale).message).toMatch(/password, a passkey or your second factor/);
    // A refreshed token keeps the sign-in's auth_time: refreshing does not open it.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(owner.refreshToken)}`,
    });
    expect(refreshed.statusCode).toBe(200);
    const idToken = refreshed.json<{ id_token: string }>().id_token;
    expect(errorOf(await openSession({ ...owner, idToken })).code).toBe('RECENT_SIGN_IN_REQUIRED');

    const { user, session } = await sessionOf(owner);
    const page = await lockedList(user, session);
    expect(page.statusCode).toBe(200);
    const url = page.json().photos[0]?.photoUrl ?? '';
    expect(url).toContain('sig=locked~');
    const picture = await ctx.api().get(url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('no-cache');
    // Someone else's session does not open it.
    const stranger = await sessionOf(await verifiedUser());
    expect((await lockedList(user, stranger.session)).statusCode).toBe(403);

    // Each call keeps it open for five more minutes; five idle minutes end it.
    ctx.clock.advance(4 * MINUTE_MS);
    expect((await lockedList(user, session)).statusCode).toBe(200);
    ctx.clock.advance(4 * MINUTE_MS);
    expect(await showStatus(ctx, url)).toBe(200);
    ctx.clock.advance(1 * MINUTE_MS + 1000);
    expect(await showStatus(ctx, url)).toBe(404);
    expect(errorOf(await lockedList(user, session)).code).toBe('LOCKED_SESSION_REQUIRED');

    // Ended by the person: the same.
    const again = await sessionOf(owner);
    const url2 = (await lockedList(again.user, again.session)).json().photos[0]?.photoUrl ?? '';
    expect(await showStatus(ctx, url2)).toBe(200);
    expect((await endSession(again.user, again.session)).statusCode).toBe(204);
    expect(await showStatus(ctx, url2)).toBe(404);
    expect((await lockedList(again.user, again.session)).statusCode).toBe(403);
    expect((await moveOut(again.user, again.session, [photo.id])).statusCode).toBe(403);
  });

  it('moving out restores the photo with its comments and likes', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    expect(
      (await ctx.api(owner).postComment({ photoId: photo.id, message: 'Private' })).statusCode,
    ).toBe(201);
    expect((await ctx.api(owner).like(photo.id)).statusCode).toBe(200);
    expect((await lock(owner, [photo.id])).statusCode).toBe(200);
    expect(await photoIdsOf(owner, album.id)).not.toContain(photo.id);

    const { user, session } = await sessionOf(owner);
    const missing = await moveOut(user, session, [photo.id, 'no-such-photo']);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'PHOTO_NOT_FOUND', field: 'body.photoIds.1' });
    const out = await moveOut(user, session, [photo.id]);
    expect(out.statusCode).toBe(200);
    const back = (await ctx.api(owner).getPhoto(photo.id)).json<Photo>();
    expect(back).toMatchObject({ albumId: album.id, commentCount: 1, likeCount: 1 });
    expect(await showStatus(ctx, photo.photoUrl)).toBe(200);
    expect((await lockedList(user, session)).json().total).toBe(0);
  });

  it('a photo whose album is gone moves out into an album of restored photos', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    expect((await lock(owner, [photo.id])).statusCode).toBe(200);
    expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
    const { user, session } = await sessionOf(owner);
    expect((await lockedList(user, session)).json().photos[0]?.album).toBeNull();
    const out = (await moveOut(user, session, [photo.id])).json();
    expect(out).toMatchObject({
      count: 1,
      elsewhere: { photoIds: [photo.id], album: { name: 'Restored photos' } },
    });
    expect(await photoIdsOf(owner, out.elsewhere.album?.id ?? '')).toEqual([photo.id]);
  });

  it('deleting for good releases the file', async () => {
    const owner = await verifiedUser();
    const { album } = await createAlbumAs(ctx, owner);
    const photo = await addPhotoAs(ctx, owner, album.id);
    expect((await lock(owner, [photo.id])).statusCode).toBe(200);
    // Still stored while locked.
    const original = uploadedBlobKeys(photo.fileId)[0] ?? '';
    expect(await readBlob(ctx.deps.blobStore, original)).not.toBeNull();
    const { user, session } = await sessionOf(owner);
    const res = await deleteForGood(user, session, [photo.id]);
    expect(res.json()).toEqual({ count: 1 });
    expect(await readBlob(ctx.deps.blobStore, original)).toBeNull();
    const files = await ctx.deps.db
      .selectFrom('files')
      .select('id')
      .where('id', '=', photo.fileId)
      .execute();
    expect(files).toEqual([]);
    expect((await lockedList(user, session)).json().total).toBe(0);
    expect((await moveOut(user, session, [photo.id])).statusCode).toBe(404);
  });
});
