import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What a file is: 'photo' (every file stored before) or 'video'.
  await db.schema
    .alterTable('files')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('photo'))
    .execute();
  // A video's length, in milliseconds.
  await db.schema.alterTable('files').addColumn('duration_ms', 'integer').execute();
  // The picture the derived sizes are made from when libvips cannot read the original: a HEIC's
  // decoded image, a video's poster frame. Null: the original itself.
  await db.schema.alterTable('files').addColumn('still_key', 'text').execute();
  // A video's browser-safe copy (H.264 + AAC in MP4), when its original is not one.
  await db.schema.alterTable('files').addColumn('rendition_key', 'text').execute();
  // A video's playback: 'processing' (its rendition is being made), 'ready' or 'failed'.
  await db.schema.alterTable('files').addColumn('video_state', 'text').execute();
  // Apple's content identifier, shared by the two halves of a Live Photo.
  await db.schema.alterTable('files').addColumn('content_id', 'text').execute();
  // A Live Photo's still names its motion (a video file of the same owner).
  await db.schema
    .alterTable('files')
    .addColumn('motion_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('files_owner_content_id')
    .on('files')
    .columns(['owner_id', 'content_id'])
    .execute();
  await db.schema
    .createIndex('files_motion_file_id')
    .on('files')
    .column('motion_file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_motion_file_id').execute();
  await db.schema.dropIndex('files_owner_content_id').execute();
  for (const column of [
    'motion_file_id',
    'content_id',
    'video_state',
    'rendition_key',
    'still_key',
    'duration_ms',
    'kind',
  ]) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
