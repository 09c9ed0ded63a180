import { BULK_IDS_MAX, type Album, type Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newFileId, newId } from '../../lib/ids.js';
import {
  addPhotoAs,
  createAlbumAs,
  errorOf,
  showStatus,
  storeImage,
  type StoredImage,
} from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { asVerified } from '../../test/verified-token.js';

const ctx = useTestContext();

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

const albumOf = async (user: TestUser, albumId: string) =>
  (await ctx.api(user).findAlbum(`?id=${albumId}`)).json<Album>();

const photoIdsOf = async (user: TestUser, albumId: string) =>
  (await ctx.api(user).listPhotos(albumId, '?limit=100')).json<Photo[]>().map((photo) => photo.id);

/** An album of the owner's with its cover photo and `extra` more photos, in their order. */
async function albumWithPhotos(owner: TestUser, extra: number, name = 'Trip') {
  const { album, cover } = await createAlbumAs(ctx, owner, { name });
  const added: Photo[] = [];
  for (let index = 0; index < extra; index += 1) {
    ctx.clock.advance(1000);
    added.push(await addPhotoAs(ctx, owner, album.id));
  }
  const photos = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
  return { album, cover, photos, added };
}

/** The cover's file of an album, as its answer names it (its picture URL). */
const coverFileOf = (album: Album) => /\/api\/files\/show\/([^?]+)/.exec(album.coverPhotoUrl)?.[1];

