import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Card-sized crops of an image (see CARD_IMAGE_SIZES); null for files stored before them.
  await db.schema.alterTable('files').addColumn('card_key', 'text').execute();
  await db.schema.alterTable('files').addColumn('card3x_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('card3x_key').execute();
  await db.schema.alterTable('files').dropColumn('card_key').execute();
}
