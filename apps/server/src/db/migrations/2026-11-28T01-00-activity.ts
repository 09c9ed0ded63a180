import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per entry of a person's activity feed (modules/activity). Deleting the album, the
  // photo or the recipient deletes the entry; the actor is kept by name.
  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(sql`kind in ('invitation', 'photosAdded', 'comment', 'like', 'guestUpload')`),
    )
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('photo_id', 'text', (c) => c.references('photos.id').onDelete('cascade'))
    // The user who did it; null for a guest of a share link.
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('excerpt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The feed, newest first, and the unread count (entries after the person's read mark).
  await sql`create index activities_user_created_idx on activities (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema.createIndex('activities_album_idx').on('activities').column('album_id').execute();
  await db.schema.createIndex('activities_photo_idx').on('activities').column('photo_id').execute();

  // "Mark all read": entries created after it are unread. Null: never read, all unread.
  await db.schema.alterTable('users').addColumn('activity_read_at', 'text').execute();
  // E-mail digests: how often (off, hourly, daily), and when the last one went out (entries after
  // it and after the read mark are the next digest's).
  await db.schema
    .alterTable('users')
    .addColumn('digest', 'text', (c) =>
      c
        .notNull()
        .defaultTo('daily')
        .check(sql`digest in ('off', 'hourly', 'daily')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('digest_sent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('digest_sent_at').execute();
  await db.schema.alterTable('users').dropColumn('digest').execute();
  await db.schema.alterTable('users').dropColumn('activity_read_at').execute();
  await db.schema.dropTable('activities').execute();
}
