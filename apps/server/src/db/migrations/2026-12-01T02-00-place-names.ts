import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The place name of where a located file was taken, found offline from its latitude and
  // longitude (decision 0105): the nearest city's name and its country's ISO 3166-1 code.
  await db.schema.alterTable('files').addColumn('place_city', 'text').execute();
  await db.schema.alterTable('files').addColumn('place_country', 'text').execute();
  // Which naming the row holds: 0 for files stored before, named by a background job.
  await db.schema
    .alterTable('files')
    .addColumn('place_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The owner's located files, by latitude: the map's bounding boxes and clusters.
  await db.schema
    .createIndex('files_owner_place_idx')
    .on('files')
    .columns(['owner_id', 'latitude_e7', 'longitude_e7'])
    .where(sql.ref('latitude_e7'), 'is not', null)
    .execute();
  // The located files still to be named.
  await db.schema
    .createIndex('files_place_version_idx')
    .on('files')
    .column('place_version')
    .where(sql.ref('latitude_e7'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_place_version_idx').execute();
  await db.schema.dropIndex('files_owner_place_idx').execute();
  for (const column of ['place_version', 'place_country', 'place_city']) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
