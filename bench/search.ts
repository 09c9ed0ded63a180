// The top bar's one search box at scale: GET /api/search?q=…&limit=120 (the web's page) over HTTP
// from the app's server in its own process (source or build: BENCH_SERVER), on BENCH_PHOTOS
// photos (100,000) seeded straight into the database over ten years. The viewer uploaded nine in
// ten of them, in a dozen albums of their own; the rest are another person's, in an album seen
// by everyone. Seven in ten of the viewer's files carry a place near one of three dozen cities
// (bench/lib/places-seed.ts), named as the naming job names them; every file a camera; four in
// ten a face or two, of 60 people of the viewer's, 40 of them named. One in ten files is archived.
// Queries, as people type them: a person's first name ("Ann"), a city ("Lisbon"), a country
// ("Portugal"), a camera make ("sony"), a month ("august 2024"), and all at once
// ("Ann Lisbon 2024"); a file name as bench:timeline measures it, for comparison. Each is timed
// BENCH_ROUNDS x 20 times in turn with a baseline measured in the same run: a bare Fastify route,
// in its own process, running one prepared statement, `select … from photos order by sort_date
// desc limit 120`, on the same database. Prints median and p95 of each, and their ratios to the
// baseline's. Never gates CI.
// Run: npm run bench:search
//   BENCH_PHOTOS (100000), BENCH_ROUNDS (5), BENCH_DATABASES (sqlite,postgres),
//   BENCH_EXPLAIN (1: print each query's plan and time), TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import type { SearchResult } from '@photo/contract';
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { listAlbumViews } from '../apps/server/src/modules/albums/albums.repository.js';
import { listPeople } from '../apps/server/src/modules/people/people.repository.js';
import {
  measureOnEngines,
  printFigures,
  startTarget,
  type Engine,
  type EngineTarget,
  type Measure,
} from './lib/engines.js';
import { cameraOf, generator, placeOf } from './lib/places-seed.js';
import { insertRows } from './lib/postgres-rows.js';
import {
  containsPattern,
  listVisiblePhotos,
  type PhotoPageOptions,
} from '../apps/server/src/modules/timeline/timeline.repository.js';
import { printPlan } from './lib/query-plan.js';
import { startRun } from './lib/results.js';
import { getJson } from './lib/server.js';
import { median } from './lib/stats.js';
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
/** The web's search page (SEARCH_PAGE_SIZE). */
const LIMIT = 120;
const ALBUMS = 12;
const PEOPLE = 60;
const NAMED = 40;
const START_MS = Date.parse('2016-09-01T00:00:00.000Z');
const SPAN_MS = 10 * 365.25 * 24 * 3600 * 1000;
const T0 = '2016-01-01T00:00:00.000Z';
const OTHER = 'other-owner';
const BASELINE_SQL = `select id, album_id, file_id, owner_id, sort_date from photos order by sort_date desc, id desc limit ${LIMIT}`;

const FIRST_NAMES = ['Ann', 'Ben', 'Carla', 'David', 'Eva', 'Felix', 'Greta', 'Hugo'];
const LAST_NAMES = ['Smith', 'Silva', 'Müller', 'Dupont', 'Rossi'];

/** The queries, as typed in the top bar. */
const QUERIES: Record<string, string> = {
  'a person (Ann)': 'Ann',
  'a city (Lisbon)': 'Lisbon',
  'a country (Portugal)': 'Portugal',
  'a camera (sony)': 'sony',
  'a month (august 2024)': 'august 2024',
  'person, city and year (Ann Lisbon 2024)': 'Ann Lisbon 2024',
  'a file name (IMG_0123)': 'IMG_0123',
};

interface FileRow {
  id: string;
  owner: string;
  name: string;
  make: string;
  model: string;
  date: string;
  latitudeE7: number | null;
  longitudeE7: number | null;
  city: string | null;
  country: string | null;
  placeVersion: number;
}

interface Seeded {
  files: FileRow[];
  albums: { id: string; owner: string; visibility: string; cover: string }[];
  photos: { id: string; album: string; file: string; owner: string; date: string }[];
  people: { id: string; name: string | null }[];
  faces: { id: string; file: string; person: string }[];
  archived: string[];
}

