// Album pages at scale: p50 of the first page and of a deep page (keyset cursor) of Recent Albums
// (50 albums, newest first, with the visibility rule) through the app's own repository code, at
// BENCH_LARGE albums (1M) against BENCH_SMALL (1k), on SQLite and on PostgreSQL, as ratios
// measured in the same run: the two databases of an engine are measured in alternating rounds.
// Then what the visibility rule costs: the large database's pages against the same pages without
// the rule (the owners' names joined, nothing else), in the same rounds.
// Prints figures; never gates CI.
// Run: npm run bench:scale
//   BENCH_SMALL (1000), BENCH_LARGE (1000000), BENCH_ROUNDS (10), BENCH_PER_ROUND (20),
//   BENCH_DATABASES (sqlite,postgres), BENCH_EXPLAIN (1: print each page's plan), TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from '../apps/server/src/db/database.js';
import type { Keyset } from '../apps/server/src/lib/paging.js';
import { createTestPostgresDatabase } from '../apps/server/src/test/postgres.js';
import { listAlbumViews } from '../apps/server/src/modules/albums/albums.repository.js';
import { printPlan } from './lib/query-plan.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { percentile, ratio } from './lib/stats.js';

const {
  BENCH_SMALL: small,
  BENCH_LARGE: large,
  BENCH_ROUNDS: rounds,
  BENCH_PER_ROUND: perRound,
  BENCH_DATABASES: engines,
  BENCH_EXPLAIN: explain,
} = readSettings({
  BENCH_SMALL: 1000,
  BENCH_LARGE: 1_000_000,
  BENCH_ROUNDS: 10,
  BENCH_PER_ROUND: 20,
  BENCH_DATABASES: ['sqlite', 'postgres'],
  BENCH_EXPLAIN: false,
});
const LIMIT = 50;
const OWNERS = 1000;
/** Every tenth album is invited-only and not shared with the viewer: the rule has work to do. */
const hidden = (i: number) => i % 10 === 3;
/** Every hundredth album is invited-only and shared with the viewer. */
const shared = (i: number) => i % 100 === 3;
/** Covers: each owner has one file. */
const FILES = OWNERS;
const START_MS = Date.parse('2020-01-01T00:00:00.000Z');
const VIEWER = 'viewer';

/** The last query sent, to show its plan (BENCH_EXPLAIN=1). */
let lastQuery: CompiledQuery | undefined;
const remember = (event: { query: CompiledQuery }) => {
  lastQuery = event.query;
};

/** EXPLAIN ANALYZE (PostgreSQL) or EXPLAIN QUERY PLAN (SQLite) of the page after `after`. */
async function showPlan(engine: string, target: Target, after: Keyset | undefined) {
  await page(target, after);
  await printPlan(
    target.handle.db,
    lastQuery!,
    engine === 'PostgreSQL',
    `${engine}, ${target.albums} albums, ${after ? 'deep' : 'first'} page`,
  );
}

interface Target {
  handle: DatabaseHandle;
  albums: number;
  /** The page after this album is the deep page: 90% down the list. */
  deep: Keyset;
  drop(): Promise<void>;
}

/** Album i (0: oldest): its id and creation time, the same on both engines. */
const albumId = (i: number) => `a${String(i).padStart(9, '0')}`;
const createdAt = (i: number) => new Date(START_MS + i * 1000).toISOString();
const deepKeyset = (albums: number): Keyset => {
  const i = Math.floor(albums * 0.1);
  return { key: createdAt(i), id: albumId(i) };
};

/** A seeded database: dropping it closes the handle, then removes where the data lies. */
function seeded(handle: DatabaseHandle, albums: number, remove: () => Promise<void>): Target {
  return {
    handle,
    albums,
    deep: deepKeyset(albums),
    drop: async () => {
      await handle.close();
      await remove();
    },
  };
}

