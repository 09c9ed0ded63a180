// The timeline at scale: GET /api/timeline/months (the month index) and GET /api/timeline (the
// first page of 200, then a page of one month, and a search) for a signed-in person, over HTTP
// from the app's server in its own process (source or build: BENCH_SERVER), on BENCH_PHOTOS photos (100,000)
// seeded straight into the database over ten years and a few hundred albums of mixed visibility,
// one in a hundred files shown in a second album. Each is timed BENCH_ROUNDS x 20 times in turn
// with a baseline measured in the same run: a bare Fastify route, in its own process, running one
// prepared statement, `select … from photos order by sort_date desc limit 200`, on the same
// database. The server logs only errors. Prints median
// and p95 of each, and their ratios to the baseline's. Never gates CI.
// Run: npm run bench:timeline
//   BENCH_PHOTOS (100000), BENCH_ROUNDS (5), BENCH_DATABASES (sqlite,postgres),
//   BENCH_EXPLAIN (1: print each query's plan), TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { freePort } from '../apps/server/src/test/ports.js';
import {
  countVisiblePhotosByMonth,
  listVisiblePhotos,
} from '../apps/server/src/modules/timeline/timeline.repository.js';
import { startRun } from './lib/results.js';
import { repoRoot, serverArgs, serverCommand, signUpUser } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median, percentile, ratio } from './lib/stats.js';

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
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
}

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
  return { photos, files };
}

interface Target {
  engine: string;
  /** The app's server, and the baseline's. */
  appUrl: string;
  baselineUrl: string;
  idToken: string;
  uid: string;
  /** The SQLite file, or the PostgreSQL URL. */
  where: string;
  /** The month with the most photos: the month page's. */
  busiestMonth: string;
  close(): Promise<void>;
}

/** A server process started with `args`; resolves once `probe` answers. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  probe: string,
  wrapped: boolean,
): Promise<() => Promise<void>> {
  const child = spawn(...serverCommand(args, { wrapped }), {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(probe)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${probe} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
}

const T0 = '2016-01-01T00:00:00.000Z';

function seedSqlite(file: string, viewerId: string): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const { photos, files } = seedRows(viewerId);
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
  const { photos, files } = seedRows(viewerId);
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
  await client.query(
    'update albums set photo_count = (select count(*) from photos where album_id = albums.id)',
  );
  await client.query('commit');
  await client.query('vacuum analyze');
  await client.end();
}

/** The baseline: a bare Fastify route running one prepared statement, its rows as JSON. */
async function startBaseline(engine: 'sqlite' | 'postgres', where: string) {
  const port = await freePort();
  const open =
    engine === 'sqlite'
      ? `const db = new (require('better-sqlite3'))(${JSON.stringify(where)}, { readonly: true });
         const statement = db.prepare(${JSON.stringify(BASELINE_SQL)});
         const read = async () => statement.all();`
      : `const pool = new (require('pg').Pool)({ connectionString: ${JSON.stringify(where)}, max: 2 });
         const read = async () => (await pool.query({ name: 'baseline', text: ${JSON.stringify(BASELINE_SQL)} })).rows;`;
  const code = `${open}
    const app = require('fastify')();
    app.get('/photos', read);
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const url = `http://127.0.0.1:${port}`;
  const stop = await startProcess(['-e', code], {}, `${url}/photos`, false);
  return { url, stop };
}

