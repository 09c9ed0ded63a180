// The timeline at scale: GET /api/timeline/months (the month index) and GET /api/timeline (the
// first page of 200, then a page of one month, and a search) for a signed-in person, over HTTP
// from the app's server in its own process (source or build: BENCH_SERVER), on BENCH_PHOTOS photos (100,000)
// seeded straight into the database over ten years and a few hundred albums of mixed visibility,
// one in a hundred files shown in a second album, one in ten archived by its owner and one in
// twenty a favourite of the viewer (decision 0082); of the photo rows, one in twenty waits in its
// owner's Trash (0080) and one in a hundred in their locked place (0084), rows of their own tables. Each is timed BENCH_ROUNDS x 20 times in turn
// with a baseline measured in the same run: a bare Fastify route, in its own process, running one
// prepared statement, `select … from photos order by sort_date desc limit 200`, on the same
// database. The server logs only errors. Prints median
// and p95 of each, and their ratios to the baseline's. Never gates CI.
// Run: npm run bench:timeline
//   BENCH_PHOTOS (100000), BENCH_ROUNDS (5), BENCH_DATABASES (sqlite,postgres),
//   BENCH_EXPLAIN (1: print each query's plan), TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import {
  countVisiblePhotosByMonth,
  endOfMonth,
  listVisiblePhotos,
} from '../apps/server/src/modules/timeline/timeline.repository.js';
import {
  measureOnEngines,
  printFigures,
  startTarget,
  type Engine,
  type EngineTarget,
  type Measure,
} from './lib/engines.js';
import { printPlan } from './lib/query-plan.js';
import { startRun } from './lib/results.js';
import { getJson } from './lib/server.js';
import { readSettings } from './lib/settings.js';

const {
  BENCH_PHOTOS: photoCount,
  BENCH_ROUNDS: rounds,
  BENCH_DATABASES: engines,
  BENCH_EXPLAIN: explain,
} = readSettings({
  BENCH_PHOTOS: 100_000,
  BENCH_ROUNDS: 5,
  BENCH_DATABASES: ['sqlite', 'postgres'],
  BENCH_EXPLAIN: false,
});
const PER_ROUND = 20;
const LIMIT = 200;
const ALBUMS = 300;
const OWNERS = 50;
const YEARS = 10;
const START_MS = Date.parse('2016-01-01T00:00:00.000Z');
const SPAN_MS = YEARS * 365.25 * 24 * 3600 * 1000;
const BASELINE_SQL = `select id, album_id, file_id, owner_id, sort_date from photos order by sort_date desc, id desc limit ${LIMIT}`;

/** A small deterministic generator: the same data on both engines and in every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Album a: its owner (the viewer owns every 25th), visibility (6 in 10 seen by everyone, 3 by
 * members, 1 only by its owner), and whether the viewer is a member (every third invited one).
 */
function albumOf(a: number, viewerId: string) {
  const owner = a % 25 === 0 ? viewerId : `o${a % OWNERS}`;
  const kind = a % 10;
  const visibility = kind < 6 ? 'everyone' : kind < 9 ? 'invited' : 'owner';
  return { id: `a${a}`, owner, visibility, member: visibility === 'invited' && a % 3 === 0 };
}

interface Seeded {
  photos: { id: string; album: string; file: string; owner: string; date: string }[];
  files: { id: string; owner: string; name: string }[];
  /** Every tenth file, archived by its owner (decision 0082). */
  archived: { file: string; owner: string }[];
  /** Every twentieth file, a favourite of the viewer (whether they see it or not). */
  favourites: string[];
  /** Photo rows moved out: one in twenty to their owner's Trash, one in a hundred locked. */
  trashed: Seeded['photos'];
  locked: Seeded['photos'];
}

/** What a photo's row takes with it out of `photos`: nothing here (decision 0080). */
const EMPTY_SNAPSHOT = JSON.stringify({ comments: [], likes: [], activities: [] });