describe('POST /api/photos/bulk-delete', () => {
  it('deletes every photo named, in one go: cover, facts, comments and unused files follow', async () => {
    const owner = await signUp(ctx.app);
    const { album, photos } = await albumWithPhotos(owner, 4);
    const [cover, second, third, fourth, fifth] = photos as [Photo, Photo, Photo, Photo, Photo];
    const comment = await ctx.api(owner).postComment({ photoId: second.id, message: 'Nice' });
    expect(comment.statusCode).toBe(201);
    expect((await ctx.api(owner).like(second.id)).statusCode).toBe(200);

    const res = await ctx.api(owner).bulkDelete({
      photoIds: [cover.id, second.id, fourth.id, second.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });

    expect(await photoIdsOf(owner, album.id)).toEqual([third.id, fifth.id]);
    const after = await albumOf(owner, album.id);
    expect(coverFileOf(after)).toBe(third.fileId);
    expect(after).toMatchObject({
      photoCount: 2,
      firstPhotoDate: third.dateCreated,
      lastPhotoDate: fifth.dateCreated,
    });
    expect((await ctx.api(owner).getPhoto(second.id)).statusCode).toBe(404);
    const left = await ctx.deps.db
      .selectFrom('comments')
      .select('id')
      .where('photo_id', '=', second.id)
      .execute();
    expect(left).toEqual([]);
    const likes = await ctx.deps.db
      .selectFrom('photo_likes')
      .select('user_id')
      .where('photo_id', '=', second.id)
      .execute();
    expect(likes).toEqual([]);
    // Their files were used nowhere else: gone, bytes and all.
    for (const photo of [cover, second, fourth]) {
      expect(await showStatus(ctx, photo.photoUrl)).toBe(404);
    }
    expect(await showStatus(ctx, third.photoUrl)).toBe(200);
  });

  it('keeps a file another album still shows', async () => {
    const owner = await signUp(ctx.app);
    const image = await storeImage(ctx, owner);
    const { album: one } = await createAlbumAs(ctx, owner);
    const { album: two } = await createAlbumAs(ctx, owner);
    const inOne = await addPhotoAs(ctx, owner, one.id, image);
    await addPhotoAs(ctx, owner, two.id, image);
    const res = await ctx.api(owner).bulkDelete({ photoIds: [inOne.id] });
    expect(res.json()).toEqual({ count: 1 });
    expect(await showStatus(ctx, image.url)).toBe(200);
  });

  it("refuses a contributor who names others' photos: 403 naming it, nothing changes", async () => {
    const owner = await verifiedUser();
    const contributor = await verifiedUser();
    const { album, photos } = await albumWithPhotos(owner, 1);
    await ctx.api(owner).invite(album.id, { emailAddress: contributor.email, role: 'contributor' });
    const own = await addPhotoAs(ctx, contributor, album.id);
    const owners = photos[1] as Photo;
    const before = await albumOf(owner, album.id);

    const res = await ctx.api(contributor).bulkDelete({ photoIds: [own.id, owners.id] });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'NOT_OWNER',
      field: 'body.photoIds.1',
      message: expect.stringContaining(owners.id),
    });
    expect(await photoIdsOf(owner, album.id)).toHaveLength(3);
    expect(await albumOf(owner, album.id)).toEqual(before);

    // Their own photos alone: allowed.
    const alone = await ctx.api(contributor).bulkDelete({ photoIds: [own.id] });
    expect(alone.json()).toEqual({ count: 1 });
  });

  it('refuses a photo of an album the caller may not see as if it did not exist: 404, nothing changes', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const { album, photos } = await albumWithPhotos(owner, 2);
    const { album: hidden, photos: hiddenPhotos } = await albumWithPhotos(stranger, 1, 'Private');
    await ctx.api(stranger).setVisibility(hidden.id, { visibility: 'owner' });
    const foreign = hiddenPhotos[1] as Photo;

    for (const id of [foreign.id, newId()]) {
      const res = await ctx.api(owner).bulkDelete({
        photoIds: [(photos[1] as Photo).id, id, (photos[2] as Photo).id],
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({
        code: 'PHOTO_NOT_FOUND',
        field: 'body.photoIds.1',
        message: `The photo ${id} was not found.`,
      });
    }
    expect(await photoIdsOf(owner, album.id)).toHaveLength(3);
    expect(await photoIdsOf(stranger, hidden.id)).toHaveLength(2);
    expect(await showStatus(ctx, (photos[1] as Photo).photoUrl)).toBe(200);
  });

  it('refuses to empty an album (it always has a cover): 409, nothing changes', async () => {
    const owner = await signUp(ctx.app);
    const { album, photos } = await albumWithPhotos(owner, 2);
    const keep = await albumWithPhotos(owner, 1, 'Other');
    const res = await ctx.api(owner).bulkDelete({
      photoIds: [...photos.map((photo) => photo.id), (keep.photos[1] as Photo).id],
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
    expect(await photoIdsOf(owner, album.id)).toHaveLength(3);
    expect(await photoIdsOf(owner, keep.album.id)).toHaveLength(2);
  });

  it(`takes at most ${BULK_IDS_MAX} ids: ${BULK_IDS_MAX + 1} answer 400, none 400`, async () => {
    const owner = await signUp(ctx.app);
    const { album, photos } = await albumWithPhotos(owner, 1);
    const many = [(photos[1] as Photo).id, ...Array.from({ length: BULK_IDS_MAX }, () => newId())];
    const res = await ctx.api(owner).bulkDelete({ photoIds: many });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect((await ctx.api(owner).bulkDelete({ photoIds: [] })).statusCode).toBe(400);
    expect((await ctx.api(owner).bulkDelete({})).statusCode).toBe(400);
    expect(await photoIdsOf(owner, album.id)).toHaveLength(2);
  });

  it(`reads ${BULK_IDS_MAX} ids in batches, not one query each`, async () => {
    const owner = await signUp(ctx.app);
    const { album, cover } = await createAlbumAs(ctx, owner);
    const made = await photosOfCopies(owner, album.id, cover, 2500);
    let statements = 0;
    const counting = (event: { query: unknown }) => {
      if (event.query) statements += 1;
    };
    // Every statement the server runs, counted through the database's own log hook.
    const restore = countStatements(counting);
    const ids = [...made, ...Array.from({ length: BULK_IDS_MAX - made.length }, () => newId())];
    const refused = await ctx.api(owner).bulkDelete({ photoIds: ids });
    restore();
    expect(refused.statusCode).toBe(404);
    expect(statements).toBeLessThan(40);

    const res = await ctx.api(owner).bulkDelete({ photoIds: made });
    expect(res.json()).toEqual({ count: made.length });
    const after = await albumOf(owner, album.id);
    expect(after.photoCount).toBe(1);
    // It makes and deletes 2,500 photos: on PostgreSQL beside the end-to-end tests (npm test runs
    // them at once) that alone can pass the 30 s a test is given.
  }, 120_000);
});

describe('POST /api/photos/bulk-add', () => {
  it('adds photos of the same files to another album, skipping files it already shows', async () => {
    const owner = await signUp(ctx.app);
    const source = await albumWithPhotos(owner, 3, 'Source');
    const target = await albumWithPhotos(owner, 0, 'Target');
    const [s0, s1, s2, s3] = source.photos as [Photo, Photo, Photo, Photo];
    await addPhotoAs(ctx, owner, target.album.id, {
      id: s2.fileId,
      url: s2.photoUrl,
    } as StoredImage);

    const res = await ctx.api(owner).bulkAdd({
      photoIds: [s0.id, s1.id, s2.id, s1.id],
      albumId: target.album.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const inTarget = (await ctx.api(owner).listPhotos(target.album.id)).json<Photo[]>();
    expect(inTarget.map((photo) => photo.fileId).sort()).toEqual(
      [target.cover.id, s0.fileId, s1.fileId, s2.fileId].sort(),
    );
    const copied = inTarget.find((photo) => photo.fileId === s0.fileId);
    expect(copied?.id).not.toBe(s0.id);
    expect(copied?.createdById).toBe(owner.uid);
    const facts = await albumOf(owner, target.album.id);
    expect(facts.photoCount).toBe(4);
    expect(facts.firstPhotoDate).toBe(s0.dateCreated);
    // The source is as it was.
    expect(await photoIdsOf(owner, source.album.id)).toEqual([s0.id, s1.id, s2.id, s3.id]);
    expect(coverFileOf(await albumOf(owner, target.album.id))).toBe(target.cover.id);
  });

  it('moves photos: the same photos with their comments, covers and facts kept on both sides', async () => {
    const owner = await signUp(ctx.app);
    const source = await albumWithPhotos(owner, 3, 'Source');
    const target = await albumWithPhotos(owner, 1, 'Target');
    const [s0, s1, s2, s3] = source.photos as [Photo, Photo, Photo, Photo];
    await ctx.api(owner).postComment({ photoId: s0.id, message: 'The first one' });

    const res = await ctx.api(owner).bulkAdd({
      photoIds: [s0.id, s2.id],
      albumId: target.album.id,
      move: true,
    });
    expect(res.json()).toEqual({ count: 2 });
    expect(await photoIdsOf(owner, source.album.id)).toEqual([s1.id, s3.id]);
    const sourceAfter = await albumOf(owner, source.album.id);
    expect(coverFileOf(sourceAfter)).toBe(s1.fileId);
    expect(sourceAfter).toMatchObject({
      photoCount: 2,
      firstPhotoDate: s1.dateCreated,
      lastPhotoDate: s3.dateCreated,
    });
    const targetAfter = await albumOf(owner, target.album.id);
    expect(targetAfter.photoCount).toBe(4);
    expect(targetAfter.firstPhotoDate).toBe(s0.dateCreated);
    expect(coverFileOf(targetAfter)).toBe(target.cover.id);
    const moved = (await ctx.api(owner).getPhoto(s0.id)).json<Photo>();
    expect(moved).toMatchObject({ albumId: target.album.id, commentCount: 1 });
    expect(await showStatus(ctx, s0.photoUrl)).toBe(200);
  });

  it('refuses a move that would empty an album, and a move of photos the caller may not delete', async () => {
    const owner = await verifiedUser();
    const contributor = await verifiedUser();
    const source = await albumWithPhotos(owner, 1, 'Source');
    const target = await albumWithPhotos(contributor, 0, 'Mine');
    await ctx.api(owner).invite(source.album.id, {
      emailAddress: contributor.email,
      role: 'contributor',
    });
    const everything = source.photos.map((photo) => photo.id);
    const emptying = await ctx.api(owner).bulkAdd({
      photoIds: everything,
      albumId: (await albumWithPhotos(owner, 0, 'Else')).album.id,
      move: true,
    });
    expect(emptying.statusCode).toBe(409);

    const notTheirs = await ctx.api(contributor).bulkAdd({
      photoIds: [everything[1]],
      albumId: target.album.id,
      move: true,
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(errorOf(notTheirs).field).toBe('body.photoIds.0');
    // A copy needs only to see them.
    const copy = await ctx.api(contributor).bulkAdd({
      photoIds: [everything[1]],
      albumId: target.album.id,
    });
    expect(copy.json()).toEqual({ count: 1 });
    expect(await photoIdsOf(owner, source.album.id)).toEqual(everything);
  });

  it('refuses an album the caller may not add to (403) or see (404), and a photo they may not see', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const mine = await albumWithPhotos(owner, 1);
    const theirs = await albumWithPhotos(stranger, 1, 'Theirs');
    const photoId = (mine.photos[1] as Photo).id;
    const foreign = await ctx.api(owner).bulkAdd({ photoIds: [photoId], albumId: theirs.album.id });
    expect(foreign.statusCode).toBe(403);
    await ctx.api(stranger).setVisibility(theirs.album.id, { visibility: 'owner' });
    const hidden = await ctx.api(owner).bulkAdd({ photoIds: [photoId], albumId: theirs.album.id });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('ALBUM_NOT_FOUND');
    const other = await albumWithPhotos(owner, 0, 'Other');
    const res = await ctx.api(owner).bulkAdd({
      photoIds: [photoId, (theirs.photos[1] as Photo).id],
      albumId: other.album.id,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'PHOTO_NOT_FOUND', field: 'body.photoIds.1' });
    expect(await photoIdsOf(owner, other.album.id)).toHaveLength(1);
    expect((await albumOf(owner, other.album.id)).photoCount).toBe(1);
  });
});

/**
 * `count` photos in the album, each of its own file row (copies of the cover's row under new
 * ids, their blobs absent), written straight to the database: what 2,500 uploads would leave.
 */
async function photosOfCopies(
  owner: TestUser,
  albumId: string,
  cover: StoredImage,
  count: number,
): Promise<string[]> {
  const db = ctx.deps.db;
  const file = await db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', cover.id)
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  const now = ctx.clock.now().toISOString();
  for (let start = 0; start < count; start += 100) {
    const files = Array.from({ length: Math.min(100, count - start) }, (_, index) => {
      const id = newFileId();
      return {
        ...file,
        id,
        sha256: `${start + index}`.padStart(64, '0'),
        blob_key: `originals/${id}`,
        crc32: null,
        thumb_key: null,
        preview_key: null,
        card_key: null,
        card3x_key: null,
      };
    });
    await db.insertInto('files').values(files).execute();
    const photos = files.map((row) => ({
      id: newId(),
      album_id: albumId,
      file_id: row.id,
      owner_id: owner.uid,
      created_at: now,
      sort_date: now,
    }));
    await db.insertInto('photos').values(photos).execute();
    ids.push(...photos.map((photo) => photo.id));
  }
  await db
    .updateTable('albums')
    .set({ photo_count: count + 1 })
    .where('id', '=', albumId)
    .execute();
  return ids;
}

/** Counts the statements the database runs until the answer is called. */
function countStatements(onQuery: (event: { query: unknown }) => void): () => void {
  const executor = ctx.deps.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    onQuery({ query: args[0] });
    return original(...args);
  }) as typeof original;
  return () => {
    executor.executeQuery = original;
  };
}