async function seedSqlite(albums: number): Promise<Target> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-scale-'));
  const file = path.join(dir, 'app.db');
  const migrating = openDatabase({ sqlitePath: file });
  await migrateToLatest(migrating.db);
  await migrating.close();
  const started = performance.now();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const now = createdAt(0);
  const insertUser = sqlite.prepare(
    'insert into users (id, email_address, name, profile_pic_file_id, created_at) values (?, ?, ?, null, ?)',
  );
  const insertAlbum = sqlite.prepare(
    'insert into albums (id, owner_id, name, cover_file_id, created_at, visibility) values (?, ?, ?, ?, ?, ?)',
  );
  const insertMember = sqlite.prepare(
    "insert into album_members (album_id, user_id, role, created_at) values (?, ?, 'viewer', ?)",
  );
  sqlite.transaction(() => {
    insertUser.run(VIEWER, 'viewer@example.com', 'Viewer', now);
    for (let u = 0; u < OWNERS; u += 1)
      insertUser.run(`u${u}`, `u${u}@example.com`, `User ${u}`, now);
    const insertFile = sqlite.prepare(
      "insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at) values (?, ?, ?, 'image/jpeg', 1, 1, 1, ?, ?)",
    );
    for (let f = 0; f < FILES; f += 1) insertFile.run(`f${f}`, `u${f}`, `k${f}`, `s${f}`, now);
    for (let i = 0; i < albums; i += 1) {
      insertAlbum.run(
        albumId(i),
        `u${i % OWNERS}`,
        `Album ${i}`,
        `f${i % FILES}`,
        createdAt(i),
        hidden(i) ? 'invited' : 'everyone',
      );
      if (shared(i)) insertMember.run(albumId(i), VIEWER, now);
    }
  })();
  sqlite.exec('analyze');
  sqlite.close();
  const seedMs = performance.now() - started;
  const handle = openDatabase({ sqlitePath: file, log: remember });
  console.log(`sqlite: ${albums} albums seeded in ${Math.round(seedMs)} ms`);
  return seeded(handle, albums, () => fs.rm(dir, { recursive: true, force: true }));
}

async function seedPostgres(albums: number): Promise<Target> {
  const database = await createTestPostgresDatabase();
  const handle = openDatabase({ databaseUrl: database.url, sqlitePath: '', log: remember });
  await migrateToLatest(handle.db);
  const started = performance.now();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const start = createdAt(0);
  await client.query(
    `insert into users (id, email_address, name, profile_pic_file_id, created_at)
     values ($1, 'viewer@example.com', 'Viewer', null, $2)`,
    [VIEWER, start],
  );
  await client.query(
    `insert into users (id, email_address, name, profile_pic_file_id, created_at)
     select 'u' || u, 'u' || u || '@example.com', 'User ' || u, null, $2
     from generate_series(0, $1 - 1) as u`,
    [OWNERS, start],
  );
  await client.query(
    `insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at)
     select 'f' || f, 'u' || f, 'k' || f, 'image/jpeg', 1, 1, 1, 's' || f, $2
     from generate_series(0, $1 - 1) as f`,
    [FILES, start],
  );
  // The same ids, owners, times and visibilities as on SQLite.
  await client.query(
    `insert into albums (id, owner_id, name, cover_file_id, created_at, visibility)
     select 'a' || lpad(i::text, 9, '0'), 'u' || (i % $2), 'Album ' || i, 'f' || (i % $2),
            to_char(timestamp '2020-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            case when i % 10 = 3 then 'invited' else 'everyone' end
     from generate_series(0, $1 - 1) as i`,
    [albums, OWNERS],
  );
  await client.query(
    `insert into album_members (album_id, user_id, role, created_at)
     select 'a' || lpad(i::text, 9, '0'), $2, 'viewer', $3
     from generate_series(3, $1 - 1, 100) as i`,
    [albums, VIEWER, start],
  );
  await client.query('vacuum analyze');
  await client.end();
  console.log(`postgres: ${albums} albums seeded in ${Math.round(performance.now() - started)} ms`);
  return seeded(handle, albums, database.drop);
}

async function page(target: Target, after: Keyset | undefined): Promise<void> {
  const rows = await listAlbumViews(target.handle.db, {
    limit: LIMIT + 1,
    after,
    viewerId: VIEWER,
  });
  if (rows.length !== LIMIT + 1) throw new Error(`a page held ${rows.length} rows`);
}

/** The same page without the visibility rule: every album, with its owner's name. */
async function unfilteredPage(target: Target, after: Keyset | undefined): Promise<void> {
  let query = target.handle.db
    .selectFrom('albums')
    .innerJoin('users', 'users.id', 'albums.owner_id')
    .selectAll('albums')
    .select('users.name as owner_name');
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('albums.created_at', 'albums.id'), '<', eb.tuple(after.key, after.id)),
    );
  }
  const rows = await query
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(LIMIT + 1)
    .execute();
  if (rows.length !== LIMIT + 1) throw new Error(`a page held ${rows.length} rows`);
}

