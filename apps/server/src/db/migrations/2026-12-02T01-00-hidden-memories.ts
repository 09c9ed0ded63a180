import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // "Don't show this memory" (decision 0108): the memories a person hid, by their key, the day a
  // memory is of (its photos' year, the month and day it was asked for). Only theirs.
  await db.schema
    .createTable('hidden_memories')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('memory_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_memories_pk', ['owner_id', 'memory_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hidden_memories').execute();
}
