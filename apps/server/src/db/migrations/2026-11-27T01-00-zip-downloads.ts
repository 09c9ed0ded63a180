import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Whether the album's share link also offers its originals as one zip: the owner's choice (1),
  // off (0) for every link made before.
  await db.schema
    .alterTable('album_links')
    .addColumn('allow_download', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // What a zip download asked for, kept until its ticket expires: the signed ticket names a row,
  // which holds the list of photos (up to 10,000 ids, too long for a URL) or the album.
  await db.schema
    .createTable('download_tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('album_id', 'text')
    // JSON array of photo ids; null for an album.
    .addColumn('photo_ids', 'text')
    // Seconds since the epoch.
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await sql`create index download_tickets_expires_idx on download_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_tickets').execute();
  await db.schema.alterTable('album_links').dropColumn('allow_download').execute();
}
