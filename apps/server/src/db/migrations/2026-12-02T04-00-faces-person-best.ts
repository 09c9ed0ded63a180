import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A person's faces in the order their clearest is chosen (score, then id), each with its file
// (decision 0122): a person's cover is the first of these still in the library, found without
// sorting all their faces, and their count of files reads this index alone on PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('faces_person_idx').execute();
  await db.schema
    .createIndex('faces_person_idx')
    .on('faces')
    .columns(['person_id', 'score desc', 'id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('faces_person_idx').execute();
  await db.schema.createIndex('faces_person_idx').on('faces').column('person_id').execute();
}
