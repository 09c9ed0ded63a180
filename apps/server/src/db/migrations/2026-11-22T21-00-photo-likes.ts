import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One like per user per photo: the primary key is the rule, and its index serves the counts
  // (photo_id first) and the likers' list.
  await db.schema
    .createTable('photo_likes')
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_likes_pk', ['photo_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('photo_likes_photo_created_idx')
    .on('photo_likes')
    .columns(['photo_id', 'created_at', 'user_id'])
    .execute();
  await db.schema.createIndex('photo_likes_user_idx').on('photo_likes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_likes').execute();
}
