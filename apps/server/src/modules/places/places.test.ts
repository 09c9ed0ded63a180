import type { MapClusters, Photo, SearchResult, TimelinePage } from '@photo/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

/** The job queue's name for naming places (files/place-names.ts, NAME_PLACES). */
const NAME_PLACES = 'name-places';

/** Runs the naming job as a worker does when it starts: the backfill of files not named yet. */
async function runNamingJob() {
  await ctx.deps.jobQueue.send(NAME_PLACES, {});
  await ctx.deps.jobQueue.settled(NAME_PLACES);
}

/**
 * Places (decision 0105): the owner's located photos on a map, their place names, found by search;
 * never a locked or trashed photo, and nobody else's.
 */
const ctx = useTestContext({ TRASH_DAYS: '30' });

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

/** EXIF's degrees, minutes and seconds (hundredths) of an angle. */
function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const TOKYO = { latitude: 35.6762, longitude: 139.6503 };

interface Taken {
  latitude: number;
  longitude: number;
  dateTaken?: string;
  takenOffset?: string;
  cameraMake?: string;
  cameraModel?: string;
}

/** A real JPEG whose EXIF says where (GPS) and, when told, when and with what it was taken. */
async function locatedJpeg(taken: Taken): Promise<Buffer> {
  const base = await makeJpeg({
    dateTaken: taken.dateTaken ?? null,
    ...(taken.takenOffset ? { takenOffset: taken.takenOffset } : {}),
    cameraMake: taken.cameraMake ?? null,
    cameraModel: taken.cameraModel ?? null,
  });
  return sharp(base)
    .withExifMerge({
      IFD3: {
        GPSLatitudeRef: taken.latitude < 0 ? 'S' : 'N',
        GPSLatitude: dms(taken.latitude),
        GPSLongitudeRef: taken.longitude < 0 ? 'W' : 'E',
        GPSLongitude: dms(taken.longitude),
      },
    })
    .jpeg()
    .toBuffer();
}

/** An album of the owner's (seen by everyone, as by default) holding these located photos. */
async function albumOf(owner: TestUser, places: Taken[]) {
  const [first, ...rest] = await Promise.all(
    places.map(async (taken) => storeImage(ctx, owner, { bytes: await locatedJpeg(taken) })),
  );
  if (!first) throw new Error('an album needs a photo');
  const { album } = await createAlbumAs(ctx, owner, { name: 'Trip', cover: first });
  for (const image of rest) await addPhotoAs(ctx, owner, album.id, image);
  await ctx.deps.jobQueue.settled(NAME_PLACES);
  const photos = (await ctx.api(owner).listPhotos(album.id, '?limit=100')).json<Photo[]>();
  return { album, photos };
}

const WORLD = 'west=-180&south=-85&east=180&north=85';

