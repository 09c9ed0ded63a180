import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ThumbHash of the picture as shown (base64, about 30 characters), which clients paint while
  // the image loads; null for files stored before placeholders were made.
  await db.schema.alterTable('files').addColumn('placeholder', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('placeholder').execute();
}
