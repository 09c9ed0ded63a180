import type { Album, Photo, TrashPage, TrashRestoreResult } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { PURGE_TRASH } from './trash.purge.js';
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

const ctx = useTestContext({ TRASH_DAYS: '30' });
const DAY_MS = 24 * 60 * 60 * 1000;

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

const trashOf = async (user: TestUser) => (await ctx.api(user).get('/api/trash')).json<TrashPage>();
const restore = (user: TestUser, body: object) =>
  ctx.api(user).request<TrashRestoreResult>({
    method: 'POST',
    url: '/api/trash/restore',
    payload: body,
  });
const deleteForGood = (user: TestUser, body: object) =>
  ctx.api(user).request({ method: 'POST', url: '/api/trash/delete', payload: body });
const photosOf = async (user: TestUser, albumId: string) =>
  (await ctx.api(user).listPhotos(albumId, '?limit=100')).json<Photo[]>();

/** An album of the owner's: its cover photo and two more. */
async function albumWithPhotos(owner: TestUser, visibility?: 'everyone' | 'invited') {
  const { album } = await createAlbumAs(ctx, owner);
  if (visibility) await ctx.api(owner).setVisibility(album.id, { visibility });
  const first = await addPhotoAs(ctx, owner, album.id);
  const second = await addPhotoAs(ctx, owner, album.id);
  return { album, first, second };
}