/** The photos: one file each, dated over ten years; one in a hundred files shown twice. */
function seedRows(viewerId: string): Seeded {
  const random = generator(52);
  const files: Seeded['files'] = [];
  const photos: Seeded['photos'] = [];
  for (let i = 0; i < photoCount; i += 1) {
    const album = albumOf(Math.floor(random() * ALBUMS), viewerId);
    const date = new Date(START_MS + Math.floor(random() * SPAN_MS)).toISOString();
    const twinOf = i % 100 === 99 ? photos[i - 50] : undefined;
    if (twinOf && twinOf.album !== album.id) {
      photos.push({ id: `p${i}`, album: album.id, file: twinOf.file, owner: twinOf.owner, date });
      continue;
    }
    const file = `f${i}`;
    files.push({ id: file, owner: album.owner, name: `IMG_${String(i).padStart(6, '0')}.jpg` });
    photos.push({ id: `p${i}`, album: album.id, file, owner: album.owner, date });
  }
  const archived = files
    .filter((_, i) => i % 10 === 5)
    .map((f) => ({ file: f.id, owner: f.owner }));
  const favourites = files.filter((_, i) => i % 20 === 3).map((f) => f.id);
  const trashed = photos.filter((_, i) => i % 20 === 7);
  const locked = photos.filter((_, i) => i % 100 === 11);
  const shown = photos.filter((_, i) => i % 20 !== 7 && i % 100 !== 11);
  return { photos: shown, files, archived, favourites, trashed, locked };
}

interface Target extends EngineTarget {
  /** The month with the most photos: the month page's. */
  busiestMonth: string;
}

const T0 = '2016-01-01T00:00:00.000Z';

