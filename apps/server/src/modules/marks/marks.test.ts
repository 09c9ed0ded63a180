import type {
  Album,
  BulkResult,
  Photo,
  SearchResult,
  TimelineMonths,
  TimelinePage,
  TimelinePhoto,
} from '@photo/contract';
import { BULK_IDS_MAX } from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';

/**
 * Favourites and Archive through the HTTP API: one's own marks, keyed on the stored file, that
 * nobody else learns of; archived photos gone from one's own Photos, search and covers, but not
 * from their albums (decision 0082).
 */

const ctx = useTestContext();

type Uploaded = { id: string; url: string };

async function upload(owner: TestUser, date: string, filename: string): Promise<Uploaded> {
  const bytes = await makeJpeg({ dateTaken: `${date}T12:00:00Z` });
  const res = await ctx.api(owner).upload(bytes, { filename });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const asCover = (file: Uploaded) => ({ ...file, width: 64, height: 48, placeholder: null });

const post = (user: TestUser, url: string, photoIds: unknown) =>
  ctx.api(user).request<BulkResult>({ method: 'POST', url, payload: { photoIds } });

async function get<T>(user: TestUser, url: string): Promise<T> {
  const res = await ctx.api(user).get<T>(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const tiles = async (user: TestUser, query = '') =>
  (await get<TimelinePage>(user, `/api/timeline?limit=500${query}`)).photos;
const ids = (photos: { id: string }[]) => photos.map((photo) => photo.id);
const months = (user: TestUser, query = '') =>
  get<TimelineMonths>(user, `/api/timeline/months${query}`);
const albumPhotos = (user: TestUser, albumId: string) =>
  get<Photo[]>(user, `/api/albumsDb/${albumId}/photos?limit=100`);

/** The months the tiles fall in, with how many: what the month index must say. */
function monthsOf(photos: TimelinePhoto[]) {
  const counts = new Map<string, number>();
  for (const photo of photos) {
    const month = photo.date.slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return { months: [...counts].map(([month, count]) => ({ month, count })), total: photos.length };
}

let owner: TestUser;
let other: TestUser;
/** The owner's album seen by everyone: January, February (the cover is January's), March. */
let shared: { album: Album; photos: Photo[] };
/** The owner's private album, showing February's file again (a second photo of one file). */
let twin: Photo;
let othersPhoto: Photo;

beforeAll(async () => {
  [owner, other] = [await signUp(ctx.app), await signUp(ctx.app)];
  const [january, february, march] = [
    await upload(owner, '2024-01-15', 'january-lake.jpg'),
    await upload(owner, '2024-02-15', 'february-lake.jpg'),
    await upload(owner, '2024-03-15', 'march-lake.jpg'),
  ];
  const { album } = await createAlbumAs(ctx, owner, { name: 'Lakes', cover: asCover(january) });
  await addPhotoAs(ctx, owner, album.id, asCover(february));
  await addPhotoAs(ctx, owner, album.id, asCover(march));
  expect(
    (await ctx.api(owner).setVisibility(album.id, { visibility: 'everyone' })).statusCode,
  ).toBe(200);
  shared = { album, photos: await albumPhotos(owner, album.id) };
  const { album: mine } = await createAlbumAs(ctx, owner, {
    name: 'Mine',
    cover: asCover(await upload(owner, '2023-05-01', 'mine.jpg')),
  });
  twin = (await ctx.api(owner).addPhoto(mine.id, { fileId: february.id })).json<Photo>();
  expect((await ctx.api(owner).setVisibility(mine.id, { visibility: 'owner' })).statusCode).toBe(
    200,
  );
  const { album: theirs } = await createAlbumAs(ctx, other, {
    name: 'Theirs',
    cover: asCover(await upload(other, '2022-07-01', 'theirs.jpg')),
  });
  expect(
    (await ctx.api(other).setVisibility(theirs.id, { visibility: 'everyone' })).statusCode,
  ).toBe(200);
  othersPhoto = (await albumPhotos(other, theirs.id))[0]!;
}, 60_000);

const photoOn = (date: string) => shared.photos.find((photo) => photo.dateTaken?.startsWith(date))!;

describe('favourites', () => {
  it('marks the stored file: every photo of it shows the heart, to the person alone', async () => {
    const february = photoOn('2024-02');
    expect((await post(owner, '/api/favourites', [february.id])).json()).toEqual({ count: 1 });
    // Again, or through the other photo of the same file: nothing new.
    expect((await post(owner, '/api/favourites', [twin.id, february.id])).json()).toEqual({
      count: 0,
    });
    expect((await get<Photo>(owner, `/api/photos/${twin.id}`)).favourite).toBe(true);
    const inAlbum = await albumPhotos(owner, shared.album.id);
    expect(inAlbum.filter((photo) => photo.favourite).map((photo) => photo.id)).toEqual([
      february.id,
    ]);
    const hearts = (await tiles(owner)).filter((tile) => tile.favourite);
    expect(hearts).toHaveLength(1);
    expect(hearts[0]!.date.startsWith('2024-02')).toBe(true);

    // Someone else who sees the photo learns nothing of it.
    expect((await get<Photo>(other, `/api/photos/${february.id}`)).favourite).toBe(false);
    expect((await albumPhotos(other, shared.album.id)).some((photo) => photo.favourite)).toBe(
      false,
    );
    expect((await tiles(other)).some((tile) => tile.favourite)).toBe(false);
    expect(await tiles(other, '&favourites=true')).toEqual([]);
    expect(await months(other, '?favourites=true')).toEqual({ months: [], total: 0 });
  });

  it('filters Photos, its months and search to the favourites', async () => {
    const march = photoOn('2024-03');
    await post(owner, '/api/favourites', [march.id, othersPhoto.id]);
    const favourites = await tiles(owner, '&favourites=true');
    expect(favourites.map((tile) => tile.date.slice(0, 7))).toEqual([
      '2024-03',
      '2024-02',
      '2022-07',
    ]);
    expect(favourites.every((tile) => tile.favourite)).toBe(true);
    expect(await months(owner, '?favourites=true')).toEqual(monthsOf(favourites));
    const found = await get<SearchResult>(owner, '/api/search?q=lake&favourites=true');
    expect(ids(found.photos)).toEqual([march.id, ids(favourites)[1]]);
    const onlyFavourites = await get<SearchResult>(owner, '/api/search?favourites=true');
    expect(ids(onlyFavourites.photos)).toEqual(ids(favourites));
  });

  it('takes favourites back, and keeps those one may no longer see out of the list', async () => {
    expect((await post(owner, '/api/favourites/remove', [photoOn('2024-03').id])).json()).toEqual({
      count: 1,
    });
    expect((await tiles(owner, '&favourites=true')).map((tile) => tile.date.slice(0, 7))).toEqual([
      '2024-02',
      '2022-07',
    ]);
    // The other person's album is hidden again: their photo leaves the owner's favourites.
    const theirs = othersPhoto.albumId;
    expect((await ctx.api(other).setVisibility(theirs, { visibility: 'owner' })).statusCode).toBe(
      200,
    );
    const left = await tiles(owner, '&favourites=true');
    expect(left.map((tile) => tile.date.slice(0, 7))).toEqual(['2024-02']);
    expect(await months(owner, '?favourites=true')).toEqual(monthsOf(left));
    expect(
      (await ctx.api(other).setVisibility(theirs, { visibility: 'everyone' })).statusCode,
    ).toBe(200);
  });
});

describe('archive', () => {
  it("hides one's own photos from one's Photos, months, search and covers, not from albums", async () => {
    const january = photoOn('2024-01');
    const before = await tiles(owner);
    expect((await post(owner, '/api/archive', [january.id])).json()).toEqual({ count: 1 });

    const after = await tiles(owner);
    expect(ids(after)).toEqual(ids(before).filter((id) => id !== january.id));
    expect(await months(owner)).toEqual(monthsOf(after));
    const found = await get<SearchResult>(owner, '/api/search?q=lake');
    expect(ids(found.photos)).not.toContain(january.id);
    expect(ids(found.photos)).toHaveLength(2);
    // Still in its album, marked archived for its owner.
    const inAlbum = await albumPhotos(owner, shared.album.id);
    expect(inAlbum.find((photo) => photo.id === january.id)?.archived).toBe(true);
    // January's file is the album's cover: the owner's cards show none, the other person's do.
    const ownCards = await get<Album[]>(owner, '/api/albumsDb');
    const ownCard = ownCards.find((album) => album.id === shared.album.id)!;
    expect(ownCard).toMatchObject({ coverPhotoUrl: '', coverPlaceholder: null });
    const othersCards = await get<Album[]>(other, '/api/albumsDb');
    expect(othersCards.find((album) => album.id === shared.album.id)?.coverPhotoUrl).toBe(
      shared.album.coverPhotoUrl,
    );

    // Another person's view is theirs: the photo stays in their Photos, and nothing says archived.
    expect(ids(await tiles(other))).toContain(january.id);
    expect((await get<Photo>(other, `/api/photos/${january.id}`)).archived).toBe(false);
    expect(await months(other)).toEqual(monthsOf(await tiles(other)));

    const archive = await get<TimelinePage>(owner, '/api/archive');
    expect(ids(archive.photos)).toEqual([january.id]);
    expect((await get<TimelinePage>(other, '/api/archive')).photos).toEqual([]);
  });

  it('unarchives: the photo is back in Photos and its month', async () => {
    const january = photoOn('2024-01');
    expect((await post(owner, '/api/archive/restore', [january.id])).json()).toEqual({
      count: 1,
    });
    const all = await tiles(owner);
    expect(ids(all)).toContain(january.id);
    expect(await months(owner)).toEqual(monthsOf(all));
    expect((await get<TimelinePage>(owner, '/api/archive')).photos).toEqual([]);
    const cards = await get<Album[]>(owner, '/api/albumsDb');
    expect(cards.find((album) => album.id === shared.album.id)?.coverPhotoUrl).not.toBe('');
  });

  it('archives a file shown twice once, and its months agree', async () => {
    expect((await post(owner, '/api/archive', [twin.id])).json()).toEqual({ count: 1 });
    const all = await tiles(owner);
    expect(all.some((tile) => tile.date.startsWith('2024-02'))).toBe(false);
    expect(await months(owner)).toEqual(monthsOf(all));
    // The archived favourite leaves the favourites filter with Photos.
    const favourites = await tiles(owner, '&favourites=true');
    expect(ids(favourites)).toEqual([othersPhoto.id]);
    expect(await months(owner, '?favourites=true')).toEqual(monthsOf(favourites));
    expect((await get<TimelinePage>(owner, '/api/archive')).photos).toHaveLength(1);
    await post(owner, '/api/archive/restore', [photoOn('2024-02').id]);
    expect(await months(owner)).toEqual(monthsOf(await tiles(owner)));
  });
});

describe('bad input', () => {
  it('answers 400 for a bad list or filter, 404 for a photo one may not see, 403 for another’s', async () => {
    for (const url of [
      '/api/favourites',
      '/api/favourites/remove',
      '/api/archive',
      '/api/archive/restore',
    ]) {
      expect((await post(owner, url, [])).statusCode).toBe(400);
      expect((await post(owner, url, 'x')).statusCode).toBe(400);
      const tooMany = Array.from({ length: BULK_IDS_MAX + 1 }, (_, i) => `p${i}`);
      expect((await post(owner, url, tooMany)).statusCode).toBe(400);
      const missing = await post(owner, url, [shared.photos[0]!.id, 'no-such-photo']);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: 'PHOTO_NOT_FOUND', field: 'body.photoIds.1' });
    }
    // A photo of an album the caller may not see answers as a missing one.
    const hidden = await post(other, '/api/favourites', [twin.id]);
    expect(hidden.statusCode).toBe(404);
    // Only one's own uploads are archived; nothing of the list is.
    const notOwn = await post(other, '/api/archive', [othersPhoto.id, shared.photos[0]!.id]);
    expect(notOwn.statusCode).toBe(403);
    expect(errorOf(notOwn)).toMatchObject({ code: 'NOT_OWNER', field: 'body.photoIds.1' });
    expect((await get<TimelinePage>(other, '/api/archive')).photos).toEqual([]);

    for (const url of [
      '/api/timeline?favourites=yes',
      '/api/timeline/months?favourites=1',
      '/api/search?favourites=maybe',
      '/api/archive?limit=0',
      '/api/archive?limit=100000',
    ]) {
      expect((await ctx.api(owner).get(url)).statusCode, url).toBe(400);
    }
    expect((await ctx.api(null).get('/api/archive')).statusCode).toBeGreaterThanOrEqual(400);
  });
});
