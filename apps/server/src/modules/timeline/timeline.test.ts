import type {
  Album,
  Photo,
  SearchResult,
  TimelineMonths,
  TimelinePage,
  TimelinePhoto,
} from '@photo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { asVerified } from '../../test/verified-token.js';

/**
 * The timeline of every photo one may see, its month index, and search: who sees what (the same
 * rule as the album list), order and pages, and bad input.
 */

const ctx = useTestContext();

async function verifiedUser() {
  const user = await asVerified(ctx, await signUp(ctx.app));
  expect((await ctx.api(user).me()).statusCode).toBe(200);
  return user;
}

interface Uploaded {
  id: string;
  url: string;
}

/** Uploads a JPEG taken on `date`, under `filename`, with a camera when given. */
async function upload(
  owner: TestUser,
  date: string,
  filename: string,
  camera: { make?: string; model?: string } = {},
): Promise<Uploaded> {
  const bytes = await makeJpeg({
    dateTaken: `${date}T12:00:00Z`,
    cameraMake: camera.make ?? null,
    cameraModel: camera.model ?? null,
  });
  const res = await ctx.api(owner).upload(bytes, { filename });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function albumWith(
  owner: TestUser,
  name: string,
  files: Uploaded[],
): Promise<{ album: Album; photos: Photo[] }> {
  const [cover, ...rest] = files;
  const { album } = await createAlbumAs(ctx, owner, {
    name,
    cover: { ...cover!, width: 64, height: 48, placeholder: null },
  });
  for (const file of rest) {
    await addPhotoAs(ctx, owner, album.id, { ...file, width: 64, height: 48, placeholder: null });
  }
  const photos = (await ctx.api(owner).listPhotos(album.id, '?limit=100')).json<Photo[]>();
  return { album, photos };
}

const get = <T>(user: TestUser, url: string) => ctx.api(user).get<T>(url);

/** Every page of the timeline (or a search), following nextCursor. */
async function walk(user: TestUser, base: string, limit: number): Promise<TimelinePhoto[]> {
  const photos: TimelinePhoto[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const sep = base.includes('?') ? '&' : '?';
    const url: string = `${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await get<TimelinePage>(user, url);
    expect(res.statusCode, res.body).toBe(200);
    const page: TimelinePage = res.json();
    expect(page.photos.length).toBeLessThanOrEqual(limit);
    photos.push(...page.photos);
    cursor = page.nextCursor;
    if (!cursor) return photos;
  }
  throw new Error('the pages never end');
}

const timelineIds = async (user: TestUser) =>
  (await walk(user, '/api/timeline', 500)).map((photo) => photo.id);

async function months(user: TestUser): Promise<TimelineMonths> {
  const res = await get<TimelineMonths>(user, '/api/timeline/months');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function searchOf(user: TestUser, query: string): Promise<SearchResult> {
  const res = await get<SearchResult>(user, `/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let owner: TestUser;
let member: TestUser;
let removed: TestUser;
let stranger: TestUser;
/** Alice's albums: seen by everyone, by members (invited), only by her. */
let everyone: { album: Album; photos: Photo[] };
let invited: { album: Album; photos: Photo[] };
let onlyMe: { album: Album; photos: Photo[] };
let strangers: { album: Album; photos: Photo[] };
/** The photo showing, in the invited album, a file already in the album seen by everyone. */
let twin: Photo;

beforeAll(async () => {
  [owner, member, removed, stranger] = [
    await verifiedUser(),
    await verifiedUser(),
    await verifiedUser(),
    await verifiedUser(),
  ];
  const beach = await upload(owner, '2024-02-20', 'Beach-Day.JPG', {
    make: 'Canon',
    model: 'EOS 5D',
  });
  everyone = await albumWith(owner, 'Summer by the sea', [
    await upload(owner, '2024-01-15', 'C:\\Users\\alice\\IMG_0001.jpg'),
    await upload(owner, '2024-02-10', 'dinner.png', { make: 'NIKON', model: 'Z6' }),
    beach,
  ]);
  invited = await albumWith(owner, 'Family trip', [
    await upload(owner, '2023-12-05', 'snow\u0007\u0000 .jpg', { make: 'Canon', model: 'G7' }),
    await upload(owner, '2024-02-11', 'hotel.jpg'),
  ]);
  onlyMe = await albumWith(owner, 'Private sea notes', [
    await upload(owner, '2024-03-01', 'secret-beach.jpg'),
  ]);
  strangers = await albumWith(stranger, 'Strangers sea album', [
    await upload(stranger, '2022-06-01', 'bob-beach.jpg'),
  ]);
  // The same file in a second album: one tile in the timeline.
  const added = await ctx.api(owner).addPhoto(invited.album.id, { fileId: beach.id });
  expect(added.statusCode).toBe(201);
  twin = added.json<Photo>();
  invited.photos = (await ctx.api(owner).listPhotos(invited.album.id, '?limit=100')).json<
    Photo[]
  >();
  for (const [album, visibility] of [
    [everyone.album, 'everyone'],
    [invited.album, 'invited'],
    [onlyMe.album, 'owner'],
    [strangers.album, 'owner'],
  ] as const) {
    const who = album.id === strangers.album.id ? stranger : owner;
    expect((await ctx.api(who).setVisibility(album.id, { visibility })).statusCode).toBe(200);
  }
  for (const user of [member, removed]) {
    const res = await ctx
      .api(owner)
      .invite(invited.album.id, { emailAddress: user.email, role: 'viewer' });
    expect(res.statusCode).toBe(201);
  }
}, 120_000);

/**
 * The timeline of these photos: a file shown by several, once (by the photo with the smallest
 * id), newest first by date, then id.
 */
const newestFirst = (photos: Photo[]) =>
  photos
    .filter((photo) =>
      photos.every((other) => other.fileId !== photo.fileId || other.id >= photo.id),
    )
    .sort((a, b) =>
      (b.dateTaken ?? '') === (a.dateTaken ?? '')
        ? b.id.localeCompare(a.id)
        : (b.dateTaken ?? '').localeCompare(a.dateTaken ?? ''),
    )
    .map((photo) => photo.id);

describe('the timeline: who sees which photos', () => {
  it('shows the owner every photo of their albums, newest first, a file in two albums once', async () => {
    const all = [...everyone.photos, ...invited.photos, ...onlyMe.photos];
    // The beach file is in both albums: its photo with the smaller id stands for both.
    const beachPhotos = all.filter((photo) => photo.fileId === twin.fileId);
    expect(beachPhotos).toHaveLength(2);
    const shown = beachPhotos[0]!.id < beachPhotos[1]!.id ? beachPhotos[0]! : beachPhotos[1]!;
    const seen = await walk(owner, '/api/timeline', 500);
    expect(seen.map((photo) => photo.id)).toEqual(newestFirst(all));
    expect(seen.map((photo) => photo.id)).toContain(shown.id);
    expect(seen).toHaveLength(all.length - 1);
    expect(seen.map((photo) => photo.date.slice(0, 10))).toEqual([
      '2024-03-01',
      '2024-02-20',
      '2024-02-11',
      '2024-02-10',
      '2024-01-15',
      '2023-12-05',
    ]);
    expect(seen.every((photo) => photo.createdById === owner.uid)).toBe(true);
  });

  it("dates a photo by its camera's clock, in the time zone the file gives, in every list", async () => {
    const owner = await signUp(ctx.app);
    // 00:30 on New Year's Day in UTC+2: 22:30 UTC on 31 December.
    const bytes = await makeJpeg({ dateTaken: '2026-01-01T00:30:00Z', takenOffset: '+02:00' });
    const res = await ctx.api(owner).upload(bytes, { filename: 'new-year.jpg' });
    expect(res.statusCode).toBe(201);
    const { album, photos } = await albumWith(owner, 'New Year', [res.json<Uploaded>()]);
    // Only its owner sees it: the other tests' people see what they saw.
    await ctx.api(owner).setVisibility(album.id, { visibility: 'owner' });
    // The photo's own answer keeps the moment, with the offset in its details.
    const own = (await ctx.api(owner).getPhoto(photos[0]!.id)).json<Photo>();
    expect(own.dateTaken).toBe('2025-12-31T22:30:00.000Z');
    // Lists date it as the camera's clock read it: January 2026, on the 1st.
    const monthsSeen = (await months(owner)).months;
    expect(monthsSeen).toContainEqual({ month: '2026-01', count: 1 });
    expect(monthsSeen.map((entry) => entry.month)).not.toContain('2025-12');
    const tile = (await walk(owner, '/api/timeline', 500)).find((p) => p.id === photos[0]!.id);
    expect(tile!.date).toBe('2026-01-01T00:30:00.000Z');
    const card = (await ctx.api(owner).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(card).toMatchObject({
      firstPhotoDate: '2026-01-01T00:30:00.000Z',
      lastPhotoDate: '2026-01-01T00:30:00.000Z',
    });
  });

  it('shows a stranger only the photos of albums seen by everyone, and their own', async () => {
    expect(await timelineIds(stranger)).toEqual(
      newestFirst([...everyone.photos, ...strangers.photos]),
    );
    expect(await months(stranger)).toEqual({
      months: [
        { month: '2024-02', count: 2 },
        { month: '2024-01', count: 1 },
        { month: '2022-06', count: 1 },
      ],
      total: 4,
    });
  });

  it('shows a member the albums they are a member of, never one only its owner sees', async () => {
    const seen = await timelineIds(member);
    expect(seen).toEqual(newestFirst([...everyone.photos, ...invited.photos]));
    expect(seen).not.toContain(onlyMe.photos[0]!.id);
    expect((await months(member)).total).toBe(5);
  });

  it('gives tiles their thumbnail address, signed only for albums not seen by everyone', async () => {
    const seen = await walk(member, '/api/timeline', 500);
    for (const photo of seen) {
      expect(photo.photoUrl).toContain('size=thumb');
      const signed = /[?&]sig=/.test(photo.photoUrl);
      expect(signed).toBe(photo.albumId === invited.album.id);
      expect(typeof photo.ready).toBe('boolean');
      expect(photo.width).toBe(64);
    }
    const tile = seen.find((photo) => photo.albumId === invited.album.id)!;
    expect((await ctx.api().get(tile.photoUrl)).statusCode).toBe(200);
  });

  it('stops showing an album to a member at once when they are removed', async () => {
    expect(await timelineIds(removed)).toContain(invited.photos[0]!.id);
    expect((await searchOf(removed, 'q=snow')).photos).toHaveLength(1);
    expect((await ctx.api(owner).removeMember(invited.album.id, removed.uid)).statusCode).toBe(204);
    expect(await timelineIds(removed)).toEqual(newestFirst(everyone.photos));
    expect((await months(removed)).total).toBe(everyone.photos.length);
    expect((await searchOf(removed, 'q=snow')).photos).toEqual([]);
  });

  it('hides an album set to "Only me" from its members, not from its owner', async () => {
    const extra = await albumWith(owner, 'Soon private', [
      await upload(owner, '2021-05-05', 'a.jpg'),
    ]);
    expect(
      (await ctx.api(owner).invite(extra.album.id, { emailAddress: member.email, role: 'viewer' }))
        .statusCode,
    ).toBe(201);
    expect(await timelineIds(member)).toContain(extra.photos[0]!.id);
    expect(await timelineIds(stranger)).toContain(extra.photos[0]!.id);
    expect((await months(stranger)).months).toContainEqual({ month: '2021-05', count: 1 });
    await ctx.api(owner).setVisibility(extra.album.id, { visibility: 'owner' });
    expect((await months(stranger)).months.map((m) => m.month)).not.toContain('2021-05');
    expect(await timelineIds(member)).not.toContain(extra.photos[0]!.id);
    expect(await timelineIds(stranger)).not.toContain(extra.photos[0]!.id);
    expect(await timelineIds(owner)).toContain(extra.photos[0]!.id);
    expect((await months(owner)).months).toContainEqual({ month: '2021-05', count: 1 });
    expect((await months(member)).months.map((m) => m.month)).not.toContain('2021-05');
    expect((await ctx.api(owner).deleteAlbum(extra.album.id)).statusCode).toBe(204);
    expect((await months(owner)).months.map((m) => m.month)).not.toContain('2021-05');
  });
});

describe('the month index and pages', () => {
  it('counts every photo of the timeline once, by month, newest month first', async () => {
    for (const user of [owner, member, stranger]) {
      const index = await months(user);
      const seen = await walk(user, '/api/timeline', 500);
      expect(index.total).toBe(seen.length);
      expect(index.months.reduce((sum, m) => sum + m.count, 0)).toBe(index.total);
      const byMonth = new Map<string, number>();
      for (const photo of seen) {
        const month = photo.date.slice(0, 7);
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
      }
      expect(index.months).toEqual([...byMonth].map(([month, count]) => ({ month, count })));
    }
  });

  it('pages through every photo exactly once, in order, whatever the page size', async () => {
    const all = await walk(owner, '/api/timeline', 500);
    for (const limit of [1, 2, 4]) {
      const paged = await walk(owner, '/api/timeline', limit);
      expect(paged.map((photo) => photo.id)).toEqual(all.map((photo) => photo.id));
      expect(new Set(paged.map((photo) => photo.id)).size).toBe(paged.length);
    }
    const first = (await get<TimelinePage>(owner, '/api/timeline?limit=6')).json();
    expect(first.nextCursor).toBeNull();
  });

  it('keeps a page inside one month with month=YYYY-MM', async () => {
    const february = await walk(owner, '/api/timeline?month=2024-02', 1);
    expect(february.map((photo) => photo.date.slice(0, 10))).toEqual([
      '2024-02-20',
      '2024-02-11',
      '2024-02-10',
    ]);
    expect(await walk(owner, '/api/timeline?month=1999-01', 10)).toEqual([]);
    expect(await walk(owner, '/api/timeline?month=9999-12', 10)).toEqual([]);
    expect((await walk(stranger, '/api/timeline?month=2023-12', 10)).length).toBe(0);
    expect((await walk(member, '/api/timeline?month=2023-12', 10)).length).toBe(1);
  });

  it('counts a deleted photo out at once', async () => {
    const photo = await addPhotoAs(
      ctx,
      owner,
      everyone.album.id,
      await storeImage(ctx, owner, { dateTaken: '2020-02-02T10:00:00Z' }),
    );
    expect((await months(stranger)).months).toContainEqual({ month: '2020-02', count: 1 });
    expect(
      (await ctx.api(owner).request({ method: 'DELETE', url: `/api/photos/${photo.id}` }))
        .statusCode,
    ).toBe(204);
    expect((await months(stranger)).months.map((m) => m.month)).not.toContain('2020-02');
    expect(await timelineIds(stranger)).not.toContain(photo.id);
  });
});

describe('search', () => {
  it('finds photos by a part of their file name, in any case, only those one may see', async () => {
    const owners = await searchOf(owner, 'q=beach');
    expect(owners.photos.map((p) => p.date.slice(0, 10))).toEqual(['2024-03-01', '2024-02-20']);
    const strangers = await searchOf(stranger, 'q=BEACH');
    expect(strangers.photos.map((p) => p.date.slice(0, 10))).toEqual(['2024-02-20', '2022-06-01']);
    // The name kept is the last segment of the path, without control characters.
    expect((await searchOf(owner, 'q=img_0001.jpg')).photos).toHaveLength(1);
    expect((await searchOf(owner, 'q=alice')).photos).toHaveLength(0);
    expect((await searchOf(owner, 'q=snow .jpg')).photos).toHaveLength(1);
    // Shorter than a trigram, and LIKE's wildcards taken as they are; the one box finds the
    // camera too (decision 0107): Z6 is the model of dinner.png's.
    expect((await searchOf(owner, 'q=z6')).photos.map((p) => p.date.slice(0, 10))).toEqual([
      '2024-02-10',
    ]);
    expect((await searchOf(owner, 'q=q7')).photos).toHaveLength(0);
    expect((await searchOf(owner, 'q=-D')).photos).toHaveLength(1);
    expect((await searchOf(owner, 'q=_0001')).photos).toHaveLength(1);
    expect((await searchOf(owner, 'q=h_d')).photos).toHaveLength(0);
    expect((await searchOf(owner, 'q=h%25y')).photos).toHaveLength(0);
    expect((await searchOf(owner, 'q=%25')).photos).toHaveLength(0);
  });

  it('finds albums by name, only those one may see, on the first page', async () => {
    const names = async (user: TestUser) =>
      (await searchOf(user, 'q=sea')).albums.map((album) => album.name).sort();
    expect(await names(owner)).toEqual(['Private sea notes', 'Summer by the sea']);
    expect(await names(stranger)).toEqual(['Strangers sea album', 'Summer by the sea']);
    const album = (await searchOf(member, 'q=family')).albums[0]!;
    const listed = (await ctx.api(member).findAlbum(`?id=${album.id}`)).json<Album>();
    expect(album).toEqual(listed);
    expect((await searchOf(owner, 'from=2024-01-01')).albums).toEqual([]);
  });

  it('finds photos by date range, inclusive, by camera and by who added them, all together', async () => {
    const days = (result: SearchResult) => result.photos.map((p) => p.date.slice(0, 10));
    expect(days(await searchOf(owner, 'from=2024-02-10&to=2024-02-20'))).toEqual([
      '2024-02-20',
      '2024-02-11',
      '2024-02-10',
    ]);
    expect(days(await searchOf(owner, 'to=2023-12-05'))).toEqual(['2023-12-05']);
    expect(days(await searchOf(owner, 'from=2023-12-06&to=2024-01-15'))).toEqual(['2024-01-15']);
    expect(days(await searchOf(owner, 'from=9999-12-31'))).toEqual([]);
    expect(days(await searchOf(owner, 'camera=canon'))).toEqual(['2024-02-20', '2023-12-05']);
    expect(days(await searchOf(owner, 'camera=eos%205'))).toEqual(['2024-02-20']);
    expect(days(await searchOf(owner, 'camera=Z6'))).toEqual(['2024-02-10']);
    expect(days(await searchOf(stranger, 'camera=canon'))).toEqual(['2024-02-20']);
    expect(days(await searchOf(stranger, `addedBy=${stranger.uid}`))).toEqual(['2022-06-01']);
    expect(days(await searchOf(stranger, `addedBy=${owner.uid}`)).length).toBe(3);
    expect(
      days(await searchOf(owner, `camera=canon&from=2024-01-01&addedBy=${owner.uid}`)),
    ).toEqual(['2024-02-20']);
    expect(days(await searchOf(owner, 'q=beach&camera=nikon'))).toEqual([]);
  });

  it('pages through search results like the timeline', async () => {
    const all = await walk(owner, '/api/search?from=2000-01-01', 500);
    expect(await walk(owner, '/api/search?from=2000-01-01', 2)).toEqual(all);
    expect(all.map((photo) => photo.id)).toEqual(await timelineIds(owner));
  });
});

describe('the search index in step with the files', () => {
  it('finds a photo by name until it is deleted, then never again', async () => {
    const file = await upload(owner, '2019-09-09', 'Zanzibar-sunset.jpg');
    const photo = await addPhotoAs(ctx, owner, everyone.album.id, {
      ...file,
      width: 64,
      height: 48,
      placeholder: null,
    });
    expect((await searchOf(stranger, 'q=zanzibar')).photos.map((p) => p.id)).toEqual([photo.id]);
    const deleted = await ctx
      .api(owner)
      .request({ method: 'DELETE', url: `/api/photos/${photo.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await searchOf(stranger, 'q=zanzibar')).photos).toEqual([]);
    expect((await searchOf(owner, 'q=zan')).photos).toEqual([]);
    if (process.env.TEST_DATABASE !== 'postgres') {
      // FTS5's own check: its index holds exactly what file_search (a row per file) holds.
      await sql`insert into file_search_fts (file_search_fts) values ('integrity-check')`.execute(
        ctx.deps.db,
      );
      const files = await ctx.deps.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await sql<{ n: number }>`select count(*) as n from file_search`.execute(
        ctx.deps.db,
      );
      expect(rows.rows[0]!.n).toBe(files.n);
    }
  });
});

describe('bad input: a clear 400, nothing changed', () => {
  it.each([
    ['/api/timeline?month=2024-13', 'querystring.month'],
    ['/api/timeline?month=2024-00', 'querystring.month'],
    ['/api/timeline?month=2024-1', 'querystring.month'],
    ['/api/timeline?month=garbage', 'querystring.month'],
    ['/api/timeline?limit=501', 'querystring.limit'],
    ['/api/timeline?limit=0', 'querystring.limit'],
    ['/api/timeline?cursor=not-a-cursor', 'querystring.cursor'],
    ['/api/timeline?cursor=%25%25%25', 'querystring.cursor'],
    [`/api/timeline?cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'querystring.cursor'],
    ['/api/search?from=2024-13-01', 'querystring.from'],
    ['/api/search?from=2024-02-30', 'querystring.from'],
    ['/api/search?to=2023-02-29', 'querystring.to'],
    ['/api/search?from=2024-03-02&to=2024-03-01', 'querystring.from'],
    [`/api/search?q=${'a'.repeat(10_000)}`, 'querystring.q'],
    [`/api/search?camera=${'a'.repeat(201)}`, 'querystring.camera'],
    ['/api/search?q=beach&limit=501', 'querystring.limit'],
    ['/api/search?q=beach&cursor=garbage!', 'querystring.cursor'],
    ['/api/search', 'querystring'],
    ['/api/search?q=%20%20', 'querystring'],
  ])('%.60s answers 400 on %s', async (url, field) => {
    const before = await months(owner);
    const res = await get(owner, url);
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.field ?? 'querystring').toBe(field);
    expect(error.message.length).toBeGreaterThan(10);
    expect(await months(owner)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/timeline', '/api/timeline/months', '/api/search?q=beach']) {
      expect((await ctx.api().get(url)).statusCode).toBe(401);
    }
  });
});
