import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The map's cells read their indexes alone (decision 0120): files_owner_place_idx also carries
// the file's id (each cell's cover, and the key its photos are found by), and photos_file_idx the
// photo's album (whose visibility decides whether the viewer still sees the file), so neither
// engine reads a file's or a photo's row for each of the owner's located files.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('files_owner_place_idx').execute();
  await db.schema.dropIndex('photos_file_idx').execute();
  if (postgres) {
    await sql`create index files_owner_place_idx on files (owner_id, latitude_e7, longitude_e7) include (id) where latitude_e7 is not null`.execute(
      db,
    );
    await sql`create index photos_file_idx on photos (file_id) include (album_id)`.execute(db);
    return;
  }
  await db.schema
    .createIndex('files_owner_place_idx')
    .on('files')
    .columns(['owner_id', 'latitude_e7', 'longitude_e7', 'id'])
    .where(sql.ref('latitude_e7'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('photos_file_idx')
    .on('photos')
    .columns(['file_id', 'album_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_owner_place_idx').execute();
  await db.schema.dropIndex('photos_file_idx').execute();
  await db.schema
    .createIndex('files_owner_place_idx')
    .on('files')
    .columns(['owner_id', 'latitude_e7', 'longitude_e7'])
    .where(sql.ref('latitude_e7'), 'is not', null)
    .execute();
  await db.schema.createIndex('photos_file_idx').on('photos').column('file_id').execute();
}
