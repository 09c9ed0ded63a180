import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import {
  countUnreadActivities,
  listActivityViews,
  listActivityViewsAfter,
} from '../modules/activity/activity.repository.js';
import { listAlbumViews } from '../modules/albums/albums.repository.js';
import { listCommentEventsAfter } from '../modules/comments/comment-events.repository.js';
import { listPhotoCommentViewsNewestFirst } from '../modules/comments/comments.repository.js';
import { listPeople } from '../modules/people/people.repository.js';
import { listLikers } from '../modules/likes/likes.repository.js';
import { findFileWithExposure } from '../modules/files/store/repository.js';
import { listAlbumPhotoViews } from '../modules/photos/photos.repository.js';
import { listInvitations, listMembers } from '../modules/sharing/sharing.repository.js';
import {
  countVisiblePhotosByMonth,
  listVisiblePhotos,
} from '../modules/timeline/timeline.repository.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.js';

// Every list query's plan, on a database holding enough rows (and statistics) that a planner
// without the right index would scan or sort: each must read its index in the list's order, or,
// for the short unpaged lists of one album, find that album's rows by index and sort only them.

const ALBUMS = 3000;
const USERS = 2000;
const PHOTOS = 3000;
const COMMENTS = 3000;
const LIKES = 1500;
const MEMBERS = 300;
const ACTIVITIES = 3000;
const FACES = 3000;

const postgres = process.env.TEST_DATABASE === 'postgres';
let handle: DatabaseHandle;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
/** The queries the database was sent, as Kysely logs them. */
const sent: CompiledQuery[] = [];

