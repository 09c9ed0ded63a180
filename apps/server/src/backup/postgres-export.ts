import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';

/**
 * The database as JSON lines, one file per table, read in one REPEATABLE READ transaction (one
 * consistent snapshot while the server writes): for hosts without pg_dump.
 */
const PAGE = 2000;
const INSERT_BATCH = 200;

export interface PostgresExport {
  /** The last migration applied when the export was made. */
  lastMigration: string;
  /** Tables in an order that inserts parents before children. */
  tables: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Public tables of the app (not Kysely's bookkeeping), parents before children. */
async function tablesInInsertOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name",
    )
  ).rows.map((row) => row.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) {
      if (edge.child === table && edge.parent !== table) visit(edge.parent, path);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export async function exportPostgres(databaseUrl: string, dir: string): Promise<PostgresExport> {
  await fs.mkdir(dir, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesInInsertOrder(client);
    const lastMigration = (
      await client.query<{ name: string }>(
        'select name from kysely_migration order by name desc limit 1',
      )
    ).rows[0]?.name;
    if (!lastMigration) throw new Error('the database has no migrations applied');
    for (const table of tables) {
      const out = createWriteStream(path.join(dir, `${table}.jsonl`));
      for (let offset = 0; ; offset += PAGE) {
        // ctid orders the rows of one snapshot stably.
        const page = await client.query(
          `select * from ${quote(table)} order by ctid limit ${PAGE} offset ${offset}`,
        );
        for (const row of page.rows) {
          if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
        }
        if (page.rows.length < PAGE) break;
      }
      out.end();
      await once(out, 'finish');
    }
    await client.query('commit');
    return { lastMigration, tables };
  } finally {
    await client.end();
  }
}

/** Into an empty database: the schema up to the export's migration, then every row, in one go. */
export async function importPostgres(
  databaseUrl: string,
  dir: string,
  exported: PostgresExport,
): Promise<void> {
  const handle = openDatabase({ databaseUrl, sqlitePath: ':memory:' });
  try {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo(exported.lastMigration);
    if (error) throw new Error('Database migration failed', { cause: error });
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Rows are copied as they were, counts kept by triggers included (photo_months): the
    // triggers must not count them again.
    for (const table of exported.tables) {
      await client.query(`alter table ${quote(table)} disable trigger user`);
    }
    for (const table of exported.tables) {
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const columns = Object.keys(batch[0]!);
        const values: unknown[] = [];
        const rows = batch.map((row) => {
          const placeholders = columns.map((column) => {
            values.push(row[column]);
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await client.query(
          `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${rows.join(', ')}`,
          values,
        );
        batch = [];
      };
      const lines = createInterface({ input: createReadStream(path.join(dir, `${table}.jsonl`)) });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(JSON.parse(line) as Record<string, unknown>);
        if (batch.length >= INSERT_BATCH) await flush();
      }
      await flush();
    }
    for (const table of exported.tables) {
      await client.query(`alter table ${quote(table)} enable trigger user`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