function seedSqlite(file: string, viewerId: string): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const { photos, files, archived, favourites, trashed, locked } = seedRows(viewerId);
  const user = sqlite.prepare(
    'insert into users (id, email_address, name, created_at) values (?, ?, ?, ?)',
  );
  const fileRow = sqlite.prepare(
    "insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at, derived_state, original_name) values (?, ?, ?, 'image/jpeg', 1, 4, 3, ?, ?, 'ready', ?)",
  );
  const album = sqlite.prepare(
    'insert into albums (id, owner_id, name, cover_file_id, created_at, visibility) values (?, ?, ?, ?, ?, ?)',
  );
  const member = sqlite.prepare(
    "insert into album_members (album_id, user_id, role, created_at) values (?, ?, 'viewer', ?)",
  );
  const photo = sqlite.prepare(
    'insert into photos (id, album_id, file_id, owner_id, created_at, sort_date) values (?, ?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let o = 0; o < OWNERS; o += 1) user.run(`o${o}`, `o${o}@example.com`, `Owner ${o}`, T0);
    for (const f of files) fileRow.run(f.id, f.owner, `k${f.id}`, `s${f.id}`, T0, f.name);
    for (let a = 0; a < ALBUMS; a += 1) {
      const { id, owner, visibility, member: isMember } = albumOf(a, viewerId);
      // Covers: the album's owner's first file (any file of theirs will do here).
      const cover = files.find((f) => f.owner === owner)!.id;
      album.run(id, owner, `Album ${a}`, cover, T0, visibility);
      if (isMember) member.run(id, viewerId, T0);
    }
    for (const p of photos) photo.run(p.id, p.album, p.file, p.owner, T0, p.date);
    const archive = sqlite.prepare(
      'insert into archived_files (file_id, user_id, archived_at) values (?, ?, ?)',
    );
    for (const a of archived) archive.run(a.file, a.owner, T0);
    const favourite = sqlite.prepare(
      'insert into favourites (user_id, file_id, created_at) values (?, ?, ?)',
    );
    for (const f of favourites) favourite.run(viewerId, f, T0);
    for (const [table, by, at, rows] of [
      ['trashed_photos', 'held_by', 'trashed_at', trashed],
      ['locked_photos', 'locked_by', 'locked_at', locked],
    ] as const) {
      const moved = sqlite.prepare(
        `insert into ${table} (id, album_id, file_id, owner_id, created_at, sort_date, ${by}, ${at}, snapshot) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const p of rows)
        moved.run(p.id, p.album, p.file, p.owner, T0, p.date, p.owner, T0, EMPTY_SNAPSHOT);
    }
    sqlite
      .prepare(
        'update albums set photo_count = (select count(*) from photos where album_id = albums.id)',
      )
      .run();
  })();
  sqlite.exec('analyze');
  sqlite.close();
}

async function seedPostgres(url: string, viewerId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { photos, files, archived, favourites, trashed, locked } = seedRows(viewerId);
  const batch = async (table: string, columns: string[], rows: unknown[][]) => {
    for (let start = 0; start < rows.length; start += 2000) {
      const slice = rows.slice(start, start + 2000);
      const values: unknown[] = [];
      const tuples = slice.map(
        (row) =>
          `(${row
            .map((value) => {
              values.push(value);
              return `$${values.length}`;
            })
            .join(', ')})`,
      );
      await client.query(
        `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
        values,
      );
    }
  };
  await client.query('begin');
  await batch(
    'users',
    ['id', 'email_address', 'name', 'created_at'],
    Array.from({ length: OWNERS }, (_, o) => [`o${o}`, `o${o}@example.com`, `Owner ${o}`, T0]),
  );
  await batch(
    'files',
    [
      'id',
      'owner_id',
      'blob_key',
      'content_type',
      'size',
      'width',
      'height',
      'sha256',
      'created_at',
      'derived_state',
      'original_name',
    ],
    files.map((f) => [
      f.id,
      f.owner,
      `k${f.id}`,
      'image/jpeg',
      1,
      4,
      3,
      `s${f.id}`,
      T0,
      'ready',
      f.name,
    ]),
  );
  const albums = Array.from({ length: ALBUMS }, (_, a) => albumOf(a, viewerId));
  await batch(
    'albums',
    ['id', 'owner_id', 'name', 'cover_file_id', 'created_at', 'visibility'],
    albums.map((a, i) => [
      a.id,
      a.owner,
      `Album ${i}`,
      files.find((f) => f.owner === a.owner)!.id,
      T0,
      a.visibility,
    ]),
  );
  await batch(
    'album_members',
    ['album_id', 'user_id', 'role', 'created_at'],
    albums.filter((a) => a.member).map((a) => [a.id, viewerId, 'viewer', T0]),
  );
  await batch(
    'photos',
    ['id', 'album_id', 'file_id', 'owner_id', 'created_at', 'sort_date'],
    photos.map((p) => [p.id, p.album, p.file, p.owner, T0, p.date]),
  );
  await batch(
    'archived_files',
    ['file_id', 'user_id', 'archived_at'],
    archived.map((a) => [a.file, a.owner, T0]),
  );
  await batch(
    'favourites',
    ['user_id', 'file_id', 'created_at'],
    favourites.map((f) => [viewerId, f, T0]),
  );
  for (const [table, by, at, rows] of [
    ['trashed_photos', 'held_by', 'trashed_at', trashed],
    ['locked_photos', 'locked_by', 'locked_at', locked],
  ] as const) {
    await batch(
      table,
      ['id', 'album_id', 'file_id', 'owner_id', 'created_at', 'sort_date', by, at, 'snapshot'],
      rows.map((p) => [p.id, p.album, p.file, p.owner, T0, p.date, p.owner, T0, EMPTY_SNAPSHOT]),
    );
  }
  await client.query(
    'update albums set photo_count = (select count(*) from photos where album_id = albums.id)',
  );
  await client.query('commit');
  await client.query('vacuum analyze');
  await client.end();
}

async function makeTarget(engine: Engine): Promise<Target> {
  const target = await startTarget(engine, {
    label: 'timeline',
    email: 'timeline@example.com',
    seeding: `${photoCount} photos (5 % in Trash, 1 % locked, 10 % of files archived)`,
    seed: (where, uid) => (engine === 'sqlite' ? seedSqlite(where, uid) : seedPostgres(where, uid)),
    baseline: () => ({ route: '/photos', sql: () => BASELINE_SQL }),
  });
  const index = await getJson<{ months: { month: string; count: number }[]; total: number }>(
    `${target.appUrl}/api/timeline/months`,
    target.idToken,
  );
  const busiestMonth = [...index.months].sort((a, b) => b.count - a.count)[0]!.month;
  console.log(`${engine}: the viewer sees ${index.total} photos in ${index.months.length} months`);
  const withMonth = { ...target, busiestMonth };
  if (explain) await showPlans(withMonth);
  return withMonth;
}