async function clusters(user: TestUser, query: string): Promise<MapClusters> {
  const res = await ctx.api(user).get<MapClusters>(`/api/map/clusters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function search(user: TestUser, q: string): Promise<string[]> {
  const res = await ctx.api(user).get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photos.map((photo) => photo.id);
}

/** Spots a few hundred metres apart around a place. */
const around = (place: { latitude: number; longitude: number }, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    latitude: place.latitude + index * 0.004,
    longitude: place.longitude + index * 0.004,
  }));

describe('the map', () => {
  it("clusters the owner's located photos, splits them as one zooms in, and lists a cluster's photos", async () => {
    const owner = await verifiedUser();
    const { photos } = await albumOf(owner, [...around(LISBON, 3), ...around(TOKYO, 2)]);

    const world = await clusters(owner, `${WORLD}&zoom=1`);
    expect(world.total).toBe(5);
    expect(world.clusters.map((cluster) => cluster.count).sort()).toEqual([2, 3]);
    const lisbon = world.clusters.find((cluster) => cluster.count === 3);
    expect(lisbon?.latitude).toBeCloseTo(LISBON.latitude + 0.004, 1);
    expect(lisbon?.expandsAt).toBeGreaterThan(1);
    expect(photos.map((photo) => photo.id)).toContain(lisbon?.cover.id);

    // Zoomed into Lisbon, each photo is its own point.
    const box = 'west=-9.2&south=38.7&east=-9.1&north=38.75';
    const street = await clusters(owner, `${box}&zoom=17`);
    expect(street.total).toBe(3);
    expect(street.clusters.map((cluster) => cluster.count)).toEqual([1, 1, 1]);
    expect(street.clusters.every((cluster) => cluster.expandsAt === null)).toBe(true);

    // The cluster's photos, by its box, a page at a time.
    const { west, south, east, north } = lisbon?.box ?? { west: 0, south: 0, east: 0, north: 0 };
    const query = `west=${west}&south=${south}&east=${east}&north=${north}`;
    const first = await ctx.api(owner).get<TimelinePage>(`/api/map/photos?${query}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().photos).toHaveLength(2);
    const cursor = first.json().nextCursor ?? '';
    const rest = await ctx
      .api(owner)
      .get<TimelinePage>(`/api/map/photos?${query}&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(rest.json().photos).toHaveLength(1);
    expect(rest.json().nextCursor).toBeNull();
  });

  it("shows nobody else the owner's places: not on their map, not by place in search", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const { photos } = await albumOf(owner, around(LISBON, 2));
    // The album is seen by everyone: the other sees the photos in their Photos, not where.
    const timeline = (await ctx.api(other).get<TimelinePage>('/api/timeline')).json();
    expect(timeline.photos.map((photo) => photo.id)).toEqual(
      expect.arrayContaining(photos.map((photo) => photo.id)),
    );
    expect(await clusters(other, `${WORLD}&zoom=3`)).toEqual({ clusters: [], total: 0 });
    expect(await search(other, 'Lisbon')).toEqual([]);
    expect(await search(owner, 'Lisbon')).toHaveLength(2);
  });

  it('leaves locked and trashed photos off the map, out of every count and out of search', async () => {
    const owner = await verifiedUser();
    const { photos } = await albumOf(owner, around(LISBON, 4));
    const [kept, locked, trashed, archived] = photos;
    const lock = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/locked/photos',
      payload: { photoIds: [locked?.id] },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await ctx.api(owner).deletePhoto(trashed?.id ?? '')).statusCode).toBe(204);
    const archive = await ctx.api(owner).request({
      method: 'POST',
      url: '/api/archive',
      payload: { photoIds: [archived?.id] },
    });
    expect(archive.statusCode, archive.body).toBe(200);

    const map = await clusters(owner, `${WORLD}&zoom=1`);
    expect(map.total).toBe(1);
    expect(map.clusters).toHaveLength(1);
    expect(map.clusters[0]?.cover.id).toBe(kept?.id);
    // Archived photos come back with the toggle, as on Immich's map; locked and trashed never.
    expect((await clusters(owner, `${WORLD}&zoom=1&archived=true`)).total).toBe(2);
    const box = 'west=-10&south=38&east=-9&north=39';
    const listed = (
      await ctx.api(owner).get<TimelinePage>(`/api/map/photos?${box}&archived=true`)
    ).json();
    expect(listed.photos.map((photo) => photo.id).sort()).toEqual([kept?.id, archived?.id].sort());
    expect(await search(owner, 'Lisbon')).toEqual([kept?.id]);
    expect(await search(owner, 'Portugal')).toEqual([kept?.id]);
  });

  it('refuses a bad box or zoom with 400, naming the field', async () => {
    const owner = await verifiedUser();
    const cases: [string, string][] = [
      [`${WORLD}&zoom=21`, 'zoom'],
      [`${WORLD}&zoom=-1`, 'zoom'],
      [`${WORLD}&zoom=two`, 'zoom'],
      ['west=10&south=0&east=5&north=10&zoom=3', 'west'],
      ['west=0&south=10&east=5&north=0&zoom=3', 'south'],
      ['west=0&south=-91&east=5&north=0&zoom=3', 'south'],
      ['west=0&south=0&east=181&north=10&zoom=3', 'east'],
      ['south=0&east=5&north=10&zoom=3', 'west'],
    ];
    for (const [query, field] of cases) {
      const res = await ctx.api(owner).get(`/api/map/clusters?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).field ?? '', query).toContain(field);
    }
    const photos = await ctx.api(owner).get('/api/map/photos?west=0&south=0&east=-5&north=1');
    expect(photos.statusCode).toBe(400);
    expect((await ctx.api().get(`/api/map/clusters?${WORLD}&zoom=1`)).statusCode).toBe(401);
  });
});

