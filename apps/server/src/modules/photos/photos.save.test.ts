import type { Album, Photo, UploadedFile } from '@photo/contract';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFileById } from '../files/store/repository.js';
import { blobKeysOf as fileBlobKeys } from '../files/store/blobs.js';
import { addPhotoAs, createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestUser } from '../../test/harness.js';
import { asVerified } from '../../test/verified-token.js';
import { h264Mp4 } from '../../test/videos.js';

const ctx = useTestContext();

const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/live-photo',
);
const HEIC = fs.readFileSync(path.join(fixtures, 'IMG_0001.HEIC'));
const MOV = fs.readFileSync(path.join(fixtures, 'IMG_0001.MOV'));

async function verifiedUser(): Promise<TestUser> {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/**
 * An album of the owner's seen by its members only, with `member` invited as a viewer (or
 * contributor), and a photo of the owner's besides its cover.
 */
async function sharedAlbum(owner: TestUser, member: TestUser, role = 'viewer') {
  const { album } = await createAlbumAs(ctx, owner, { name: 'Shared' });
  expect((await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' })).statusCode).toBe(
    200,
  );
  const invited = await ctx.api(owner).invite(album.id, { emailAddress: member.email, role });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  const photo = await addPhotoAs(ctx, owner, album.id);
  expect((await ctx.api(member).getPhoto(photo.id)).statusCode).toBe(200);
  return { album, photo };
}

/** An album of the user's, only theirs to see. */
async function ownAlbum(user: TestUser, name = 'Mine'): Promise<Album> {
  const { album } = await createAlbumAs(ctx, user, { name });
  expect((await ctx.api(user).setVisibility(album.id, { visibility: 'owner' })).statusCode).toBe(
    200,
  );
  return album;
}

/** The photo as its album's list shows it to the user (its picture URL signed for them). */
async function listed(user: TestUser, albumId: string, photoId: string): Promise<Photo> {
  const res = await ctx.api(user).listPhotos(albumId, '?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  const photo = res.json<Photo[]>().find((item) => item.id === photoId);
  if (!photo) throw new Error(`photo ${photoId} is not listed in ${albumId}`);
  return photo;
}

/** The picture URL asking for another size (keeps its signature, when it has one). */
function sized(photoUrl: string, query: string): string {
  const url = new URL(photoUrl, 'http://localhost');
  return `${url.pathname}${url.search ? `${url.search}&` : '?'}${query}`;
}

/** The statuses of the picture's original and thumbnail. */
async function loads(photoUrl: string): Promise<[number, number]> {
  const original = await ctx.api().get(photoUrl);
  const thumb = await ctx.api().get(sized(photoUrl, 'size=thumb'));
  return [original.statusCode, thumb.statusCode];
}

/** Which of the file's blobs the store still holds (every one it named while it had a row). */
async function blobsHeld(keys: readonly string[]): Promise<string[]> {
  const held: string[] = [];
  for (const key of keys) if (await ctx.deps.blobStore.exists(key)) held.push(key);
  return held;
}

async function keysOfFile(fileId: string): Promise<string[]> {
  const row = await findFileById(ctx.deps.db, fileId);
  if (!row) throw new Error(`file ${fileId} has no row`);
  return fileBlobKeys(row);
}

describe('POST /api/photos/{photoId}/save', () => {
  it('saves a shared photo to an album of yours: a new photo of the same file, yours, kept after you leave', async () => {
    const owner = await verifiedUser();
    const saver = await verifiedUser();
    const { album: shared, photo } = await sharedAlbum(owner, saver);
    const unsaved = await addPhotoAs(ctx, owner, shared.id);
    expect((await ctx.api(owner).like(photo.id)).statusCode).toBe(200);
    const comment = await ctx.api(saver).postComment({ photoId: photo.id, message: 'Lovely' });
    expect(comment.statusCode).toBe(201);
    const mine = await ownAlbum(saver);

    const res = await ctx.api(saver).savePhoto(photo.id, { albumId: mine.id });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({
      albumId: mine.id,
      fileId: photo.fileId,
      createdById: saver.uid,
      likeCount: 0,
      commentCount: 0,
      width: photo.width,
      height: photo.height,
    });
    expect(saved.id).not.toBe(photo.id);
    // No bytes copied: one file row, the uploader's.
    expect((await findFileById(ctx.deps.db, photo.fileId))?.owner_id).toBe(owner.uid);
    expect((await ctx.api(saver).findAlbum(`?id=${mine.id}`)).json<Album>().photoCount).toBe(2);
    // The photo it came from keeps its comments and likes.
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toMatchObject({
      likeCount: 1,
      commentCount: 1,
    });

    // Their copy shows the uploader's file: they may not turn it (it would turn the original).
    const turned = await ctx.api(saver).rotatePhoto(saved.id, { direction: 'right' });
    expect(turned.statusCode).toBe(403);
    expect(errorOf(turned).code).toBe('NOT_OWNER');
    expect((await ctx.api(owner).getPhoto(photo.id)).json().rotation).toBe(0);

    // Saved again: the photo the album already has.
    const again = await ctx.api(saver).savePhoto(photo.id, { albumId: mine.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(saved.id);

    expect((await ctx.api(saver).removeMember(shared.id, saver.uid)).statusCode).toBe(204);
    expect((await ctx.api(saver).getPhoto(photo.id)).statusCode).toBe(404);
    expect((await ctx.api(saver).getPhoto(unsaved.id)).statusCode).toBe(404);
    expect((await ctx.api(saver).listPhotos(shared.id)).statusCode).toBe(404);
    expect((await ctx.api(saver).getPhoto(saved.id)).statusCode).toBe(200);
    const shown = await listed(saver, mine.id, saved.id);
    expect(await loads(shown.photoUrl)).toEqual([200, 200]);
    // The saved photo does not let them save the others of the album they left.
    const other = await ctx.api(saver).savePhoto(unsaved.id, { albumId: mine.id });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('PHOTO_NOT_FOUND');
  });

  it('keeps the bytes while either photo shows them, and releases them once both are gone', async () => {
    const owner = await verifiedUser();
    const saver = await verifiedUser();
    const { photo } = await sharedAlbum(owner, saver);
    const mine = await ownAlbum(saver);
    const saved = (await ctx.api(saver).savePhoto(photo.id, { albumId: mine.id })).json();
    const keys = await keysOfFile(photo.fileId);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(await blobsHeld(keys)).toEqual(keys);

    expect((await ctx.api(owner).deletePhoto(photo.id)).statusCode).toBe(204);
    expect((await ctx.api(owner).getPhoto(photo.id)).statusCode).toBe(404);
    expect(await blobsHeld(keys)).toEqual(keys);
    expect(await loads((await listed(saver, mine.id, saved.id)).photoUrl)).toEqual([200, 200]);

    expect((await ctx.api(saver).deletePhoto(saved.id)).statusCode).toBe(204);
    expect(await blobsHeld(keys)).toEqual([]);
    expect(await findFileById(ctx.deps.db, photo.fileId)).toBeUndefined();
  });

  it('keeps the original when the saver deletes their copy', async () => {
    const owner = await verifiedUser();
    const saver = await verifiedUser();
    const { album, photo } = await sharedAlbum(owner, saver);
    const mine = await ownAlbum(saver);
    const saved = (await ctx.api(saver).savePhoto(photo.id, { albumId: mine.id })).json();
    const keys = await keysOfFile(photo.fileId);

    expect((await ctx.api(saver).deletePhoto(saved.id)).statusCode).toBe(204);
    expect(await blobsHeld(keys)).toEqual(keys);
    expect(await loads((await listed(owner, album.id, photo.id)).photoUrl)).toEqual([200, 200]);
  });

  it('releases the bytes once when both photos are deleted at the same moment', async () => {
    const owner = await verifiedUser();
    const saver = await verifiedUser();
    const { photo } = await sharedAlbum(owner, saver);
    const mine = await ownAlbum(saver);
    const saved = (await ctx.api(saver).savePhoto(photo.id, { albumId: mine.id })).json();
    const keys = await keysOfFile(photo.fileId);

    const [first, second] = await Promise.all([
      ctx.api(owner).deletePhoto(photo.id),
      ctx.api(saver).deletePhoto(saved.id),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect(await blobsHeld(keys)).toEqual([]);
    expect(await findFileById(ctx.deps.db, photo.fileId)).toBeUndefined();
  });

  it('answers 404 for a photo you may not see, and 403 or 404 for an album not yours', async () => {
    const owner = await verifiedUser();
    const member = await verifiedUser();
    const stranger = await verifiedUser();
    const { photo } = await sharedAlbum(owner, member);
    const strangers = await ownAlbum(stranger, 'Stranger');

    const hidden = await ctx.api(stranger).savePhoto(photo.id, { albumId: strangers.id });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('PHOTO_NOT_FOUND');
    const missing = await ctx
      .api(stranger)
      .savePhoto('00000000-0000-4000-8000-000000000000', { albumId: strangers.id });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('PHOTO_NOT_FOUND');

    // An album the member sees but may not add to: 403; one they may not see: 404.
    const { album: seen } = await createAlbumAs(ctx, stranger, { name: 'Open' });
    expect(
      (await ctx.api(stranger).setVisibility(seen.id, { visibility: 'everyone' })).statusCode,
    ).toBe(200);
    const forbidden = await ctx.api(member).savePhoto(photo.id, { albumId: seen.id });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('NOT_OWNER');
    const unseen = await ctx.api(member).savePhoto(photo.id, { albumId: strangers.id });
    expect(unseen.statusCode).toBe(404);
    expect(errorOf(unseen).code).toBe('ALBUM_NOT_FOUND');
    expect((await ctx.api(stranger).listPhotos(seen.id)).json<Photo[]>()).toHaveLength(1);

    const bad = await ctx.api(member).savePhoto(photo.id, {});
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('body.albumId');
    expect((await ctx.api().savePhoto(photo.id, { albumId: strangers.id })).statusCode).toBe(401);
  });

  it('saves a video and a Live Photo that keep playing after the originals are deleted', async () => {
    const owner = await verifiedUser();
    const saver = await verifiedUser();
    const { album: shared } = await sharedAlbum(owner, saver);
    const upload = async (bytes: Buffer, filename: string, contentType: string) => {
      const res = await ctx.api(owner).upload(bytes, { filename, contentType });
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json<UploadedFile>();
    };
    const mp4 = await upload(await h264Mp4(), 'clip.mp4', 'video/mp4');
    const video = await addPhotoAs(ctx, owner, shared.id, { ...mp4, placeholder: null });
    const heic = await upload(HEIC, 'IMG_0001.HEIC', 'image/heic');
    const mov = await upload(MOV, 'IMG_0001.MOV', 'video/quicktime');
    await addPhotoAs(ctx, owner, shared.id, { ...heic, placeholder: null });
    const live = (await ctx.api(owner).addPhoto(shared.id, { fileId: mov.id })).json<Photo>();
    expect(live.kind).toBe('livePhoto');
    const mine = await ownAlbum(saver);

    const savedVideo = await ctx.api(saver).savePhoto(video.id, { albumId: mine.id });
    const savedLive = await ctx.api(saver).savePhoto(live.id, { albumId: mine.id });
    expect(savedVideo.statusCode).toBe(201);
    expect(savedLive.statusCode).toBe(201);
    expect(savedVideo.json()).toMatchObject({ kind: 'video', fileId: mp4.id });
    expect(savedLive.json()).toMatchObject({ kind: 'livePhoto', fileId: heic.id });
    expect(savedLive.json().video?.durationMs).toBe(live.video?.durationMs);

    expect((await ctx.api(owner).bulkDelete({ photoIds: [video.id, live.id] })).statusCode).toBe(
      200,
    );
    for (const saved of [savedVideo.json(), savedLive.json()]) {
      const shown = await listed(saver, mine.id, saved.id);
      const played = await ctx.api().get(sized(shown.photoUrl, 'size=video'));
      expect(played.statusCode, saved.kind).toBe(200);
      expect(played.headers['content-type']).toMatch(/^video\//);
    }
    // The Live Photo's motion is kept: its still names it.
    expect(await findFileById(ctx.deps.db, mov.id)).toBeDefined();
    // Videos are probed and postered by ffmpeg: slower than pictures on a busy machine.
  }, 120_000);
});
