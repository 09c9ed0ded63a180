import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The CRC-32 of the stored original (0 to 4294967295: more than a signed 32-bit integer holds,
  // hence bigint), taken at upload for zip downloads; null for files stored before.
  await db.schema.alterTable('files').addColumn('crc32', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('crc32').execute();
}
