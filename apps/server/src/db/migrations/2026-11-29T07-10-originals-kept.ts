import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The original is kept as uploaded, its location included (decision 0081). A file whose
  // original carries a location also has a copy without it, served to everyone but its owner:
  // its blob, size and CRC-32 (for zips). Null: the original carries none (or was stored before).
  await db.schema.alterTable('files').addColumn('placeless_key', 'text').execute();
  await db.schema.alterTable('files').addColumn('placeless_size', 'bigint').execute();
  await db.schema.alterTable('files').addColumn('placeless_crc32', 'bigint').execute();
  // Where it was taken, as the file says: degrees times 10^7 (integers, as both engines store
  // them alike), altitude in centimetres. Null: unknown.
  await db.schema.alterTable('files').addColumn('latitude_e7', 'integer').execute();
  await db.schema.alterTable('files').addColumn('longitude_e7', 'integer').execute();
  await db.schema.alterTable('files').addColumn('altitude_cm', 'integer').execute();
  // Whether the people an album is shared with see where its owner's photos were taken.
  await db.schema
    .alterTable('albums')
    .addColumn('show_places', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('albums').dropColumn('show_places').execute();
  for (const column of [
    'altitude_cm',
    'longitude_e7',
    'latitude_e7',
    'placeless_crc32',
    'placeless_size',
    'placeless_key',
  ]) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
