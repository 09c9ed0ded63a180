import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Several links per album, each with its own id, label, permission, expiry, password and guest
  // limits. The table keeps its name; its rows move over with their tokens, so every link given
  // out before keeps working (allow_download = 1 becomes the permission 'download').
  await db.schema
    .createTable('album_links_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permission', 'text', (c) =>
      c
        .notNull()
        .defaultTo('view')
        .check(sql`permission in ('view', 'download', 'addPhotos')`),
    )
    // ISO-8601 UTC; null: never expires.
    .addColumn('expires_at', 'text')
    // Argon2id (PHC string); null: no password.
    .addColumn('password_hash', 'text')
    .addColumn('last_opened_at', 'text')
    // Null: the server's defaults (GUEST_LINK_MAX_PHOTOS, GUEST_LINK_MAX_BYTES).
    .addColumn('guest_max_photos', 'integer')
    .addColumn('guest_max_bytes', 'bigint')
    .addColumn('guest_photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guest_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const rows = await sql<{
    album_id: string;
    token: string;
    created_at: string;
    allow_download: number | string;
  }>`select album_id, token, created_at, allow_download from album_links`.execute(db);
  for (const row of rows.rows) {
    const permission = Number(row.allow_download) === 1 ? 'download' : 'view';
    await sql`insert into album_links_next (id, album_id, token, permission, created_at)
      values (${randomUUID()}, ${row.album_id}, ${row.token}, ${permission}, ${row.created_at})`.execute(
      db,
    );
  }
  await db.schema.dropTable('album_links').execute();
  await db.schema.alterTable('album_links_next').renameTo('album_links').execute();
  await db.schema
    .createIndex('album_links_token_idx')
    .on('album_links')
    .column('token')
    .unique()
    .execute();
  // The owner's list, newest first.
  await db.schema
    .createIndex('album_links_album_idx')
    .on('album_links')
    .columns(['album_id', 'created_at'])
    .execute();

  // Photos a guest added through a link: the guest's name as they gave it, and the link. The photo
  // and its file belong to the album's owner.
  await db.schema.alterTable('photos').addColumn('guest_name', 'text').execute();
  await db.schema.alterTable('photos').addColumn('guest_link_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('guest_link_id').execute();
  await db.schema.alterTable('photos').dropColumn('guest_name').execute();
  await db.schema
    .createTable('album_links_prev')
    .addColumn('album_id', 'text', (c) =>
      c.primaryKey().references('albums.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into album_links_prev (album_id, token, created_at, allow_download)
    select album_id, token, created_at, case when permission = 'view' then 0 else 1 end
    from album_links l where created_at = (
      select max(created_at) from album_links m where m.album_id = l.album_id)`.execute(db);
  await db.schema.dropTable('album_links').execute();
  await db.schema.alterTable('album_links_prev').renameTo('album_links').execute();
}
