import type { Album, Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, storeImage } from '../../test/fixtures.js';
import { signUp, type TestContext, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

type Facts = Pick<Album, 'photoCount' | 'firstPhotoDate' | 'lastPhotoDate'>;

function factsOf(album: Album | undefined): Facts | undefined {
  if (!album) return undefined;
  const { photoCount, firstPhotoDate, lastPhotoDate } = album;
  return { photoCount, firstPhotoDate, lastPhotoDate };
}

/** The album's count and dates in every answer that carries it, as `viewer` is given them. */
async function factsEverywhere(ctx: TestContext, viewer: TestUser, albumId: string) {
  const api = ctx.api(viewer);
  const found = await api.findAlbum(`?id=${albumId}`);
  expect(found.statusCode).toBe(200);
  const answers: Record<string, Facts | undefined> = { find: factsOf(found.json()) };
  for (const query of ['?limit=100', '?mine=true&limit=100', '?shared=true&limit=100']) {
    const list = await api.listAlbums(query);
    expect(list.statusCode).toBe(200);
    const album = list.json().find((a) => a.id === albumId);
    if (album) answers[query] = factsOf(album);
  }
  return answers;
}

/** The one set of facts all the answers agree on (and that there is at least one list). */
async function facts(ctx: TestContext, viewer: TestUser, albumId: string): Promise<Facts> {
  const answers = await factsEverywhere(ctx, viewer, albumId);
  expect(Object.keys(answers).length).toBeGreaterThan(1);
  const distinct = new Set(Object.values(answers).map((f) => JSON.stringify(f)));
  expect(distinct.size, JSON.stringify(answers)).toBe(1);
  return answers.find!;
}

async function photoWithDate(ctx: TestContext, owner: TestUser, albumId: string, taken: string) {
  return addPhotoAs(ctx, owner, albumId, await storeImage(ctx, owner, { dateTaken: taken }));
}

describe('album photo count and date range', () => {
  const ctx = useTestContext();

  it('a new album counts its cover, dated when it was added when it has no EXIF date', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const { album } = await createAlbumAs(ctx, owner);
    const added = ctx.clock.now().toISOString();
    expect(factsOf(album)).toEqual({
      photoCount: 1,
      firstPhotoDate: added,
      lastPhotoDate: added,
    });
    expect(await facts(ctx, owner, album.id)).toEqual(factsOf(album));
  });

  it('a cover with an EXIF date dates the album by it', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const cover = await storeImage(ctx, owner, { dateTaken: '2024-03-12T09:30:00Z' });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    expect(factsOf(album)).toEqual({
      photoCount: 1,
      firstPhotoDate: '2024-03-12T09:30:00.000Z',
      lastPhotoDate: '2024-03-12T09:30:00.000Z',
    });
  });

  it('counts photos added with and without EXIF dates, from the earliest date to the latest', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const cover = await storeImage(ctx, owner, { dateTaken: '2024-04-02T12:00:00Z' });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    await photoWithDate(ctx, owner, album.id, '2024-06-30T18:00:00Z');
    await photoWithDate(ctx, owner, album.id, '2024-03-01T08:00:00Z');
    ctx.clock.advance(60_000);
    await addPhotoAs(ctx, owner, album.id);
    const undated = ctx.clock.now().toISOString();

    expect(await facts(ctx, owner, album.id)).toEqual({
      photoCount: 4,
      firstPhotoDate: '2024-03-01T08:00:00.000Z',
      lastPhotoDate: undated,
    });
    const photos = (await ctx.api(owner).listPhotos(album.id)).json();
    expect(photos).toHaveLength(4);
  });

  it('a photo added twice is counted once', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const { album } = await createAlbumAs(ctx, owner);
    const image = await storeImage(ctx, owner);
    await addPhotoAs(ctx, owner, album.id, image);
    expect((await ctx.api(owner).addPhoto(album.id, { fileId: image.id })).statusCode).toBe(409);
    expect((await facts(ctx, owner, album.id)).photoCount).toBe(2);
  });

  it('deleting the earliest and the latest photos narrows the range and lowers the count', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const cover = await storeImage(ctx, owner, { dateTaken: '2024-05-05T05:05:05Z' });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    const earliest = await photoWithDate(ctx, owner, album.id, '2023-12-24T20:00:00Z');
    const latest = await photoWithDate(ctx, owner, album.id, '2025-01-01T00:30:00Z');
    expect(await facts(ctx, owner, album.id)).toEqual({
      photoCount: 3,
      firstPhotoDate: '2023-12-24T20:00:00.000Z',
      lastPhotoDate: '2025-01-01T00:30:00.000Z',
    });

    expect((await ctx.api(owner).deletePhoto(earliest.id)).statusCode).toBe(204);
    expect(await facts(ctx, owner, album.id)).toEqual({
      photoCount: 2,
      firstPhotoDate: '2024-05-05T05:05:05.000Z',
      lastPhotoDate: '2025-01-01T00:30:00.000Z',
    });

    expect((await ctx.api(owner).deletePhoto(latest.id)).statusCode).toBe(204);
    expect(await facts(ctx, owner, album.id)).toEqual({
      photoCount: 1,
      firstPhotoDate: '2024-05-05T05:05:05.000Z',
      lastPhotoDate: '2024-05-05T05:05:05.000Z',
    });
  });

  it('an album never gets empty: its last photo stays, and so do its count and dates', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const { album } = await createAlbumAs(ctx, owner);
    const [only] = (await ctx.api(owner).listPhotos(album.id)).json();
    expect((await ctx.api(owner).deletePhoto(only!.id)).statusCode).toBe(409);
    expect(await facts(ctx, owner, album.id)).toEqual(factsOf(album));
  });

  it("a leaving account's photos leave the count and the dates of others' albums", async () => {
    const owner = await asVerified(ctx, await signUp(ctx.app, { name: 'Ada' }));
    const friend = await asVerified(ctx, await signUp(ctx.app, { name: 'Bo' }));
    await ctx.api(friend).me();
    const cover = await storeImage(ctx, owner, { dateTaken: '2024-08-08T08:00:00Z' });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    const invited = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: friend.email, role: 'contributor' });
    expect(invited.statusCode).toBeLessThan(300);
    await photoWithDate(ctx, friend, album.id, '2022-02-02T02:00:00Z');
    await photoWithDate(ctx, friend, album.id, '2026-01-01T10:00:00Z');
    await photoWithDate(ctx, owner, album.id, '2024-09-09T09:00:00Z');
    expect(await facts(ctx, friend, album.id)).toEqual({
      photoCount: 4,
      firstPhotoDate: '2022-02-02T02:00:00.000Z',
      lastPhotoDate: '2026-01-01T10:00:00.000Z',
    });

    const res = await ctx.api(friend).deleteAccount({ confirmEmail: friend.email });
    expect(res.statusCode).toBe(204);

    expect(await facts(ctx, owner, album.id)).toEqual({
      photoCount: 2,
      firstPhotoDate: '2024-08-08T08:00:00.000Z',
      lastPhotoDate: '2024-09-09T09:00:00.000Z',
    });
  });

  it('a share link shows the same count and dates', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const { album } = await createAlbumAs(ctx, owner);
    await photoWithDate(ctx, owner, album.id, '2021-07-07T07:00:00Z');
    const link = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>();
    const shown = await ctx.api().sharedAlbum(link.token);
    expect(shown.statusCode).toBe(200);
    expect(factsOf(shown.json())).toEqual(await facts(ctx, owner, album.id));
    expect(shown.json().photoCount).toBe(2);
  });
});

describe("a photo's file size", () => {
  const ctx = useTestContext();

  it('is the byte length of the uploaded original, in every answer that carries the photo', async () => {
    const owner = await signUp(ctx.app, { name: 'Ada' });
    const { album } = await createAlbumAs(ctx, owner);
    const bytes = await makeJpeg({ width: 320, height: 240, dateTaken: '2024-03-12T09:30:00Z' });
    const image = await storeImage(ctx, owner, { bytes });
    const added = await addPhotoAs(ctx, owner, album.id, image);
    expect(added.fileSize).toBe(bytes.length);

    const got = await ctx.api(owner).getPhoto(added.id);
    expect(got.json<Photo>().fileSize).toBe(bytes.length);
    const listed = (await ctx.api(owner).listPhotos(album.id)).json();
    expect(listed.find((p) => p.id === added.id)?.fileSize).toBe(bytes.length);

    const link = (await ctx.api(owner).createLink(album.id)).json<{ token: string }>();
    const shared = (await ctx.api().sharedPhotos(link.token)).json<Photo[]>();
    expect(shared.find((p) => p.id === added.id)?.fileSize).toBe(bytes.length);
  });
});
