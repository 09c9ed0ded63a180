// The app's server over HTTP on SQLite and on PostgreSQL, each request timed in turn with a
// baseline measured in the same run: a bare Fastify route, in its own process, running one
// prepared statement on the same database. For benchmarks of reads at scale (activity, timeline).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createTestPostgresDatabase,
  postgresAvailability,
} from '../../apps/server/src/test/postgres.js';
import { freePort } from '../../apps/server/src/test/ports.js';
import { repoRoot, signUpUser, spawnServer, startAppProcess } from './server.js';
import { median, percentile, ratio } from './stats.js';

export type Engine = 'sqlite' | 'postgres';

/** The engine as the figures name it. */
const engineName = (engine: Engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');

const serverDir = path.join(repoRoot, 'apps/server');

/**
 * The app's server (source or build: BENCH_SERVER), logging only errors, on a fresh data folder
 * named after `label` and, on PostgreSQL, a fresh database. `where` is the SQLite file or the
 * PostgreSQL database's URL; `stop` stops the server, then removes the folder and the database.
 */
async function startAppOn(engine: Engine, label: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
  const database = engine === 'postgres' ? await createTestPostgresDatabase() : undefined;
  const server = await startAppProcess(dataDir, {
    cwd: serverDir,
    logLevel: 'error',
    env: database ? { DATABASE_URL: database.url } : {},
  });
  return {
    url: server.url,
    where: database?.url ?? path.join(dataDir, 'app.db'),
    stop: async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

export interface BaselineQuery {
  route: string;
  sql: (placeholder: (n: number) => string) => string;
  values?: unknown[];
  one?: boolean;
}

/**
 * The baseline: a bare Fastify route GET `route` running one prepared statement, `sql` written
 * with the engine's placeholders (`?` or `$n`), with `values`, on the database `where`; it
 * answers the rows as JSON, or with `one` the first row.
 */
async function startBaselineRoute(
  engine: Engine,
  where: string,
  query: BaselineQuery,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const values = JSON.stringify(query.values ?? []);
  const rows = query.one ? '[0]' : '';
  const open =
    engine === 'sqlite'
      ? `const db = new (require('better-sqlite3'))(${JSON.stringify(where)}, { readonly: true });
         const statement = db.prepare(${JSON.stringify(query.sql(() => '?'))});
         const read = async () => statement.${query.one ? 'get' : 'all'}(...${values});`
      : `const pool = new (require('pg').Pool)({ connectionString: ${JSON.stringify(where)}, max: 2 });
         const read = async () => (await pool.query({ name: 'baseline', text: ${JSON.stringify(query.sql((n) => `$${n}`))}, values: ${values} })).rows${rows};`;
  const code = `${open}
    const app = require('fastify')();
    app.get(${JSON.stringify(query.route)}, read);
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawnServer(['-e', code], { port, probe: query.route, cwd: serverDir });
}

/** What a benchmark measures on one engine: the app's server and the baseline route beside it. */
export interface EngineTarget {
  /** SQLite or PostgreSQL, as the figures name it. */
  engine: string;
  appUrl: string;
  baselineUrl: string;
  /** The person signed up, whose data was seeded. */
  idToken: string;
  uid: string;
  /** The SQLite file, or the PostgreSQL database's URL. */
  where: string;
  close(): Promise<void>;
}

/**
 * The app's server on `engine` with a person signed up as `email`, the database then seeded for
 * them by `seed` (timed, and said as `${seeding} seeded`), then the baseline route on the same
 * database.
 */
export async function startTarget(
  engine: Engine,
  options: {
    label: string;
    email: string;
    seeding: string;
    seed: (where: string, uid: string) => void | Promise<void>;
    baseline: (uid: string) => BaselineQuery;
  },
): Promise<EngineTarget> {
  const app = await startAppOn(engine, options.label);
  const { idToken, uid } = await signUpUser(app.url, options.email);
  const started = performance.now();
  await options.seed(app.where, uid);
  console.log(
    `${engine}: ${options.seeding} seeded in ${Math.round(performance.now() - started)} ms`,
  );
  const baseline = await startBaselineRoute(engine, app.where, options.baseline(uid));
  return {
    engine: engineName(engine),
    appUrl: app.url,
    baselineUrl: baseline.url,
    idToken,
    uid,
    where: app.where,
    close: async () => {
      await baseline.stop();
      await app.stop();
    },
  };
}

/** One request, checked, as a round times it. */
export type Measure<T> = (target: T) => Promise<void>;

export interface Figure {
  engine: string;
  measure: string;
  medianMs: number;
  p95Ms: number;
  baselineMedianMs: number;
  baselineP95Ms: number;
}

/**
 * Times each of `measures` against `baseline` on `target`: a round of each first to warm up
 * (prepared statements, caches), then `rounds` rounds in which each measure, in turn, runs
 * `perRound` times right after the baseline did. Answers each measure's median and p95, and the
 * baseline's over all the rounds.
 */
async function timeAgainstBaseline<T extends EngineTarget>(
  target: T,
  measures: Record<string, Measure<T>>,
  baseline: Measure<T>,
  { rounds, perRound }: { rounds: number; perRound: number },
): Promise<Figure[]> {
  const timeRound = async (measure: Measure<T>, into: number[]) => {
    for (let i = 0; i < perRound; i += 1) {
      const started = performance.now();
      await measure(target);
      into.push(performance.now() - started);
    }
  };
  const names = Object.keys(measures);
  const times: Record<string, number[]> = { baseline: [] };
  for (const name of names) times[name] = [];
  await timeRound(baseline, []);
  for (const name of names) await timeRound(measures[name]!, []);
  for (let r = 0; r < rounds; r += 1) {
    for (const name of names) {
      await timeRound(baseline, times.baseline!);
      await timeRound(measures[name]!, times[name]!);
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
}

/** The engines that answer, in order: PostgreSQL is left out, and said so, when it does not. */
export async function answeringEngines(engines: readonly Engine[]): Promise<Engine[]> {
  const answering: Engine[] = [];
  for (const engine of engines) {
    if (engine === 'postgres') {
      const { available, reason } = await postgresAvailability();
      if (!available) {
        console.log(`PostgreSQL skipped: it does not answer (${reason})`);
        continue;
      }
    }
    answering.push(engine);
  }
  return answering;
}

/**
 * On each engine in turn: a target made by `start`, `measures` timed on it against `baseline`
 * (see timeAgainstBaseline), and the target closed. PostgreSQL is skipped, and said so, when it
 * does not answer.
 */
export async function measureOnEngines<T extends EngineTarget>(
  engines: readonly Engine[],
  start: (engine: Engine) => Promise<T>,
  measures: Record<string, Measure<T>>,
  baseline: Measure<T>,
  rounds: { rounds: number; perRound: number },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const engine of await answeringEngines(engines)) {
    const target = await start(engine);
    try {
      figures.push(...(await timeAgainstBaseline(target, measures, baseline, rounds)));
    } finally {
      await target.close();
    }
  }
  return figures;
}

/** The figures as a table, with the ratios of their medians and p95s to the baseline's. */
export function printFigures(figures: readonly Figure[]): void {
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
}