async function timeRound(
  target: Target,
  after: Keyset | undefined,
  into: number[],
  read: typeof page = page,
) {
  for (let i = 0; i < perRound; i += 1) {
    const started = performance.now();
    await read(target, after);
    into.push(performance.now() - started);
  }
}

const p50 = (values: number[]) => percentile(values, 0.5);

async function measure(engine: string, seed: (albums: number) => Promise<Target>) {
  const smallTarget = await seed(small);
  const largeTarget = await seed(large);
  try {
    const times = {
      smallFirst: [] as number[],
      smallDeep: [] as number[],
      largeFirst: [] as number[],
      largeDeep: [] as number[],
      unfilteredFirst: [] as number[],
      unfilteredDeep: [] as number[],
    };
    // Warm both (caches, prepared statements), then alternate.
    for (const target of [smallTarget, largeTarget]) {
      await timeRound(target, undefined, []);
      await timeRound(target, target.deep, []);
    }
    await timeRound(largeTarget, undefined, [], unfilteredPage);
    await timeRound(largeTarget, largeTarget.deep, [], unfilteredPage);
    if (explain) {
      for (const target of [smallTarget, largeTarget]) {
        await showPlan(engine, target, undefined);
        await showPlan(engine, target, target.deep);
      }
    }
    for (let r = 0; r < rounds; r += 1) {
      await timeRound(smallTarget, undefined, times.smallFirst);
      await timeRound(largeTarget, undefined, times.largeFirst);
      await timeRound(smallTarget, smallTarget.deep, times.smallDeep);
      await timeRound(largeTarget, largeTarget.deep, times.largeDeep);
      await timeRound(largeTarget, undefined, times.unfilteredFirst, unfilteredPage);
      await timeRound(largeTarget, largeTarget.deep, times.unfilteredDeep, unfilteredPage);
    }
    const pages = (label: string, base: number[], measured: number[]) => ({
      engine,
      page: label,
      baseP50Ms: p50(base),
      p50Ms: p50(measured),
      ratio: p50(measured) / p50(base),
    });
    return {
      scale: [
        pages('first page', times.smallFirst, times.largeFirst),
        pages('deep page (keyset, 90% down)', times.smallDeep, times.largeDeep),
      ],
      visibility: [
        pages('first page', times.unfilteredFirst, times.largeFirst),
        pages('deep page (keyset, 90% down)', times.unfilteredDeep, times.largeDeep),
      ],
    };
  } finally {
    await smallTarget.drop();
    await largeTarget.drop();
  }
}

async function main() {
  const run = startRun('scale');
  const measured: Awaited<ReturnType<typeof measure>>[] = [];
  for (const engine of engines) {
    if (engine === 'sqlite') measured.push(await measure('SQLite', seedSqlite));
    else measured.push(await measure('PostgreSQL', seedPostgres));
  }
  const scale = measured.flatMap((m) => m.scale);
  const visibility = measured.flatMap((m) => m.visibility);
  const line = (p: (typeof scale)[number]) =>
    `| ${p.engine} | ${p.page} | ${p.baseP50Ms.toFixed(3)} | ${p.p50Ms.toFixed(3)} | ${ratio(p.p50Ms, p.baseP50Ms)} |`;
  console.log(
    `\nAlbum pages of ${LIMIT}, ${small} vs ${large} albums, p50 of ${rounds * perRound} each, ` +
      `${run.startedAt.toISOString()}, load average at the start ${run.loadAverage
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(`| engine | page | p50 ms at ${small} | p50 ms at ${large} | ratio |`);
  console.log('|---|---|---|---|---|');
  for (const p of scale) console.log(line(p));
  console.log(`\nThe visibility rule at ${large} albums, against the same pages without it:`);
  console.log('| engine | page | p50 ms without the rule | p50 ms with it | ratio |');
  console.log('|---|---|---|---|---|');
  for (const p of visibility) console.log(line(p));
  run.finish({ limit: LIMIT, scale, visibility });
}

await main();
