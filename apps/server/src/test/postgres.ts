import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { noteTestDatabaseUse } from './test-database.js';

/** The server that test databases are created on. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailability(): Promise<{ available: boolean; reason: string }> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return { available: true, reason: '' };
  } catch (error) {
    return { available: false, reason: `${TEST_POSTGRES_URL}: ${(error as Error).message}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a fresh database for one test context; returns its URL and a function that drops it.
 * With `migrated`, the database starts with every migration applied (a copy of the migrated
 * template, see migratedTemplate); otherwise it is empty.
 */
export async function createTestPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  noteTestDatabaseUse('createTestPostgresDatabase');
  const template = options.migrated ? await migratedTemplate() : undefined;
  const name = `photo_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    // A commit is acknowledged before its WAL reaches the disk, as SQLite's synchronous = NORMAL
    // does for the other engine: a test server killed with SIGKILL still loses nothing (the
    // database server keeps running); only a crash of PostgreSQL itself could. The tests wait on
    // thousands of commits, each an fsync otherwise (about 2 ms here, against 0.5).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: databaseUrl(name),
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Our lock among PostgreSQL's advisory locks: the test run making the template holds it. */
const TEMPLATE_LOCK_KEY = 7_318_264_052;
/** Templates of other migration sets (other branches, earlier runs) kept besides this one. */
const OLD_TEMPLATES_KEPT = 4;

/**
 * The migrations' source and pg-boss's version: the template's name changes with any migration
 * added or edited, and with the pg-boss that made its schema. Read from the files beside the
 * migration index (tests run from the sources).
 */
function migrationsDigest(): string {
  const dir = new URL('../db/migrations/', import.meta.url);
  const hash = createHash('sha256');
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  hash.update(`pg-boss ${pgBoss.version}\0`);
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(new URL(file, dir)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * The name of a database with every migration applied (and pg-boss's schema), made once for a
 * migration set and then
 * copied by CREATE DATABASE … TEMPLATE (a file copy, where migrating anew takes a few hundred
 * milliseconds per test context). Test workers that start together take turns on an advisory
 * lock: the first makes it under another name and renames it when whole, the others find it made.
 */
export function migratedTemplate(): Promise<string> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function makeTemplate(): Promise<string> {
  const name = `photo_template_${migrationsDigest()}`;
  return withAdmin(async (admin) => {
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        // Left by a run stopped while making it.
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        // Loaded here: vitest.config.ts reads postgresAvailability from this file.
        const { migrateToLatest, openDatabase } = await import('../db/database.js');
        const handle = openDatabase({ databaseUrl: databaseUrl(building), sqlitePath: '' });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        // pg-boss's own tables, which the job queue makes when it first starts on a database (in
        // the schema infra/pg-boss-queue.ts names; under another name the queue makes its own).
        const { default: PgBoss } = await import('pg-boss');
        const boss = new PgBoss({
          connectionString: databaseUrl(building),
          schema: 'pgboss',
          max: 1,
          schedule: false,
          supervise: false,
        });
        await boss.start();
        await boss.stop({ graceful: false, wait: true });
        await admin.query(`alter database ${building} rename to ${name}`);
        await dropOldTemplates(admin, name);
      }
      return name;
    } finally {
      await admin.query(`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`);
    }
  });
}

/** Drops the oldest templates of other migration sets, keeping a few for runs of other branches. */
async function dropOldTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database
      where datname like 'photo\\_template\\_%' and datname <> $1
      order by oid desc offset $2`,
    [current, OLD_TEMPLATES_KEPT],
  );
  for (const { datname } of rows) {
    // A run still copying it keeps it: the next new template tries again.
    await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  }
}
