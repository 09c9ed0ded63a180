import { type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A photo in its file owner's locked place (modules/locked, decision 0084): its row left
  // `photos` (so no list, count or trigger sees it), with what cascaded with it, until it is moved
  // out or deleted for good. Its file stays: the file-uses read model counts it as a use.
  await db.schema
    .createTable('locked_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The album it came from; not a reference: that album may go meanwhile.
    .addColumn('album_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sort_date', 'text', (c) => c.notNull())
    .addColumn('guest_name', 'text')
    .addColumn('guest_link_id', 'text')
    // Whose locked place holds it: the owner of its file, who locked it.
    .addColumn('locked_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('locked_at', 'text', (c) => c.notNull())
    // JSON: its comments, likes and activity entries, put back when it moves out.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('locked_photos_holder_idx')
    .on('locked_photos')
    .columns(['locked_by', 'locked_at', 'id'])
    .execute();
  await db.schema
    .createIndex('locked_photos_file_idx')
    .on('locked_photos')
    .column('file_id')
    .execute();

  // A proof of a fresh sign-in for the locked place: a random secret kept as its hash, sliding.
  await db.schema
    .createTable('locked_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('locked_sessions_user_idx')
    .on('locked_sessions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('locked_sessions').execute();
  await db.schema.dropTable('locked_photos').execute();
}