async function makeTarget(engine: 'sqlite' | 'postgres'): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-timeline-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `photo_bench_timeline_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const stopApp = await startProcess(
    serverArgs().args,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    `${appUrl}/api/health`,
    true,
  );
  const { idToken, uid } = await signUpUser(appUrl, 'timeline@example.com');
  const started = performance.now();
  const sqliteFile = path.join(dataDir, 'app.db');
  if (engine === 'sqlite') seedSqlite(sqliteFile, uid);
  else await seedPostgres(databaseUrl!, uid);
  console.log(
    `${engine}: ${photoCount} photos seeded in ${Math.round(performance.now() - started)} ms`,
  );
  const where = databaseUrl ?? sqliteFile;
  const baseline = await startBaseline(engine, where);
  const index = await getJson<{ months: { month: string; count: number }[]; total: number }>(
    `${appUrl}/api/timeline/months`,
    idToken,
  );
  const busiestMonth = [...index.months].sort((a, b) => b.count - a.count)[0]!.month;
  console.log(`${engine}: the viewer sees ${index.total} photos in ${index.months.length} months`);
  return {
    engine: engine === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    appUrl,
    baselineUrl: baseline.url,
    idToken,
    uid,
    where,
    busiestMonth,
    close: async () => {
      await baseline.stop();
      await stopApp();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/** GETs a URL (with the idToken when given), reads the whole body, and answers it as JSON. */
async function getJson<T>(url: string, idToken?: string): Promise<T> {
  const res = await fetch(url, { headers: idToken ? { idToken } : {} });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

type Measure = (target: Target) => Promise<void>;

const MEASURES: Record<string, Measure> = {
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
  'search by file name (first page)': async (t) => {
    await getJson(`${t.appUrl}/api/search?q=IMG_0123&limit=${LIMIT}`, t.idToken);
  },
};

const baselineMeasure: Measure = async (t) => {
  const rows = await getJson<unknown[]>(`${t.baselineUrl}/photos`);
  if (rows.length !== LIMIT) throw new Error('a short baseline page');
};

async function timeRound(target: Target, measure: Measure, into: number[]): Promise<void> {
  for (let i = 0; i < PER_ROUND; i += 1) {
    const started = performance.now();
    await measure(target);
    into.push(performance.now() - started);
  }
}

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
    ];
    for (const [label, run] of cases) {
      sent.length = 0;
      await run();
      for (const query of [...sent]) {
        const result = await handle.db.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(
            `${postgres ? 'explain (analyze, buffers)' : 'explain query plan'} ${query.sql}`,
            [...query.parameters],
          ),
        );
        console.log(`${target.engine}, ${label}:`);
        for (const row of result.rows) {
          console.log(`  ${String(postgres ? row['QUERY PLAN'] : row.detail)}`);
        }
      }
    }
  } finally {
    await handle.close();
  }
}

async function measureEngine(engine: 'sqlite' | 'postgres') {
  const target = await makeTarget(engine);
  try {
    if (explain) await showPlans(target);
    const names = Object.keys(MEASURES);
    const times: Record<string, number[]> = { baseline: [] };
    for (const name of names) times[name] = [];
    // Warm up every route (prepared statements, caches), then alternate with the baseline.
    await timeRound(target, baselineMeasure, []);
    for (const name of names) await timeRound(target, MEASURES[name]!, []);
    for (let r = 0; r < rounds; r += 1) {
      for (const name of names) {
        await timeRound(target, baselineMeasure, times.baseline!);
        await timeRound(target, MEASURES[name]!, times[name]!);
      }
    }
    const base = times.baseline!;
    return names.map((name) => {
      const t = times[name]!;
      return {
        engine: target.engine,
        measure: name,
        medianMs: median(t),
        p95Ms: percentile(t, 0.95),
        baselineMedianMs: median(base),
        baselineP95Ms: percentile(base, 0.95),
      };
    });
  } finally {
    await target.close();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    console.log(`PostgreSQL skipped: ${postgresUrl} does not answer (${(error as Error).message})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const run = startRun('timeline');
  const figures: Awaited<ReturnType<typeof measureEngine>> = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers())) continue;
    figures.push(...(await measureEngine(engine)));
  }
  console.log(
    `\nThe timeline over HTTP at ${photoCount} photos, ${ALBUMS} albums, ` +
      `${rounds * PER_ROUND} runs each, ${run.startedAt.toISOString()}, load average at the start ` +
      run.loadAverage.map((l) => l.toFixed(1)).join(' '),
  );
  console.log(`Baseline: a bare Fastify route running "${BASELINE_SQL}"`);
  console.log(
    '| engine | request | median ms | p95 ms | baseline median / p95 ms | ratio (median) | ratio (p95) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.engine} | ${f.measure} | ${f.medianMs.toFixed(2)} | ${f.p95Ms.toFixed(2)} | ` +
        `${f.baselineMedianMs.toFixed(2)} / ${f.baselineP95Ms.toFixed(2)} | ` +
        `${ratio(f.medianMs, f.baselineMedianMs)} | ${ratio(f.p95Ms, f.baselineP95Ms)} |`,
    );
  }
  run.finish({ photos: photoCount, albums: ALBUMS, limit: LIMIT, figures });
}

await main();
