import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Uses only types both SQLite and PostgreSQL share (text, integer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_accounts')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('auth_time', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_refresh_tokens_family_idx')
    .on('identity_refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('identity_refresh_tokens_uid_idx')
    .on('identity_refresh_tokens')
    .column('uid')
    .execute();

  await db.schema
    .createTable('identity_sign_in_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('profile_pic_file_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('date_taken', 'text')
    .addColumn('camera_make', 'text')
    .addColumn('camera_model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One owner's identical bytes are one file.
  await db.schema
    .createIndex('files_owner_sha256_idx')
    .on('files')
    .columns(['owner_id', 'sha256'])
    .unique()
    .execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cover_file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('albums_created_idx')
    .on('albums')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('albums_owner_created_idx')
    .on('albums')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();

  await db.schema.createIndex('albums_cover_idx').on('albums').column('cover_file_id').execute();
  await db.schema
    .createIndex('users_profile_pic_idx')
    .on('users')
    .column('profile_pic_file_id')
    .execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sort_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('photos_album_file_unique', ['album_id', 'file_id'])
    .execute();
  await db.schema
    .createIndex('photos_album_sort_idx')
    .on('photos')
    .columns(['album_id', 'sort_date', 'id'])
    .execute();
  await db.schema.createIndex('photos_file_idx').on('photos').column('file_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_photo_created_idx')
    .on('comments')
    .columns(['photo_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'comments',
    'photos',
    'albums',
    'files',
    'users',
    'identity_sign_in_failures',
    'identity_refresh_tokens',
    'identity_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
