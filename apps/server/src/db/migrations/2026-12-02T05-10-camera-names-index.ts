import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// PostgreSQL finds the files of a camera by its name, make and model as search reads them
// (decision 0129): the search walks this index once per camera name to learn the names (a few
// dozen), keeps those holding the text, and reads their files' ids from it alone. The cameras'
// trigram index read and checked every matching file's row: 34 ms for a camera in a quarter of
// 100,000 files. The cities are learnt the same way from files_owner_place_name_idx. Neither
// trigram index is read any more, and both go. SQLite learns the names the same way from its own
// search table's camera (file_search_camera_idx).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`create index file_search_camera_idx on file_search (camera, file_id)`.execute(db);
    return;
  }
  await sql`create index files_camera_name_idx on files ((coalesce(camera_make, '') || ' ' || coalesce(camera_model, '')), id) include (camera_make, camera_model)`.execute(
    db,
  );
  await db.schema.dropIndex('files_place_city_trgm_idx').execute();
  await db.schema.dropIndex('files_camera_trgm_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop index file_search_camera_idx`.execute(db);
    return;
  }
  await sql`
    create index files_camera_trgm_idx on files
    using gin ((coalesce(camera_make, '') || ' ' || coalesce(camera_model, '')) gin_trgm_ops)
  `.execute(db);
  await sql`create index files_place_city_trgm_idx on files using gin (place_city gin_trgm_ops) where place_version > 0`.execute(
    db,
  );
  await db.schema.dropIndex('files_camera_name_idx').execute();
}
