import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What the camera recorded besides the date and the camera (a photo's details, decision 0086),
  // in integers both engines store alike. Null: the file does not say.
  const columns = [
    // Minutes east of UTC of the camera's clock (OffsetTimeOriginal): date_taken is then the moment.
    ['taken_offset_minutes', 'integer'],
    ['lens', 'text'],
    // The f-number times 100 (f/1.78: 178).
    ['f_number_e2', 'integer'],
    // The exposure in nanoseconds (1/250 s: 4000000), a bigint: long exposures pass 2^31.
    ['exposure_ns', 'bigint'],
    ['iso', 'integer'],
    // Millimetres times 100, as the lens has it; and as on a 35 mm camera, in millimetres.
    ['focal_length_e2', 'integer'],
    ['focal_length_35mm', 'integer'],
  ] as const;
  for (const [name, type] of columns) {
    await db.schema.alterTable('files').addColumn(name, type).execute();
  }
  // Which reading of the original's metadata the row holds: 0 for files stored before, read
  // again from their originals by a background pass (files/capture-facts.plugin.ts).
  await db.schema
    .alterTable('files')
    .addColumn('facts_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('files_facts_version_idx')
    .on('files')
    .column('facts_version')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_facts_version_idx').execute();
  for (const column of [
    'facts_version',
    'focal_length_35mm',
    'focal_length_e2',
    'iso',
    'exposure_ns',
    'f_number_e2',
    'lens',
    'taken_offset_minutes',
  ]) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
