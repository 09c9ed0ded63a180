import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What album cards show of their photos, kept on the album's row so that a page of albums
  // reads them without a count per album: how many, and the earliest and latest of their dates.
  await db.schema
    .alterTable('albums')
    .addColumn('photo_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('albums').addColumn('first_photo_date', 'text').execute();
  await db.schema.alterTable('albums').addColumn('last_photo_date', 'text').execute();
  await sql`
    update albums set
      photo_count = (select count(*) from photos where photos.album_id = albums.id),
      first_photo_date = (select min(sort_date) from photos where photos.album_id = albums.id),
      last_photo_date = (select max(sort_date) from photos where photos.album_id = albums.id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('albums').dropColumn('last_photo_date').execute();
  await db.schema.alterTable('albums').dropColumn('first_photo_date').execute();
  await db.schema.alterTable('albums').dropColumn('photo_count').execute();
}
