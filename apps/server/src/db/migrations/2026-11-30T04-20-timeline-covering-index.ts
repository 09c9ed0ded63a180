import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The timeline's walk reads its index alone (decision 0097): photos_sort_idx also carries what a
// page needs of each photo (its album, file and owner), so neither engine reads the photo's row.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('photos_sort_idx').execute();
  if (postgres) {
    await sql`create index photos_sort_idx on photos (sort_date, id) include (album_id, file_id, owner_id)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex('photos_sort_idx')
      .on('photos')
      .columns(['sort_date', 'id', 'album_id', 'file_id', 'owner_id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_sort_idx').execute();
  await db.schema
    .createIndex('photos_sort_idx')
    .on('photos')
    .columns(['sort_date', 'id'])
    .execute();
}
