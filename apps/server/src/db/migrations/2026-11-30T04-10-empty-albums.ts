import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An album may hold no photo, and then has no cover (decision 0087): its cover may be null, in
  // Trash too.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table albums alter column cover_file_id drop not null`.execute(db);
    await sql`alter table trashed_albums alter column cover_file_id drop not null`.execute(db);
    return;
  }
  await sqliteColumnNullable(db, 'albums', 'cover_file_id');
  await sqliteColumnNullable(db, 'trashed_albums', 'cover_file_id');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Albums without a cover cannot stay: they go, with what cascades from them.
  await sql`delete from albums where cover_file_id is null`.execute(db);
  await sql`delete from trashed_albums where cover_file_id is null`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table albums alter column cover_file_id set not null`.execute(db);
    await sql`alter table trashed_albums alter column cover_file_id set not null`.execute(db);
  }
  // SQLite keeps the column nullable: nothing writes a null there any more.
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again from its own definition without it,
 * its rows copied, and its indexes and triggers made again, with foreign keys off meanwhile so
 * that dropping the old table cascades to nothing (SQLite's documented way of changing a table).
 * Migrations on SQLite run outside a transaction, so this takes its own.
 */
async function sqliteColumnNullable(db: Kysely<unknown>, table: string, column: string) {
  const definition = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const createSql = definition.rows[0]?.sql;
  if (!createSql) throw new Error(`No table ${table}`);
  const notNull = new RegExp(`("?${column}"?\\s+text)\\s+not null`, 'i');
  if (!notNull.test(createSql)) throw new Error(`${table}.${column} is not NOT NULL as expected`);
  const next = `${table}_next`;
  const nextSql = createSql
    .replace(notNull, '$1')
    .replace(new RegExp(`^create table\\s+"?${table}"?`, 'i'), `create table "${next}"`);
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  // Triggers of other tables name this one: a rename must not check or rewrite them.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(nextSql).execute(db);
      await sql.raw(`insert into "${next}" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${next}" rename to "${table}"`).execute(db);
      for (const row of dependents.rows) await sql.raw(row.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`Foreign keys broken after rebuilding ${table}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