/** `insert … select` over the numbers 0 … count-1 as `i`, on either engine. */
async function insertSeries(count: number, insert: string): Promise<void> {
  await sql
    .raw(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1}) ${insert}`,
    )
    .execute(handle.db);
}

beforeAll(async () => {
  const log = (event: { query: CompiledQuery }) => void sent.push(event.query);
  if (postgres) {
    const database = await createTestPostgresDatabase();
    dropDatabase = database.drop;
    handle = openDatabase({ databaseUrl: database.url, sqlitePath: '', log });
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-plans-'));
    handle = openDatabase({ sqlitePath: path.join(dataDir, 'app.db'), log });
  }
  await migrateToLatest(handle.db);
  const t = "'2026-01-01T00:00:00.000Z'";
  await insertSeries(
    USERS,
    `insert into users (id, email_address, name, created_at) select 'u' || i, 'u' || i || '@example.com', 'User ' || i, ${t} from n`,
  );
  await insertSeries(
    USERS,
    `insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at) select 'f' || i, 'u' || i, 'k' || i, 'image/jpeg', 1, 1, 1, 's' || i, ${t} from n`,
  );
  // Files have names and cameras to search by.
  await sql
    .raw(
      "update files set original_name = 'IMG_' || id || '.jpg', camera_make = case when cast(substr(id, 2) as integer) % 3 = 0 then 'Canon' else 'NIKON' end, camera_model = 'Model ' || substr(id, 2)",
    )
    .execute(handle.db);
  // Half the people have a profile picture: their first file.
  await sql
    .raw(
      "update users set profile_pic_file_id = 'f' || substr(id, 2) where cast(substr(id, 2) as integer) % 2 = 0",
    )
    .execute(handle.db);
  // Albums of many owners, one in ten invited-only; album a0 holds many photos.
  await insertSeries(
    ALBUMS,
    `insert into albums (id, owner_id, name, cover_file_id, created_at, visibility) select 'a' || i, 'u' || (i % ${USERS}), 'Album ' || i, 'f' || (i % ${USERS}), 'T' || (100000 + i), case when i % 10 = 3 then 'invited' else 'everyone' end from n`,
  );
  await insertSeries(
    PHOTOS,
    `insert into photos (id, album_id, file_id, owner_id, created_at, sort_date) select 'p' || i, case when i < ${PHOTOS / 2} then 'a0' else 'a' || i end, 'f' || (i % ${USERS}), 'u' || (i % ${USERS}), ${t}, 'T' || (100000 + i) from n`,
  );
  await insertSeries(
    COMMENTS,
    `insert into comments (id, photo_id, author_id, message, created_at) select 'c' || i, case when i < ${COMMENTS / 2} then 'p0' else 'p' || i end, 'u' || (i % ${USERS}), 'Comment', 'T' || (100000 + i) from n`,
  );
  await insertSeries(
    COMMENTS,
    `insert into comment_events (id, photo_id, comment_id, type, occurred_at) select 'e' || i, case when i < ${COMMENTS / 2} then 'p0' else 'p' || i end, 'c' || i, 'created', 'T' || (100000 + i) from n`,
  );
  await insertSeries(
    LIKES,
    `insert into photo_likes (photo_id, user_id, created_at) select case when i < ${LIKES / 2} then 'p0' else 'p' || i end, 'u' || i, 'T' || (100000 + i) from n`,
  );
  // u1 is a member of some albums; other people of others (a0 among them, with a few).
  await insertSeries(
    MEMBERS,
    `insert into album_members (album_id, user_id, role, created_at) select 'a' || (10 * i + 3), 'u1', 'viewer', 'T' || (100000 + i) from n`,
  );
  await insertSeries(
    MEMBERS * 5,
    `insert into album_members (album_id, user_id, role, created_at) select 'a' || (i % 500), 'u' || (i + 2), 'viewer', 'T' || (100000 + i) from n`,
  );
  await insertSeries(
    MEMBERS * 5,
    `insert into album_invitations (id, album_id, email, role, created_at) select 'i' || i, 'a' || (i % 500), 'x' || i || '@example.com', 'viewer', 'T' || (100000 + i) from n`,
  );
  // Activity: u1's feed (entries of many albums, some of which u1 no longer sees), and others'.
  await insertSeries(
    ACTIVITIES,
    `insert into activities (id, user_id, kind, album_id, photo_id, actor_id, actor_name, count, excerpt, created_at) select 'v' || i, case when i % 3 = 0 then 'u1' else 'u' || (i % ${USERS}) end, 'comment', 'a' || (i % ${ALBUMS}), 'p' || (i % ${PHOTOS}), 'u2', 'User 2', 1, 'Nice', 'T' || (100000 + i) from n`,
  );
  await sql`update users set activity_read_at = 'T101000' where id = 'u1'`.execute(handle.db);
  // u1's people: three, whose faces are spread over the files.
  await insertSeries(
    3,
    `insert into people (id, owner_id, name, hidden, created_at) select 'pe' || i, 'u1', 'Person ' || i, 0, ${t} from n`,
  );
  await insertSeries(
    FACES,
    `insert into faces (id, file_id, owner_id, person_id, box_x, box_y, box_w, box_h, score, descriptor, crop, created_at) select 'fa' || i, 'f' || (i % ${USERS}), 'u1', 'pe' || (i % 3), 0, 0, 100, 100, i % 1000, '[]', '', ${t} from n`,
  );
  await sql`analyze`.execute(handle.db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * The plan of the one query `run` sends, as the engine's EXPLAIN prints it. `off`: more of
 * PostgreSQL's plan types it is told not to use (see explain).
 */
async function planOf(run: () => Promise<unknown>, off: PlanType[] = []): Promise<string> {
  sent.length = 0;
  await run();
  expect(sent).toHaveLength(1);
  const query = sent[0]!;
  // Its row limit is in the text: SQLite prepares a statement again on every run when its LIMIT
  // is a bound parameter (literal-limit.ts).
  expect(query.sql).not.toMatch(/\blimit\s+(\?|\$\d+)/i);
  // On a test-sized table PostgreSQL rightly prefers reading it whole; told not to, it shows
  // whether an index can serve the query at all (a Seq Scan remains when none can).
  return explain(query, off);
}

/** The plan of each query `run` sends. */
async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await run();
  const queries = [...sent];
  const plans: string[] = [];
  for (const query of queries) plans.push(await explain(query));
  return plans;
}

/**
 * PostgreSQL's plan types a test may turn off: on test-sized tables it rightly prefers sorting a
 * few thousand rows to walking an index in order, reading a small table by its key to asking
 * a trigram index, and joining all of a few thousand photos (read whole from photos_sort_idx, which
 * holds their album and file: decision 0097) to the few files a search found; told not to,
 * the plan shows whether the index can serve the query at all (at 100,000 photos it chooses them
 * unasked: see bench/timeline.ts, BENCH_EXPLAIN=1).
 */
type PlanType = 'sort' | 'indexscan' | 'hashjoin' | 'mergejoin';

async function explain(query: CompiledQuery, off: PlanType[] = []): Promise<string> {
  const explain = CompiledQuery.raw(
    postgres ? `explain ${query.sql}` : `explain query plan ${query.sql}`,
    [...query.parameters],
  );
  const result = await handle.db.transaction().execute(async (trx) => {
    if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
    for (const type of postgres ? off : []) {
      await sql`${sql.raw(`set local enable_${type} = off`)}`.execute(trx);
    }
    return trx.executeQuery<Record<string, unknown>>(explain);
  });
  return result.rows.map((row) => String(postgres ? row['QUERY PLAN'] : row.detail)).join('\n');
}

interface Expectation {
  /** The index the list must read. */
  index: string;
  /** Lists of one album's rows, unpaged: a sort of only those rows is fine. */
  sortAllowed?: boolean;
}

/** Tables whose every row a list must never read. */
const TABLES = [
  'albums',
  'photos',
  'comments',
  'comment_events',
  'photo_likes',
  'album_members',
  'album_invitations',
  'files',
  'favourites',
  'archived_files',
  'users',
  'activities',
];

function expectIndexed(plan: string, { index, sortAllowed = false }: Expectation): void {
  expect(plan, plan).toContain(index);
  for (const table of TABLES) {
    if (postgres) {
      expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    } else {
      // "SCAN t" without an index reads the whole table; "SCAN t USING INDEX i" walks an index.
      expect(plan, plan).not.toMatch(new RegExp(`SCAN ${table}(?! USING)( |$)`, 'm'));
    }
  }
  if (!sortAllowed) {
    expect(plan, plan).not.toMatch(postgres ? /\bSort\b/ : /TEMP B-TREE/);
  }
}

describe('list queries read their index', () => {
  const afterKey = { key: 'T101500', id: 'a1500' };

  it.each([
    ['Recent Albums, first page', { after: undefined }],
    ['Recent Albums, a page after a cursor', { after: afterKey }],
  ])('%s: albums_created_idx, newest first, no sort', async (_name, { after }) => {
    const plan = await planOf(() =>
      listAlbumViews(handle.db, { limit: 51, after, viewerId: 'u1' }),
    );
    expectIndexed(plan, { index: 'albums_created_idx' });
  });

  it("My Albums: the owner's albums on albums_owner_created_idx, no sort", async () => {
    const plan = await planOf(() =>
      listAlbumViews(handle.db, { limit: 51, after: afterKey, viewerId: 'u1', ownerId: 'u1' }),
    );
    expectIndexed(plan, { index: 'albums_owner_created_idx' });
  });

  it('Shared with me: albums in order, each membership found by index', async () => {
    const plan = await planOf(() =>
      listAlbumViews(handle.db, { limit: 51, after: undefined, viewerId: 'u1', memberId: 'u1' }),
    );
    expectIndexed(plan, { index: 'albums_created_idx' });
  });

  it("an album's photos: photos_album_sort_idx, in order", async () => {
    const plan = await planOf(() =>
      listAlbumPhotoViews(handle.db, 'a0', 'u1', {
        limit: 51,
        after: { key: 'T100500', id: 'p500' },
      }),
    );
    expectIndexed(plan, { index: 'photos_album_sort_idx' });
  });

  it("a photo's comments, newest first: comments_photo_created_idx", async () => {
    const plan = await planOf(() =>
      listPhotoCommentViewsNewestFirst(handle.db, 'p0', 51, { key: 'T100900', id: 'c900' }),
    );
    expectIndexed(plan, { index: 'comments_photo_created_idx' });
  });

  it("a photo's comment events after a position: comment_events_photo_occurred_idx", async () => {
    const plan = await planOf(() =>
      listCommentEventsAfter(handle.db, 'p0', { key: 'T100100', id: 'e100' }, 51),
    );
    expectIndexed(plan, { index: 'comment_events_photo_occurred_idx' });
  });

  it('who likes a photo, most recent first: photo_likes_photo_created_idx', async () => {
    const plan = await planOf(() =>
      listLikers(handle.db, 'p0', { limit: 51, after: { key: 'T100500', id: 'u500' } }),
    );
    expectIndexed(plan, { index: 'photo_likes_photo_created_idx' });
  });

  it("an album's members: found by the album's key, only they are sorted", async () => {
    const plan = await planOf(() => listMembers(handle.db, 'a0'));
    expectIndexed(plan, {
      index: postgres ? 'album_members_pk' : 'sqlite_autoindex_album_members_1',
      sortAllowed: true,
    });
  });

  it("an album's invitations: album_invitations_album_email_idx, only they are sorted", async () => {
    const plan = await planOf(() => listInvitations(handle.db, 'a0'));
    expectIndexed(plan, { index: 'album_invitations_album_email_idx', sortAllowed: true });
  });

  it('a file to serve: its row by key, each of its uses by index', async () => {
    const plan = await planOf(() => findFileWithExposure(handle.db, 'f7'));
    for (const index of ['albums_cover_idx', 'photos_file_idx', 'users_profile_pic_idx']) {
      expectIndexed(plan, { index });
    }
  });

  const timelineAfter = { key: 'T101500', id: 'p1500' };

  it.each([
    ['first page', { after: undefined }],
    ['a page after a cursor', { after: timelineAfter }],
    ['a page of one month', { after: timelineAfter, from: 'T1', until: 'T2' }],
  ])(
    'the timeline, %s: photos_sort_idx, newest first, no sort',
    async (_name, { after, ...month }) => {
      const plan = await planOf(
        () => listVisiblePhotos(handle.db, { viewerId: 'u1', limit: 201, after, ...month }),
        ['sort'],
      );
      expectIndexed(plan, { index: 'photos_sort_idx' });
    },
  );

  it("the month index: everyone's months, the viewer's other albums by index, files shown twice by theirs", async () => {
    // Sent at once: PostgreSQL's pool may send them in any order.
    const plans = await plansOf(() => countVisiblePhotosByMonth(handle.db, 'u1'));
    const counts = plans.find((plan) => plan.includes('everyone_months'));
    const repeats = plans.find(
      (plan) => plan.includes('files_shown_twice_idx') && !plan.includes('archived_files'),
    );
    // Never photos: everyone_months whole (a row per month), and the photo_months of the albums
    // the viewer owns or is a member of.
    expect(counts, counts).toContain('everyone_months');
    expect(counts, counts).toMatch(
      postgres ? /photo_months_pk/ : /sqlite_autoindex_photo_months_1/,
    );
    expect(counts, counts).toContain('albums_owner_created_idx');
    expect(counts, counts).not.toMatch(/\bphotos\b/);
    expect(counts, counts).not.toMatch(
      postgres
        ? /Seq Scan on (albums|photo_months)\b/
        : /SCAN (albums|photo_months)(?! USING)( |$)/m,
    );
    expectIndexed(repeats!, { index: 'files_shown_twice_idx', sortAllowed: true });
    expect(repeats, repeats).toContain('photos_file_idx');
  });

  it.each([
    [
      'a file name',
      { name: 'IMG_f12' },
      postgres ? 'files_original_name_trgm_idx' : 'file_search_fts',
    ],
    ['a camera', { camera: 'Model 12' }, postgres ? 'files_camera_name_idx' : 'file_search_fts'],
    // Shorter than a trigram: SQLite reads file_search whole (a row per file), never photos.
    [
      'a short name',
      { name: 'f1' },
      postgres ? 'files_original_name_trgm_idx' : 'SCAN file_search',
    ],
  ])(
    'search by %s: the matching files by their index, then their photos by photos_file_idx',
    async (_name, criteria, index) => {
      const plan = await planOf(
        () =>
          listVisiblePhotos(handle.db, {
            viewerId: 'u1',
            limit: 201,
            after: undefined,
            ...criteria,
          }),
        ['indexscan', 'hashjoin', 'mergejoin'],
      );
      // Only the matching photos are sorted.
      expectIndexed(plan, { index, sortAllowed: true });
      expect(plan, plan).toContain('photos_file_idx');
      expect(plan, plan).not.toContain('photos_sort_idx');
    },
  );

  it('the one search box: the camera names learnt from their index, then their files read from it', async () => {
    const plans = await plansOf(() =>
      listVisiblePhotos(handle.db, {
        viewerId: 'u1',
        limit: 201,
        after: undefined,
        anyText: 'Canon',
      }),
    );
    // First the names the text means (the cameras' names, the viewer's cities), then the page.
    expect(plans).toHaveLength(2);
    const index = postgres ? 'files_camera_name_idx' : 'file_search_camera_idx';
    for (const plan of plans) expect(plan, plan).toContain(index);
    // No camera's name is read from every file.
    for (const plan of plans) {
      expect(plan, plan).not.toMatch(
        postgres ? /Seq Scan on files/ : /SCAN file_search\b(?! USING)/,
      );
    }
  });

  it.each([
    ['favourites', 'favourites', postgres ? 'favourites_pk' : 'sqlite_autoindex_favourites_1'],
    ['Archive', 'archive', 'archived_files_user_idx'],
  ] as const)(
    "the viewer's %s: their marked files by key, then the files' photos by photos_file_idx",
    async (_name, set, index) => {
      const plan = await planOf(
        () => listVisiblePhotos(handle.db, { viewerId: 'u1', limit: 201, after: undefined, set }),
        ['indexscan'],
      );
      // Only the marked files' photos are sorted.
      expectIndexed(plan, { index, sortAllowed: true });
      expect(plan, plan).toContain('photos_file_idx');
    },
  );

  it("the month index of the viewer's marks: from their marks by key, photos by photos_file_idx", async () => {
    const plans = await plansOf(() => countVisiblePhotosByMonth(handle.db, 'u1'));
    const archived = plans.find((plan) => plan.includes('archived_files'));
    expectIndexed(archived!, { index: 'archived_files_user_idx', sortAllowed: true });
    expect(archived, archived).toContain('photos_file_idx');
    const [favourites] = await plansOf(() =>
      countVisiblePhotosByMonth(handle.db, 'u1', 'favourites'),
    );
    expectIndexed(favourites!, {
      index: postgres ? 'favourites_pk' : 'sqlite_autoindex_favourites_1',
      sortAllowed: true,
    });
    expect(favourites, favourites).toContain('photos_file_idx');
  });

  it('search by who added photos: photos_owner_sort_idx, in order', async () => {
    const plan = await planOf(() =>
      listVisiblePhotos(handle.db, {
        viewerId: 'u1',
        limit: 201,
        after: timelineAfter,
        addedBy: 'u7',
      }),
    );
    expectIndexed(plan, { index: 'photos_owner_sort_idx' });
  });

  it('search albums by name: albums in order, no sort', async () => {
    const plan = await planOf(() =>
      listAlbumViews(handle.db, { limit: 20, after: undefined, viewerId: 'u1', nameLike: '%12%' }),
    );
    expectIndexed(plan, { index: 'albums_created_idx' });
  });

  it.each([
    ['first page', { before: undefined }],
    ['a page after a cursor', { before: { key: 'T101500', id: 'v1500' } }],
  ])(
    "a person's activity feed, %s: activities_user_created_idx, newest first, no sort",
    async (_name, { before }) => {
      const plan = await planOf(() => listActivityViews(handle.db, 'u1', { limit: 51, before }));
      expectIndexed(plan, { index: 'activities_user_created_idx' });
    },
  );

  it("a person's new activity, for their stream: activities_user_created_idx, no sort", async () => {
    const plan = await planOf(() =>
      listActivityViewsAfter(handle.db, 'u1', { key: 'T101500', id: 'v1500' }, 100),
    );
    expectIndexed(plan, { index: 'activities_user_created_idx' });
  });

  it('the unread count: activities_user_created_idx after the read mark, the user by key', async () => {
    const plan = await planOf(() => countUnreadActivities(handle.db, 'u1', 100));
    expectIndexed(plan, { index: 'activities_user_created_idx' });
  });

  it("a person's clearest face: faces_person_idx in score order, no sort of their faces", async () => {
    const plan = await planOf(() =>
      listPeople(handle.db, 'u1', { includeHidden: false, ids: ['pe1'] }),
    );
    // The cover is the subquery over `faces best`; only the people themselves may be sorted. Each
    // person's count reads their faces by faces_person_idx, never every face.
    if (postgres) {
      const lines = plan.split('\n');
      const best = lines.findIndex((line) => line.includes('faces_person_idx on faces best'));
      const start = lines.slice(0, best).findLastIndex((line) => line.includes('SubPlan'));
      const depth = lines[start]!.search(/\S/);
      const end = lines.findIndex((line, i) => i > start && line.search(/\S/) <= depth);
      const cover = lines.slice(start, end === -1 ? undefined : end).join('\n');
      expect(best, plan).toBeGreaterThan(0);
      expect(cover, plan).not.toMatch(/\bSort\b/);
      expect(plan, plan).toContain('Index Cond: ((person_id = people.id) AND (shown = 1))');
      expect(plan, plan).not.toMatch(/Seq Scan on faces/);
    } else {
      const lines = plan.split('\n');
      const at = lines.findIndex((line) => line.startsWith('SEARCH best'));
      expect(lines[at], plan).toContain('faces_person_idx');
      expect(lines[at + 1] ?? '', plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    }
  });

  it('runs on the engine the project asks for', () => {
    expect(handle.db.getExecutor().adapter instanceof PostgresAdapter).toBe(postgres);
  });
});
