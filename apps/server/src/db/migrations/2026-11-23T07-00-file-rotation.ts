import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A rotation kept as an edit: degrees clockwise applied to the upright original (0, 90, 180,
  // 270), and how many edits the file has had; derived sizes and picture URLs carry the latter.
  await db.schema
    .alterTable('files')
    .addColumn('rotation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('edit_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('edit_version').execute();
  await db.schema.alterTable('files').dropColumn('rotation').execute();
}
