import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The one search box finds the caller's files by their place's country or city (decision 0107)
// without reading the files table (decision 0120): files_owner_place_name_idx holds each owner's
// named places with the file's id (SQLite reads the owner's part of it alone; PostgreSQL finds a
// country's files by it), and on PostgreSQL a trigram index finds the cities holding the text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('files_owner_place_name_idx')
    .on('files')
    .columns(['owner_id', 'place_country', 'place_city', 'id'])
    .where(sql.ref('place_version'), '>', sql.lit(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index files_place_city_trgm_idx on files using gin (place_city gin_trgm_ops) where place_version > 0`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.dropIndex('files_place_city_trgm_idx').execute();
  }
  await db.schema.dropIndex('files_owner_place_name_idx').execute();
}
