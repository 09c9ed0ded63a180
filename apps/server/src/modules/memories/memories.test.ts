import type { Memories, Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

/**
 * "On this day" (decisions 0106, 0108): the owner's photos taken within a day of today's date in
 * earlier years, one memory a year, in each photo's own time zone; never this year's, never an
 * archived, locked or trashed photo, never another's; a memory hidden is gone for its owner only.
 */
const ctx = useTestContext({ TRASH_DAYS: '30' });

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/** An album of real JPEGs whose EXIF says when (and at what offset) each was taken. */
async function albumOf(owner: TestUser, taken: { dateTaken: string; takenOffset?: string }[]) {
  const [first, ...rest] = await Promise.all(
    taken.map(async (when) => storeImage(ctx, owner, { bytes: await makeJpeg(when) })),
  );
  if (!first) throw new Error('an album needs a photo');
  const { album } = await createAlbumAs(ctx, owner, { name: 'Days', cover: first });
  for (const image of rest) await addPhotoAs(ctx, owner, album.id, image);
  const photos = (await ctx.api(owner).listPhotos(album.id, '?limit=100')).json<Photo[]>();
  const idOf = (prefix: string) =>
    photos.find((photo) => photo.dateTaken?.startsWith(prefix))?.id ?? `none ${prefix}`;
  return { album, photos, idOf };
}

async function memories(user: TestUser, day: string): Promise<Memories['memories']> {
  const res = await ctx.api(user).get<Memories>(`/api/memories?day=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().memories;
}

const hide = (user: TestUser, key: unknown) =>
  ctx.api(user).request({ method: 'POST', url: '/api/memories/hidden', payload: { key } });

describe('memories', () => {
  it('answers one memory per earlier year of photos taken within a day of the date, in their own time zone', async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const { idOf } = await albumOf(owner, [
      { dateTaken: '2023-03-14T10:00:00Z' },
      { dateTaken: '2023-03-15T09:00:00Z' },
      // The day before, in 2020.
      { dateTaken: '2020-03-13T10:00:00Z' },
      // Two days off: no memory.
      { dateTaken: '2021-03-16T10:00:00Z' },
      { dateTaken: '2021-03-12T10:00:00Z' },
      // 16 March 2022 at 00:30 in Tokyo (+09:00) is the 15th in UTC, but two days off there: none.
      { dateTaken: '2022-03-16T00:30:00', takenOffset: '+09:00' },
      // 15 March 2019 at 21:00 in New York (-05:00), the 16th in UTC: the day after there.
      { dateTaken: '2019-03-15T21:00:00', takenOffset: '-05:00' },
      // This year's, on the very day: never a memory.
      { dateTaken: '2026-03-14T10:00:00Z' },
    ]);

    const found = await memories(owner, '2026-03-14');
    expect(found.map((memory) => [memory.key, memory.year, memory.yearsAgo])).toEqual([
      ['2023-03-14', 2023, 3],
      ['2020-03-14', 2020, 6],
      ['2019-03-14', 2019, 7],
    ]);
    expect(found.map((memory) => memory.photos.map((photo) => photo.id))).toEqual([
      [idOf('2023-03-14'), idOf('2023-03-15')],
      [idOf('2020-03-13')],
      [idOf('2019-03-16')],
    ]);
    // The album is seen by everyone: nobody else has memories of the owner's photos.
    expect(await memories(other, '2026-03-14')).toEqual([]);
  });

  it('reaches across New Year, and leaves out locked, trashed and archived photos', async () => {
    const owner = await verifiedUser();
    const { idOf } = await albumOf(owner, [
      { dateTaken: '2024-12-31T12:00:00Z' },
      { dateTaken: '2023-01-01T12:00:00Z' },
      { dateTaken: '2022-01-02T12:00:00Z' },
      { dateTaken: '2021-01-01T12:00:00Z' },
    ]);
    expect((await memories(owner, '2026-01-01')).map((memory) => memory.key)).toEqual([
      '2025-01-01',
      '2023-01-01',
      '2022-01-01',
      '2021-01-01',
    ]);

    const locked = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/locked/photos',
      payload: { photoIds: [idOf('2023-01-01')] },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await ctx.api(owner).deletePhoto(idOf('2022-01-02'))).statusCode).toBe(204);
    const archived = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/archive',
      payload: { photoIds: [idOf('2021-01-01')] },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const left = await memories(owner, '2026-01-01');
    expect(left.map((memory) => memory.year)).toEqual([2025]);
    expect(left[0]?.photos.map((photo) => photo.id)).toEqual([idOf('2024-12-31')]);
  });

  it("hides a memory from its owner only, shows it again on undo, and refuses what is not a memory's key", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    await albumOf(owner, [
      { dateTaken: '2023-07-04T10:00:00Z' },
      { dateTaken: '2024-07-04T10:00:00Z' },
    ]);
    await albumOf(other, [{ dateTaken: '2023-07-04T11:00:00Z' }]);

    expect((await hide(owner, '2023-07-04')).statusCode).toBe(204);
    // Idempotent.
    expect((await hide(owner, '2023-07-04')).statusCode).toBe(204);
    expect((await memories(owner, '2026-07-04')).map((memory) => memory.key)).toEqual([
      '2024-07-04',
    ]);
    // The other person's memory of the same day is theirs, still shown.
    expect((await memories(other, '2026-07-04')).map((memory) => memory.key)).toEqual([
      '2023-07-04',
    ]);

    const undo = await ctx.api(owner).request({
      method: 'DELETE',
      url: '/api/memories/hidden/2023-07-04',
    });
    expect(undo.statusCode, undo.body).toBe(204);
    expect((await memories(owner, '2026-07-04')).map((memory) => memory.key)).toEqual([
      '2024-07-04',
      '2023-07-04',
    ]);

    for (const key of ['2023-02-30', '2023-7-4', 'yesterday', '', 20230704, null]) {
      expect((await hide(owner, key)).statusCode, String(key)).toBe(400);
    }
    expect(
      (await ctx.api(owner).request({ method: 'POST', url: '/api/memories/hidden' })).statusCode,
    ).toBe(400);
    const badUndo = await ctx.api(owner).request({
      method: 'DELETE',
      url: '/api/memories/hidden/not-a-day',
    });
    expect(badUndo.statusCode).toBe(400);
    expect((await ctx.api(owner).get('/api/memories?day=2026-02-30')).statusCode).toBe(400);
    expect((await ctx.api(owner).get('/api/memories')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const anonymous = [
      { method: 'GET' as const, url: '/api/memories?day=2026-07-04' },
      { method: 'POST' as const, url: '/api/memories/hidden', payload: { key: '2023-07-04' } },
      { method: 'DELETE' as const, url: '/api/memories/hidden/2023-07-04' },
    ];
    for (const request of anonymous) {
      expect((await ctx.app.inject(request)).statusCode, request.url).toBe(401);
    }
  });
});
