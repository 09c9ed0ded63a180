import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Request counters shared by every instance (lib/rate-limit-store.ts), when there is no Redis.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // When the current window ends, in ms since the epoch.
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_ends_at_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
