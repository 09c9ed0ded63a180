import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyConfig,
} from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';
import { kyselySqlite } from './sqlite-statements.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent, SQLite at sqlitePath. */
  databaseUrl?: string | undefined;
  /** File path, or ':memory:'. */
  sqlitePath: string;
  /** Told of errors of idle PostgreSQL connections. */
  onPoolError?: (error: Error) => void;
  /** Told of every query run (Kysely's log): tests read the SQL the repositories send. */
  log?: KyselyConfig['log'];
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not end the process:
    // the pool replaces it, and queries in flight fail and are answered as errors.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...(options.log ? { log: options.log } : {}),
    });
    return { db, close: () => db.destroy() };
  }
  if (options.sqlitePath !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  }
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Pages read stay in memory: up to 64 MiB of page cache (the default is 2 MiB), and reads
  // through a memory map of up to 256 MiB of the file instead of a copy per page read. Both are
  // caches: they grow only with what is read, and losing them changes no answer.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }),
    ...(options.log ? { log: options.log } : {}),
  });
  return { db, close: () => db.destroy() };
}

/** Our lock among PostgreSQL's advisory locks: the one instance migrating holds it. */
const MIGRATION_LOCK_KEY = 7_318_264_051;

/**
 * Applies every pending migration; throws when one fails. Answers the names of those it applied.
 * On PostgreSQL, instances that start together take turns on an advisory lock: the first applies
 * the migrations, the others then find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  // A session lock, held on one connection while the migrations run on others.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    try {
      return await migrate(db);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    }
  });
}

async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error('Database migration failed', { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Answers whether the database responds. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
