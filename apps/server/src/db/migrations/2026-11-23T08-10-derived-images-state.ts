import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Derived sizes are made by a job after the upload answers: 'pending' until the job has stored
  // them, 'ready' after, 'failed' when every attempt failed. Files stored before are ready.
  await db.schema
    .alterTable('files')
    .addColumn('derived_state', 'text', (col) => col.notNull().defaultTo('ready'))
    .execute();
  // The jobs' start-up check looks for files still pending.
  await db.schema
    .createIndex('files_derived_pending_idx')
    .on('files')
    .columns(['derived_state', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_derived_pending_idx').execute();
  await db.schema.alterTable('files').dropColumn('derived_state').execute();
}