/** Everything seeded, the same on both engines and in every run. */
function seedRows(viewerId: string): Seeded {
  const random = generator(53);
  const files: FileRow[] = [];
  const photos: Seeded['photos'] = [];
  const faces: Seeded['faces'] = [];
  const people = Array.from({ length: PEOPLE }, (_, p) => ({
    id: `person${p}`,
    name:
      p < NAMED
        ? `${FIRST_NAMES[p % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(p / FIRST_NAMES.length) % LAST_NAMES.length]}`
        : null,
  }));
  for (let i = 0; i < photoCount; i += 1) {
    const own = i % 10 !== 9;
    const owner = own ? viewerId : OTHER;
    const date = new Date(START_MS + Math.floor(random() * SPAN_MS)).toISOString();
    const [make, model] = cameraOf(random);
    const located = own && random() < 0.7;
    const place = located ? placeOf(random) : null;
    const id = `f${i}`;
    files.push({
      id,
      owner,
      name: `IMG_${String(i).padStart(6, '0')}.jpg`,
      make,
      model,
      date,
      latitudeE7: place?.latitudeE7 ?? null,
      longitudeE7: place?.longitudeE7 ?? null,
      city: place?.city ?? null,
      country: place?.country ?? null,
      placeVersion: place ? 1 : 0,
    });
    const album = own ? `a${i % ALBUMS}` : 'a-other';
    photos.push({ id: `p${i}`, album, file: id, owner, date });
    if (own && random() < 0.4) {
      // Some people are in many photos (the family), most in few.
      const first = Math.floor(PEOPLE * random() ** 2);
      faces.push({ id: `face${i}a`, file: id, person: `person${first}` });
      if (random() < 0.3) {
        const second = (first + 1 + Math.floor(random() * (PEOPLE - 1))) % PEOPLE;
        faces.push({ id: `face${i}b`, file: id, person: `person${second}` });
      }
    }
  }
  const albums = [
    ...Array.from({ length: ALBUMS }, (_, a) => ({
      id: `a${a}`,
      owner: viewerId,
      visibility: a % 3 === 0 ? 'everyone' : 'owner',
      cover: `f${a}`,
    })),
    { id: 'a-other', owner: OTHER, visibility: 'everyone', cover: 'f9' },
  ];
  const archived = files.filter((f, i) => f.owner === viewerId && i % 10 === 4).map((f) => f.id);
  return { files, albums, photos, people, faces, archived };
}

const FILE_COLUMNS = [
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
  'camera_make',
  'camera_model',
  'date_taken',
  'latitude_e7',
  'longitude_e7',
  'place_city',
  'place_country',
  'place_version',
];

const fileValues = (f: FileRow) => [
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
  f.make,
  f.model,
  f.date,
  f.latitudeE7,
  f.longitudeE7,
  f.city,
  f.country,
  f.placeVersion,
];

/** Every table's rows as columns and values, in the order foreign keys need. */
function tables(viewerId: string): [string, string[], unknown[][]][] {
  const seeded = seedRows(viewerId);
  return [
    [
      'users',
      ['id', 'email_address', 'name', 'created_at'],
      [[OTHER, 'other@example.com', 'Someone Else', T0]],
    ],
    ['files', FILE_COLUMNS, seeded.files.map(fileValues)],
    [
      'albums',
      ['id', 'owner_id', 'name', 'cover_file_id', 'created_at', 'visibility'],
      seeded.albums.map((a) => [a.id, a.owner, `Album ${a.id}`, a.cover, T0, a.visibility]),
    ],
    [
      'photos',
      ['id', 'album_id', 'file_id', 'owner_id', 'created_at', 'sort_date'],
      seeded.photos.map((p) => [p.id, p.album, p.file, p.owner, T0, p.date]),
    ],
    [
      'people',
      ['id', 'owner_id', 'name', 'hidden', 'created_at'],
      seeded.people.map((p) => [p.id, viewerId, p.name, 0, T0]),
    ],
    [
      'faces',
      [
        'id',
        'file_id',
        'owner_id',
        'person_id',
        'box_x',
        'box_y',
        'box_w',
        'box_h',
        'score',
        'descriptor',
        'crop',
        'created_at',
      ],
      seeded.faces.map((f) => [
        f.id,
        f.file,
        viewerId,
        f.person,
        10,
        10,
        100,
        100,
        900,
        '[]',
        '',
        T0,
      ]),
    ],
    [
      'archived_files',
      ['file_id', 'user_id', 'archived_at'],
      seeded.archived.map((file) => [file, viewerId, T0]),
    ],
  ];
}

const COUNT_PHOTOS =
  'update albums set photo_count = (select count(*) from photos where album_id = albums.id)';

function seedSqlite(file: string, viewerId: string): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.transaction(() => {
    for (const [table, columns, rows] of tables(viewerId)) {
      const insert = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) insert.run(...row);
    }
    sqlite.prepare(COUNT_PHOTOS).run();
  })();
  sqlite.exec('analyze');
  sqlite.close();
}

async function seedPostgres(url: string, viewerId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  for (const [table, columns, rows] of tables(viewerId)) {
    await insertRows(client, table, columns, rows);
  }
  await client.query(COUNT_PHOTOS);
  await client.query('commit');
  await client.query('vacuum analyze');
  await client.end();
}

const searchUrl = (t: EngineTarget, q: string) =>
  `${t.appUrl}/api/search?${new URLSearchParams({ q, limit: String(LIMIT) }).toString()}`;

