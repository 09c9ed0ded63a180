// The activity badge at scale: GET /api/activity/unread (the unread count, counted up to 100) and
// GET /api/activity (the first page of 50) for a person with BENCH_ACTIVITIES entries (100,000)
// in their feed, half of them after their read mark, spread over albums of which they no longer
// see some, plus as many entries of other people. Over HTTP from the app's server in its own
// process (source or build: BENCH_SERVER), on SQLite and PostgreSQL. Each is timed
// BENCH_ROUNDS x 20 times in turn with a baseline measured in the same run: a bare Fastify route,
// in its own process, running one prepared statement that counts the same person's rows after
// the read mark (up to 100) with no access rule. Prints median and p95 of each and their ratios
// to the baseline's. Never gates CI.
// Run: npm run bench:activity
//   BENCH_ACTIVITIES (100000), BENCH_ROUNDS (5), BENCH_DATABASES (sqlite,postgres),
//   TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres)
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  measureOnEngines,
  printFigures,
  startTarget,
  type Engine,
  type EngineTarget,
  type Measure,
} from './lib/engines.js';
import { startRun } from './lib/results.js';
import { getJson } from './lib/server.js';
import { readSettings } from './lib/settings.js';

const {
  BENCH_ACTIVITIES: activityCount,
  BENCH_ROUNDS: rounds,
  BENCH_DATABASES: engines,
} = readSettings({
  BENCH_ACTIVITIES: 100_000,
  BENCH_ROUNDS: 5,
  BENCH_DATABASES: ['sqlite', 'postgres'],
});
const PER_ROUND = 20;
const ALBUMS = 200;
const OTHERS = 50;
/** The read mark: entries are dated T1000000 … ; those after it are unread. */
const READ_AT = `T${1_000_000 + Math.floor(activityCount / 2)}`;
const baselineSql = (placeholder: (n: number) => string) =>
  `select count(*) as count from (select id from activities where user_id = ${placeholder(1)} and created_at > ${placeholder(2)} limit 100) unread`;

/**
 * The seed, as SQL both engines run: people, albums of others (6 in 10 seen by everyone, 3 by
 * members, of which the viewer is a member of every other one, 1 by the owner alone), a photo per
 * album, and the entries: the viewer's, and as many of others'.
 */
function seedStatements(viewerId: string): string[] {
  const series = (count: number, insert: string) =>
    `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1}) ${insert}`;
  const t = "'2026-01-01T00:00:00.000Z'";
  return [
    series(
      OTHERS,
      `insert into users (id, email_address, name, created_at) select 'o' || i, 'o' || i || '@example.com', 'Owner ' || i, ${t} from n`,
    ),
    series(
      ALBUMS,
      `insert into files (id, owner_id, blob_key, content_type, size, width, height, sha256, created_at, derived_state) select 'f' || i, 'o' || (i % ${OTHERS}), 'k' || i, 'image/jpeg', 1, 4, 3, 's' || i, ${t}, 'ready' from n`,
    ),
    series(
      ALBUMS,
      `insert into albums (id, owner_id, name, cover_file_id, created_at, visibility) select 'a' || i, 'o' || (i % ${OTHERS}), 'Album ' || i, 'f' || i, ${t}, case when i % 10 < 6 then 'everyone' when i % 10 < 9 then 'invited' else 'owner' end from n`,
    ),
    series(
      ALBUMS,
      `insert into photos (id, album_id, file_id, owner_id, created_at, sort_date) select 'p' || i, 'a' || i, 'f' || i, 'o' || (i % ${OTHERS}), ${t}, ${t} from n`,
    ),
    series(
      ALBUMS,
      `insert into album_members (album_id, user_id, role, created_at) select 'a' || i, '${viewerId}', 'viewer', ${t} from n where i % 10 >= 6 and i % 10 < 9 and i % 2 = 0`,
    ),
    series(
      activityCount,
      `insert into activities (id, user_id, kind, album_id, photo_id, actor_id, actor_name, count, excerpt, created_at) select 'v' || i, '${viewerId}', 'comment', 'a' || (i % ${ALBUMS}), 'p' || (i % ${ALBUMS}), 'o1', 'Owner 1', 1, 'Lovely', 'T' || (1000000 + i) from n`,
    ),
    series(
      activityCount,
      `insert into activities (id, user_id, kind, album_id, photo_id, actor_id, actor_name, count, excerpt, created_at) select 'w' || i, 'o' || (i % ${OTHERS}), 'like', 'a' || (i % ${ALBUMS}), 'p' || (i % ${ALBUMS}), 'o1', 'Owner 1', 1, null, 'T' || (1000000 + i) from n`,
    ),
    `update users set activity_read_at = '${READ_AT}' where id = '${viewerId}'`,
  ];
}

/** Seeds the database `where` for the viewer `uid` (seedStatements), then updates its statistics. */
async function seed(engine: Engine, where: string, uid: string): Promise<void> {
  if (engine === 'sqlite') {
    const sqlite = new SQLite(where);
    sqlite.pragma('journal_mode = WAL');
    sqlite.transaction(() => {
      for (const statement of seedStatements(uid)) sqlite.exec(statement);
    })();
    sqlite.exec('analyze');
    sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    await client.query('begin');
    for (const statement of seedStatements(uid)) await client.query(statement);
    await client.query('commit');
    await client.query('vacuum analyze');
    await client.end();
  }
}

function makeTarget(engine: Engine): Promise<EngineTarget> {
  return startTarget(engine, {
    label: 'activity',
    email: 'activity@example.com',
    seeding: `${2 * activityCount} entries`,
    seed: (where, uid) => seed(engine, where, uid),
    // The baseline: the same person's rows after the read mark, counted up to 100, as JSON.
    baseline: (uid) => ({ route: '/unread', sql: baselineSql, values: [uid, READ_AT], one: true }),
  });
}

const MEASURES: Record<string, Measure<EngineTarget>> = {
  'unread count': async (t) => {
    const unread = await getJson<{ count: number; more: boolean }>(
      `${t.appUrl}/api/activity/unread`,
      t.idToken,
    );
    if (!unread.more) throw new Error(`the unread count is ${unread.count}, expected 99+`);
  },
  'feed, first page (50)': async (t) => {
    const page = await getJson<unknown[]>(`${t.appUrl}/api/activity?limit=50`, t.idToken);
    if (page.length !== 50) throw new Error('a short first page');
  },
};

const baselineMeasure: Measure<EngineTarget> = async (t) => {
  const row = await getJson<{ count: number | string }>(`${t.baselineUrl}/unread`);
  if (Number(row.count) !== 100) throw new Error(`the baseline counted ${row.count}`);
};

async function main() {
  const run = startRun('activity');
  const figures = await measureOnEngines(engines, makeTarget, MEASURES, baselineMeasure, {
    rounds,
    perRound: PER_ROUND,
  });
  console.log(
    `\nThe activity feed over HTTP at ${activityCount} entries of one person (and as many of ` +
      `others), ${rounds * PER_ROUND} runs each, ${run.startedAt.toISOString()}, load average ` +
      `at the start ${run.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(`Baseline: a bare Fastify route running "${baselineSql(() => '?')}"`);
  printFigures(figures);
  run.finish({ activities: activityCount, albums: ALBUMS, figures });
}

await main();