describe('Trash', () => {
  it("counts trashed bytes in the administration's figures until they go", async () => {
    // The first account made on the server is its administrator.
    const admin = await signUp(ctx.app);
    const { first } = await albumWithPhotos(admin, 'everyone');
    const stats = async () => (await ctx.api(admin).adminStats()).json<{ trashBytes: number }>();
    const mine = async () =>
      (await ctx.api(admin).adminUsers('?limit=100'))
        .json<{ id: string; trashBytes: number; storageUsed: number }[]>()
        .find((user) => user.id === admin.uid);
    expect((await stats()).trashBytes).toBe(0);
    const before = await mine();
    expect((await ctx.api(admin).deletePhoto(first.id)).statusCode).toBe(204);
    const trashed = (await mine())?.trashBytes ?? 0;
    expect(trashed).toBeGreaterThan(0);
    expect((await stats()).trashBytes).toBe(trashed);
    // Still counted in the storage used, until it is gone.
    expect((await mine())?.storageUsed).toBe(before?.storageUsed);
    expect((await deleteForGood(admin, { all: true })).statusCode).toBe(200);
    expect((await stats()).trashBytes).toBe(0);
    expect((await mine())?.storageUsed).toBeLessThan(before?.storageUsed ?? 0);
  });

  it('deleting a photo moves it to Trash, where it waits; restoring brings it back whole', async () => {
    const owner = await signUp(ctx.app);
    const { album, first } = await albumWithPhotos(owner, 'everyone');
    const comment = await ctx.api(owner).postComment({ photoId: first.id, message: 'Nice' });
    expect(comment.statusCode).toBe(201);
    expect((await ctx.api(owner).like(first.id)).statusCode).toBe(200);

    expect((await ctx.api(owner).deletePhoto(first.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).getPhoto(first.id)).statusCode).toBe(404);
    expect((await photosOf(owner, album.id)).map((photo) => photo.id)).not.toContain(first.id);
    const albumNow = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(albumNow.photoCount).toBe(2);
    const timeline = await ctx.api(owner).get('/api/timeline?limit=100');
    expect(timeline.body).not.toContain(first.id);
    // Its public address is gone too: a file only Trash uses loads for its holder alone.
    expect(await showStatus(ctx, first.photoUrl)).toBe(404);

    const trash = await trashOf(owner);
    expect(trash).toMatchObject({ total: 1, days: 30 });
    const [listed] = trash.photos;
    expect(listed).toMatchObject({
      id: first.id,
      album: { id: album.id, trashed: false },
      mine: true,
      heldBy: { id: owner.uid },
      createdBy: { id: owner.uid },
    });
    expect(Date.parse(listed?.purgeAt ?? '') - Date.parse(listed?.trashedAt ?? '')).toBe(
      30 * DAY_MS,
    );
    expect(await showStatus(ctx, listed?.photoUrl ?? '')).toBe(200);

    const restored = await restore(owner, { photoIds: [first.id] });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ count: 1, elsewhere: { photoIds: [], album: null } });
    const back = (await ctx.api(owner).getPhoto(first.id)).json<Photo>();
    expect(back).toMatchObject({ albumId: album.id, commentCount: 1, likeCount: 1 });
    expect(await showStatus(ctx, first.photoUrl)).toBe(200);
    expect((await trashOf(owner)).total).toBe(0);
    // Already back: 404 naming it, nothing restored.
    const again = await restore(owner, { photoIds: [first.id] });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toMatchObject({ code: 'PHOTO_NOT_FOUND', field: 'body.photoIds.0' });
  });

  it('an album deleted to Trash comes back with its photos and members', async () => {
    const owner = await signUp(ctx.app);
    const member = await verifiedUser();
    const { album, first, second } = await albumWithPhotos(owner, 'invited');
    await ctx.api(owner).invite(album.id, { emailAddress: member.email, role: 'viewer' });
    expect((await ctx.api(member).findAlbum(`?id=${album.id}`)).statusCode).toBe(200);
    const memberUrl = (await ctx.api(member).getPhoto(first.id)).json<Photo>().photoUrl;
    expect(await showStatus(ctx, memberUrl)).toBe(200);

    expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).statusCode).toBe(404);
    expect((await ctx.api(member).getPhoto(first.id)).statusCode).toBe(404);
    // The member's earlier signed address no longer loads.
    expect(await showStatus(ctx, memberUrl)).toBe(404);
    const trash = await trashOf(owner);
    expect(trash.photos.map((photo) => photo.id).sort()).toEqual(
      [first.id, second.id, ...trash.photos.map((p) => p.id)]
        .filter((id, i, all) => all.indexOf(id) === i)
        .sort(),
    );
    expect(trash.total).toBe(3);
    expect(trash.photos.every((photo) => photo.album.trashed)).toBe(true);

    // Restoring one of its photos brings the album back, with all it held.
    const restored = await restore(owner, { photoIds: [second.id] });
    expect(restored.json()).toMatchObject({ count: 3 });
    const back = (await ctx.api(member).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(back).toMatchObject({ id: album.id, photoCount: 3, myRole: 'viewer' });
    expect(await showStatus(ctx, memberUrl)).toBe(200);
  });

  it('lists albums in Trash, empty or not, to restore or delete for good as one', async () => {
    const owner = await signUp(ctx.app);
    const created = await ctx.api(owner).request<Album>({
      method: 'POST',
      url: '/api/albums',
      payload: { name: 'Nothing yet' },
    });
    expect(created.statusCode).toBe(201);
    const empty = created.json();
    const full = await albumWithPhotos(owner);
    expect((await ctx.api(owner).deleteAlbum(empty.id)).statusCode).toBe(204);
    ctx.clock.advance(1000);
    expect((await ctx.api(owner).deleteAlbum(full.album.id)).statusCode).toBe(204);

    const trash = await trashOf(owner);
    expect(trash.albums).toEqual([
      {
        id: full.album.id,
        name: full.album.name,
        photoCount: 3,
        trashedAt: expect.any(String),
        purgeAt: expect.any(String),
      },
      {
        id: empty.id,
        name: 'Nothing yet',
        photoCount: 0,
        trashedAt: expect.any(String),
        purgeAt: expect.any(String),
      },
    ]);
    const [, emptyInTrash] = trash.albums;
    expect(Date.parse(emptyInTrash!.purgeAt) - Date.parse(emptyInTrash!.trashedAt)).toBe(
      30 * DAY_MS,
    );
    // Someone else's Trash does not list them; a later page lists no album again.
    expect((await trashOf(await signUp(ctx.app))).albums).toEqual([]);

    // The empty album comes back by itself.
    expect((await restore(owner, { albumIds: [empty.id] })).json()).toMatchObject({ count: 0 });
    expect((await ctx.api(owner).findAlbum(`?id=${empty.id}`)).statusCode).toBe(200);
    expect((await trashOf(owner)).albums.map((album) => album.id)).toEqual([full.album.id]);

    // Deleted again, then for good: it goes, with nothing else.
    expect((await ctx.api(owner).deleteAlbum(empty.id)).statusCode).toBe(204);
    const gone = await deleteForGood(owner, { albumIds: [empty.id] });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ count: 0, albums: 1 });
    expect((await restore(owner, { albumIds: [empty.id] })).statusCode).toBe(404);
    expect((await trashOf(owner)).total).toBe(3);

    // An album with photos goes for good with them.
    const withPhotos = await deleteForGood(owner, { albumIds: [full.album.id] });
    expect(withPhotos.json()).toEqual({ count: 3, albums: 1 });
    expect(await trashOf(owner)).toMatchObject({ photos: [], albums: [], total: 0 });

    // One not in the caller's Trash: 404 naming it; neither given nor both: 400.
    const missing = await deleteForGood(owner, { albumIds: [empty.id] });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'ALBUM_NOT_FOUND', field: 'body.albumIds.0' });
    expect((await deleteForGood(owner, { albumIds: [empty.id], all: true })).statusCode).toBe(400);
  });

  it('Restore all and Empty Trash take albums without photos too', async () => {
    const owner = await signUp(ctx.app);
    const makeEmpty = async (name: string) => {
      const made = await ctx.api(owner).request<Album>({
        method: 'POST',
        url: '/api/albums',
        payload: { name },
      });
      expect((await ctx.api(owner).deleteAlbum(made.json().id)).statusCode).toBe(204);
      return made.json();
    };
    const first = await makeEmpty('First');
    await restore(owner, { all: true });
    expect((await ctx.api(owner).findAlbum(`?id=${first.id}`)).statusCode).toBe(200);
    expect((await trashOf(owner)).albums).toEqual([]);

    expect((await ctx.api(owner).deleteAlbum(first.id)).statusCode).toBe(204);
    await makeEmpty('Second');
    const emptied = await deleteForGood(owner, { all: true });
    expect(emptied.json()).toEqual({ count: 0, albums: 2 });
    expect((await trashOf(owner)).albums).toEqual([]);
    expect((await ctx.api(owner).findAlbum(`?id=${first.id}`)).statusCode).toBe(404);
  });

  it("an album owner's deletion of a contributor's photo shows to its author; restoring without access goes elsewhere", async () => {
    const owner = await signUp(ctx.app);
    const contributor = await verifiedUser();
    const { album } = await albumWithPhotos(owner, 'invited');
    await ctx.api(owner).invite(album.id, { emailAddress: contributor.email, role: 'contributor' });
    const theirs = await addPhotoAs(ctx, contributor, album.id);
    const own = await addPhotoAs(ctx, contributor, album.id);

    expect((await ctx.api(owner).deletePhoto(theirs.id)).statusCode).toBe(204);
    const seen = await trashOf(contributor);
    expect(seen.total).toBe(0);
    expect(seen.photos).toEqual([
      expect.objectContaining({
        id: theirs.id,
        mine: false,
        heldBy: { id: owner.uid, name: expect.any(String) },
      }),
    ]);
    // Not theirs to restore.
    expect((await restore(contributor, { photoIds: [theirs.id] })).statusCode).toBe(404);

    expect((await ctx.api(contributor).deletePhoto(own.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).removeMember(album.id, contributor.uid)).statusCode).toBe(204);
    const restored = await restore(contributor, { all: true });
    expect(restored.statusCode).toBe(200);
    const result = restored.json();
    expect(result).toMatchObject({
      count: 1,
      elsewhere: { photoIds: [own.id], album: { name: 'Restored photos' } },
    });
    const elsewhere = await photosOf(contributor, result.elsewhere.album?.id ?? '');
    expect(elsewhere.map((photo) => photo.id)).toEqual([own.id]);
  });

  it('a share link stops showing a trashed photo, and its bound address stops loading', async () => {
    const owner = await signUp(ctx.app);
    const { album, first } = await albumWithPhotos(owner, 'invited');
    const link = (await ctx.api(owner).createShareLink(album.id)).json<{ token: string }>();
    const shared = (await ctx.api().sharedPhotos(link.token, '?limit=100')).json<Photo[]>();
    const boundUrl = shared.find((photo) => photo.id === first.id)?.photoUrl ?? '';
    expect(await showStatus(ctx, boundUrl)).toBe(200);

    expect((await ctx.api(owner).deletePhoto(first.id)).statusCode).toBe(204);
    const after = (await ctx.api().sharedPhotos(link.token, '?limit=100')).json<Photo[]>();
    expect(after.map((photo) => photo.id)).not.toContain(first.id);
    expect(await showStatus(ctx, boundUrl)).toBe(404);
    // Another person's Trash address for it does not load either.
    const stranger = await signUp(ctx.app);
    const holderUrl = (await trashOf(owner)).photos[0]?.photoUrl ?? '';
    expect(await showStatus(ctx, holderUrl)).toBe(200);
    expect((await trashOf(stranger)).photos).toEqual([]);
  });

  it('deleting from Trash for good releases the files nothing else uses', async () => {
    const owner = await signUp(ctx.app);
    const friend = await verifiedUser();
    const { album, first, second } = await albumWithPhotos(owner, 'everyone');
    const friends = await createAlbumAs(ctx, friend);
    // The friend saves the second photo: its file stays while their photo shows it.
    const saved = await ctx.api(friend).savePhoto(second.id, { albumId: friends.album.id });
    expect(saved.statusCode).toBe(201);
    expect((await ctx.api(owner).bulkDelete({ photoIds: [first.id, second.id] })).statusCode).toBe(
      200,
    );
    const missing = await deleteForGood(owner, { photoIds: [first.id, 'no-such-photo'] });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ field: 'body.photoIds.1' });
    expect((await trashOf(owner)).total).toBe(2);

    const res = await deleteForGood(owner, { all: true });
    expect(res.json()).toEqual({ count: 2, albums: 0 });
    expect((await trashOf(owner)).total).toBe(0);
    for (const key of uploadedBlobKeys(first.fileId).slice(0, 1)) {
      expect(await readBlob(ctx.deps.blobStore, key)).toBeNull();
    }
    expect(await showStatus(ctx, first.photoUrl)).toBe(404);
    expect(await showStatus(ctx, second.photoUrl)).toBe(200);
    expect((await photosOf(owner, album.id)).length).toBe(1);
    expect((await restore(owner, { photoIds: [first.id] })).statusCode).toBe(404);
  });

  it('a delete and a restore of one photo at once end in one state, without a 500', async () => {
    const owner = await signUp(ctx.app);
    const { album, first } = await albumWithPhotos(owner, 'everyone');
    for (let round = 0; round < 6; round += 1) {
      const [deleted, restored] = await Promise.all([
        ctx.api(owner).deletePhoto(first.id),
        restore(owner, { photoIds: [first.id] }),
      ]);
      expect([204, 404]).toContain(deleted.statusCode);
      expect([200, 404]).toContain(restored.statusCode);
      const inAlbum = (await photosOf(owner, album.id)).some((photo) => photo.id === first.id);
      const inTrash = (await trashOf(owner)).photos.some((photo) => photo.id === first.id);
      expect(inAlbum).not.toBe(inTrash);
      const facts = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
      expect(facts.photoCount).toBe(inAlbum ? 3 : 2);
    }
  });
  // Last: it moves the clock past the ID tokens' hour.
  it('the purge removes what has been in Trash for TRASH_DAYS days, through the job queue', async () => {
    const owner = await signUp(ctx.app);
    const { first, second } = await albumWithPhotos(owner, 'everyone');
    expect((await ctx.api(owner).bulkDelete({ photoIds: [first.id, second.id] })).statusCode).toBe(
      200,
    );
    const inTrash = async () =>
      (
        await ctx.deps.db
          .selectFrom('trashed_photos')
          .select('id')
          .where('held_by', '=', owner.uid)
          .execute()
      ).length;
    const purge = async () => {
      await ctx.deps.jobQueue.send(PURGE_TRASH, {});
      await ctx.deps.jobQueue.settled(PURGE_TRASH);
    };
    ctx.clock.advance(29 * DAY_MS);
    await purge();
    expect(await inTrash()).toBe(2);
    expect(
      await readBlob(ctx.deps.blobStore, uploadedBlobKeys(first.fileId)[0] ?? ''),
    ).not.toBeNull();

    ctx.clock.advance(1 * DAY_MS + 1000);
    await purge();
    expect(await inTrash()).toBe(0);
    const files = await ctx.deps.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [first.fileId, second.fileId])
      .execute();
    expect(files).toEqual([]);
    for (const fileId of [first.fileId, second.fileId]) {
      for (const key of uploadedBlobKeys(fileId)) {
        expect(await readBlob(ctx.deps.blobStore, key)).toBeNull();
      }
    }
  });
});
