import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// What happened to a photo's comments, so a live stream can be resumed after a dropped
// connection (Last-Event-ID) and read by any instance (docs/decisions/0030-live-comments.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('photo_id', 'text', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    // No foreign key: a deletion event outlives its comment.
    .addColumn('comment_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .execute();
  // A stream reads one photo's events after a position (occurred_at, id).
  await db.schema
    .createIndex('comment_events_photo_occurred_idx')
    .on('comment_events')
    .columns(['photo_id', 'occurred_at', 'id'])
    .execute();
  // Old events are removed by age.
  await db.schema
    .createIndex('comment_events_occurred_idx')
    .on('comment_events')
    .column('occurred_at')
    .execute();
  // Comments are listed newest page first, by (created_at, id) within a photo: the existing
  // comments_photo_created_idx serves both directions.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_events').execute();
}