const MEASURES: Record<string, Measure<Target>> = {
  'month index': async (t) => {
    await getJson(`${t.appUrl}/api/timeline/months`, t.idToken);
  },
  'first page (200)': async (t) => {
    const page = await getJson<{ photos: unknown[] }>(
      `${t.appUrl}/api/timeline?limit=${LIMIT}`,
      t.idToken,
    );
    if (page.photos.length !== LIMIT) throw new Error('a short first page');
  },
  'page of the busiest month (200)': async (t) => {
    await getJson(`${t.appUrl}/api/timeline?limit=${LIMIT}&month=${t.busiestMonth}`, t.idToken);
  },
  'page of the busiest month (500, as Photos asks)': async (t) => {
    await getJson(`${t.appUrl}/api/timeline?limit=500&month=${t.busiestMonth}`, t.idToken);
  },
  'search by file name (first page)': async (t) => {
    await getJson(`${t.appUrl}/api/search?q=IMG_0123&limit=${LIMIT}`, t.idToken);
  },
  'favourites month index': async (t) => {
    await getJson(`${t.appUrl}/api/timeline/months?favourites=true`, t.idToken);
  },
  'favourites first page (200)': async (t) => {
    await getJson(`${t.appUrl}/api/timeline?limit=${LIMIT}&favourites=true`, t.idToken);
  },
  'archive first page (200)': async (t) => {
    await getJson(`${t.appUrl}/api/archive?limit=${LIMIT}`, t.idToken);
  },
};

const baselineMeasure: Measure<Target> = async (t) => {
  const rows = await getJson<unknown[]>(`${t.baselineUrl}/photos`);
  if (rows.length !== LIMIT) throw new Error('a short baseline page');
};

/** The plans of the queries behind the month index and the first page (BENCH_EXPLAIN=1). */
async function showPlans(target: Target): Promise<void> {
  const postgres = target.engine === 'PostgreSQL';
  const sent: CompiledQuery[] = [];
  const handle = openDatabase({
    ...(postgres ? { databaseUrl: target.where } : {}),
    sqlitePath: target.where,
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  try {
    const cases: [string, () => Promise<unknown>][] = [
      [
        'first page',
        () =>
          listVisiblePhotos(handle.db, {
            viewerId: target.uid,
            limit: LIMIT + 1,
            after: undefined,
          }),
      ],
      ['month index', () => countVisiblePhotosByMonth(handle.db, target.uid)],
      [
        'page of the busiest month',
        () =>
          listVisiblePhotos(handle.db, {
            viewerId: target.uid,
            limit: 501,
            after: undefined,
            from: target.busiestMonth,
            until: endOfMonth(target.busiestMonth),
          }),
      ],
      [
        'favourites, first page',
        () =>
          listVisiblePhotos(handle.db, {
            viewerId: target.uid,
            limit: LIMIT + 1,
            after: undefined,
            set: 'favourites',
          }),
      ],
      [
        'archive, first page',
        () =>
          listVisiblePhotos(handle.db, {
            viewerId: target.uid,
            limit: LIMIT + 1,
            after: undefined,
            set: 'archive',
          }),
      ],
      [
        'favourites month index',
        () => countVisiblePhotosByMonth(handle.db, target.uid, 'favourites'),
      ],
    ];
    for (const [label, run] of cases) {
      sent.length = 0;
      await run();
      for (const query of [...sent]) {
        await printPlan(handle.db, query, postgres, `${target.engine}, ${label}`);
      }
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  const run = startRun('timeline');
  const figures = await measureOnEngines(engines, makeTarget, MEASURES, baselineMeasure, {
    rounds,
    perRound: PER_ROUND,
  });
  console.log(
    `\nThe timeline over HTTP at ${photoCount} photos, ${ALBUMS} albums, ` +
      `${rounds * PER_ROUND} runs each, ${run.startedAt.toISOString()}, load average at the start ` +
      run.loadAverage.map((l) => l.toFixed(1)).join(' '),
  );
  console.log(`Baseline: a bare Fastify route running "${BASELINE_SQL}"`);
  printFigures(figures);
  run.finish({ photos: photoCount, albums: ALBUMS, limit: LIMIT, figures });
}

await main();
