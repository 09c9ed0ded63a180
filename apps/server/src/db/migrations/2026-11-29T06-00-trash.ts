import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A photo in someone's Trash (modules/trash, decision 0080): its row left `photos` (so no list,
  // count or trigger sees it) and waits here with what cascaded with it, until it is restored or
  // purged. Its file stays: the file-uses read model counts it as a use.
  await db.schema
    .createTable('trashed_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The album it came from; not a reference: that album may be in Trash too, or gone.
    .addColumn('album_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sort_date', 'text', (c) => c.notNull())
    .addColumn('guest_name', 'text')
    .addColumn('guest_link_id', 'text')
    // Whose Trash holds it: who deleted it.
    .addColumn('held_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trashed_at', 'text', (c) => c.notNull())
    // JSON: its comments, likes and activity entries, put back when it is restored.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await sql`create index trashed_photos_holder_idx on trashed_photos (held_by, trashed_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('trashed_photos_owner_idx')
    .on('trashed_photos')
    .columns(['owner_id', 'trashed_at'])
    .execute();
  await db.schema
    .createIndex('trashed_photos_file_idx')
    .on('trashed_photos')
    .column('file_id')
    .execute();
  await db.schema
    .createIndex('trashed_photos_album_idx')
    .on('trashed_photos')
    .column('album_id')
    .execute();
  await db.schema
    .createIndex('trashed_photos_trashed_idx')
    .on('trashed_photos')
    .column('trashed_at')
    .execute();

  // An album deleted to Trash: its row (and its members, invitations, share links and activity
  // entries) as it was, in `snapshot`; its photos are in trashed_photos with its id.
  await db.schema
    .createTable('trashed_albums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cover_file_id', 'text', (c) =>
      c.notNull().references('files.id').onDelete('cascade'),
    )
    .addColumn('held_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trashed_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trashed_albums_cover_idx')
    .on('trashed_albums')
    .column('cover_file_id')
    .execute();
  await db.schema
    .createIndex('trashed_albums_holder_idx')
    .on('trashed_albums')
    .column('held_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trashed_albums').execute();
  await db.schema.dropTable('trashed_photos').execute();
}
