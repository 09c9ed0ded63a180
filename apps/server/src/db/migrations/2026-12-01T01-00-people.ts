import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A person of someone's photos: the faces grouped as one (decision 0102). Only the owner's.
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('people_owner_idx').on('people').columns(['owner_id']).execute();
  // A face found in a stored file, as its owner shows it (EXIF orientation and rotation applied):
  // its box in ten-thousandths of the picture, the detector's score in thousandths, its 128
  // numbers (JSON), a small WebP crop (base64) and the person it was grouped into. `pinned`: the
  // owner put it where it is (or took it out), so grouping leaves it alone.
  await db.schema
    .createTable('faces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('box_x', 'integer', (c) => c.notNull())
    .addColumn('box_y', 'integer', (c) => c.notNull())
    .addColumn('box_w', 'integer', (c) => c.notNull())
    .addColumn('box_h', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('crop', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faces_file_idx').on('faces').columns(['file_id']).execute();
  await db.schema.createIndex('faces_person_idx').on('faces').columns(['person_id']).execute();
  await db.schema
    .createIndex('faces_owner_person_idx')
    .on('faces')
    .columns(['owner_id', 'person_id'])
    .execute();
  // Which edit version of a file was looked at for faces, and how it went: `done` (with or
  // without faces) or `failed` (after its last attempt, with the error).
  await db.schema
    .createTable('face_scans')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('edit_version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('face_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('face_scans_state_idx')
    .on('face_scans')
    .columns(['state', 'scanned_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_scans').execute();
  await db.schema.dropTable('faces').execute();
  await db.schema.dropTable('people').execute();
}