describe('place names', () => {
  it("names a located photo's place for its owner, and for an album's people only when its owner shows places", async () => {
    const owner = await verifiedUser();
    const member = await verifiedUser();
    const { album, photos } = await albumOf(owner, [TOKYO]);
    const own = (await ctx.api(owner).getPhoto(photos[0]?.id ?? '')).json<Photo>();
    expect(own.location).toMatchObject({ city: 'Tokyo', country: 'JP' });

    await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' });
    const invited = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: member.email, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const theirs = async () => (await ctx.api(member).getPhoto(photos[0]?.id ?? '')).json<Photo>();
    expect(await theirs()).not.toHaveProperty('location');
    const shown = await ctx.api(owner).updateAlbum({ id: album.id, showPlaces: true });
    expect(shown.statusCode, shown.body).toBeLessThan(300);
    expect((await theirs()).location).toMatchObject({ city: 'Tokyo', country: 'JP' });
    // Their map stays their own.
    expect((await clusters(member, `${WORLD}&zoom=1`)).total).toBe(0);
  });

  it('names the places of files stored before names were kept, in the background job', async () => {
    const owner = await verifiedUser();
    const { photos } = await albumOf(owner, [LISBON]);
    const fileId = photos[0]?.fileId ?? '';
    // As a file stored before this naming: no name, version 0.
    await ctx.deps.db
      .updateTable('files')
      .set({ place_city: null, place_country: null, place_version: 0 })
      .where('id', '=', fileId)
      .execute();
    expect(
      (await ctx.api(owner).getPhoto(photos[0]?.id ?? '')).json<Photo>().location,
    ).not.toHaveProperty('city');
    expect(await search(owner, 'Lisbon')).toEqual([]);

    await runNamingJob();
    expect(
      (await ctx.api(owner).getPhoto(photos[0]?.id ?? '')).json<Photo>().location,
    ).toMatchObject({
      city: 'Lisbon',
      country: 'PT',
    });
    expect(await search(owner, 'lisbon')).toEqual([photos[0]?.id]);
    // Named once: the next job leaves it as it is.
    await runNamingJob();
    const [row] = await ctx.deps.db
      .selectFrom('files')
      .select(['place_city', 'place_country', 'place_version'])
      .where('id', '=', fileId)
      .execute();
    expect(row).toEqual({ place_city: 'Lisbon', place_country: 'PT', place_version: 1 });
  });
});

describe('search in one box', () => {
  it('finds photos by camera, by date in four languages, and by place', async () => {
    const owner = await verifiedUser();
    const { photos } = await albumOf(owner, [
      { ...LISBON, dateTaken: '2023-03-14T10:00:00Z', cameraMake: 'Sony', cameraModel: 'ILCE-7M3' },
      { ...TOKYO, dateTaken: '2021-08-02T10:00:00Z', cameraMake: 'Canon', cameraModel: 'EOS R5' },
    ]);
    const byDate = new Map(photos.map((photo) => [photo.dateTaken?.slice(0, 4), photo.id]));
    const march = byDate.get('2023');
    const august = byDate.get('2021');
    expect(await search(owner, 'sony')).toEqual([march]);
    expect(await search(owner, 'EOS R5')).toEqual([august]);
    expect(await search(owner, '2023')).toEqual([march]);
    expect(await search(owner, 'March 2023')).toEqual([march]);
    expect(await search(owner, 'märz 2023')).toEqual([march]);
    expect(await search(owner, 'mars 2023')).toEqual([march]);
    expect(await search(owner, 'agosto 2021')).toEqual([august]);
    expect(await search(owner, 'April 2023')).toEqual([]);
    expect(await search(owner, '2023-03-14')).toEqual([march]);
    expect(await search(owner, '2023-03-15')).toEqual([]);
    expect(await search(owner, 'Tokyo')).toEqual([august]);
    expect(await search(owner, 'Japon')).toEqual([august]);
    expect(await search(owner, 'Lisbon 2023')).toEqual([march]);
    expect(await search(owner, 'Lisbon 2021')).toEqual([]);
  });
});