async function makeTarget(engine: Engine): Promise<EngineTarget> {
  const target = await startTarget(engine, {
    label: 'search',
    email: 'search@example.com',
    seeding: `${photoCount} photos (places, cameras, people and faces)`,
    seed: (where, uid) => (engine === 'sqlite' ? seedSqlite(where, uid) : seedPostgres(where, uid)),
    baseline: () => ({ route: '/photos', sql: () => BASELINE_SQL }),
  });
  for (const [label, q] of Object.entries(QUERIES)) {
    const result = await getJson<SearchResult>(searchUrl(target, q), target.idToken);
    console.log(
      `${engine}: ${label}: ${result.photos.length} photos on the first page` +
        `${result.nextCursor ? ' (more)' : ''}, ${result.people.length} people, ` +
        `${result.albums.length} albums`,
    );
  }
  if (explain) {
    try {
      await showPlans(target);
    } catch (error) {
      await target.close();
      throw error;
    }
  }
  return target;
}

const MEASURES: Record<string, Measure<EngineTarget>> = Object.fromEntries(
  Object.entries(QUERIES).map(([label, q]) => [
    label,
    async (t: EngineTarget) => {
      await getJson(searchUrl(t, q), t.idToken);
    },
  ]),
);

const baselineMeasure: Measure<EngineTarget> = async (t) => {
  const rows = await getJson<unknown[]>(`${t.baselineUrl}/photos`);
  if (rows.length !== LIMIT) throw new Error('a short baseline page');
};

/**
 * The page of photos each search reads (listVisiblePhotos), asked as the service asks it for the
 * query: its date range, the people its names call, and the text left with the countries it
 * names (timeline.service's search, decision 0107 and 0109).
 */
function pageOptions(viewerId: string): Record<string, PhotoPageOptions> {
  const anns = { ids: ['person0', 'person8', 'person16', 'person24', 'person32'], count: 1 };
  const base = { viewerId, limit: LIMIT + 1, after: undefined, set: 'photos' as const };
  return {
    'a person (Ann)': { ...base, people: anns },
    'a city (Lisbon)': { ...base, anyText: 'Lisbon', placeCountries: [] },
    'a country (Portugal)': { ...base, anyText: 'Portugal', placeCountries: ['PT'] },
    'a camera (sony)': { ...base, anyText: 'sony', placeCountries: [] },
    'a month (august 2024)': { ...base, from: '2024-08', until: '2024-09' },
    'person, city and year (Ann Lisbon 2024)': {
      ...base,
      from: '2024',
      until: '2025',
      people: anns,
      anyText: 'Lisbon',
      placeCountries: [],
    },
    'a file name (IMG_0123)': { ...base, anyText: 'IMG_0123', placeCountries: [] },
  };
}

/**
 * The plan and time of each search's queries (BENCH_EXPLAIN=1): the page of photos, the albums by
 * name and, where the text names people, the people listed beside the results.
 */
async function showPlans(target: EngineTarget): Promise<void> {
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
    for (const [label, options] of Object.entries(pageOptions(target.uid))) {
      const reads: [string, () => Promise<unknown>][] = [
        ['the page query', () => listVisiblePhotos(handle.db, options)],
        [
          'the albums by name',
          () =>
            listAlbumViews(handle.db, {
              limit: 20,
              after: undefined,
              viewerId: target.uid,
              nameLike: containsPattern(QUERIES[label] ?? ''),
            }),
        ],
      ];
      if (options.people) {
        const ids = options.people.ids;
        reads.push([
          'the people shown beside',
          () => listPeople(handle.db, target.uid, { includeHidden: false, ids }),
        ]);
      }
      for (const [what, read] of reads) {
        await planReads(handle.db, postgres, `${target.engine}, ${label}, ${what}`, read, sent);
      }
    }
  } finally {
    await handle.close();
  }
}

/** Runs `read`, then times and plans each query it sent (collected in `sent`). */
async function planReads(
  db: DatabaseHandle['db'],
  postgres: boolean,
  title: string,
  read: () => Promise<unknown>,
  sent: CompiledQuery[],
): Promise<void> {
  sent.length = 0;
  await read();
  const queries = [...sent];
  for (const [index, query] of queries.entries()) {
    // PostgreSQL's page first reads the names the text may mean (cameras, cities), then the page.
    const which = queries.length > 1 ? `, query ${index + 1} of ${queries.length}` : '';
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await db.executeQuery(query);
      times.push(performance.now() - started);
    }
    await printPlan(
      db,
      query,
      postgres,
      `${title}${which} (median of 5: ${median(times).toFixed(1)} ms)`,
    );
  }
}

async function main() {
  const run = startRun('search');
  const figures = await measureOnEngines(engines, makeTarget, MEASURES, baselineMeasure, {
    rounds,
    perRound: PER_ROUND,
  });
  console.log(
    `\nThe one search box over HTTP at ${photoCount} photos, ` +
      `${rounds * PER_ROUND} runs each, ${run.startedAt.toISOString()}, load average at the start ` +
      run.loadAverage.map((l) => l.toFixed(1)).join(' '),
  );
  console.log(`Baseline: a bare Fastify route running "${BASELINE_SQL}"`);
  printFigures(figures);
  run.finish({ photos: photoCount, limit: LIMIT, queries: QUERIES, figures });
}

await main();
