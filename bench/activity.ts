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
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/ports.js';
import { startRun } from './lib/results.js';
import { repoRoot, serverArgs, serverCommand, signUpUser } from './lib/server.js';
import { readSettings } from './lib/settings.js';
import { median, percentile, ratio } from './lib/stats.js';

const {
  BENCH_ACTIVITIES: activityCount,
  BENCH_ROUNDS: rounds,
  BENCH_DATABASES: engines,
} = readSettings({
  BENCH_ACTIVITIES: 100_000,
  BENCH_ROUNDS: 5,
  BENCH_DATABASES: ['sqlite', 'postgres'],
});
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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

/** The baseline: a bare Fastify route running one prepared statement, its row as JSON. */
async function startBaseline(engine: 'sqlite' | 'postgres', where: string, viewerId: string) {
  const port = await freePort();
  const args = JSON.stringify([viewerId, READ_AT]);
  const open =
    engine === 'sqlite'
      ? `const db = new (require('better-sqlite3'))(${JSON.stringify(where)}, { readonly: true });
         const statement = db.prepare(${JSON.stringify(baselineSql(() => '?'))});
         const read = async () => statement.get(...${args});`
      : `const pool = new (require('pg').Pool)({ connectionString: ${JSON.stringify(where)}, max: 2 });
         const read = async () => (await pool.query({ name: 'baseline', text: ${JSON.stringify(baselineSql((n) => `$${n}`))}, values: ${args} })).rows[0];`;
  const code = `${open}
    const app = require('fastify')();
    app.get('/unread', read);
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const url = `http://127.0.0.1:${port}`;
  const stop = await startProcess(['-e', code], {}, `${url}/unread`, false);
  return { url, stop };
}

interface Target {
  engine: string;
  appUrl: string;
  baselineUrl: string;
  idToken: string;
  close(): Promise<void>;
}

async function makeTarget(engine: 'sqlite' | 'postgres'): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-activity-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `photo_bench_activity_${randomBytes(4).toString('hex')}`;
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
  const { idToken, uid } = await signUpUser(appUrl, 'activity@example.com');
  const started = performance.now();
  const sqliteFile = path.join(dataDir, 'app.db');
  if (engine === 'sqlite') {
    const sqlite = new SQLite(sqliteFile);
    sqlite.pragma('journal_mode = WAL');
    sqlite.transaction(() => {
      for (const statement of seedStatements(uid)) sqlite.exec(statement);
    })();
    sqlite.exec('analyze');
    sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('begin');
    for (const statement of seedStatements(uid)) await client.query(statement);
    await client.query('commit');
    await client.query('vacuum analyze');
    await client.end();
  }
  console.log(
    `${engine}: ${2 * activityCount} entries seeded in ${Math.round(performance.now() - started)} ms`,
  );
  const baseline = await startBaseline(engine, databaseUrl ?? sqliteFile, uid);
  return {
    engine: engine === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    appUrl,
    baselineUrl: baseline.url,
    idToken,
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

async function getJson<T>(url: string, idToken?: string): Promise<T> {
  const res = await fetch(url, { headers: idToken ? { idToken } : {} });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

type Measure = (target: Target) => Promise<void>;

const MEASURES: Record<string, Measure> = {
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

const baselineMeasure: Measure = async (t) => {
  const row = await getJson<{ count: number | string }>(`${t.baselineUrl}/unread`);
  if (Number(row.count) !== 100) throw new Error(`the baseline counted ${row.count}`);
};

async function timeRound(target: Target, measure: Measure, into: number[]): Promise<void> {
  for (let i = 0; i < PER_ROUND; i += 1) {
    const started = performance.now();
    await measure(target);
    into.push(performance.now() - started);
  }
}

async function measureEngine(engine: 'sqlite' | 'postgres') {
  const target = await makeTarget(engine);
  try {
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
  const run = startRun('activity');
  const figures: Awaited<ReturnType<typeof measureEngine>> = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers())) continue;
    figures.push(...(await measureEngine(engine)));
  }
  console.log(
    `\nThe activity feed over HTTP at ${activityCount} entries of one person (and as many of ` +
      `others), ${rounds * PER_ROUND} runs each, ${run.startedAt.toISOString()}, load average ` +
      `at the start ${run.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(`Baseline: a bare Fastify route running "${baselineSql(() => '?')}"`);
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
  run.finish({ activities: activityCount, albums: ALBUMS, figures });
}

await main();
