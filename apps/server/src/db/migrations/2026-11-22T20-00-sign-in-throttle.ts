import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Sign-in throttling that holds across instances (docs/decisions/0006-sign-in-throttling.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Sign-ins from devices not known for an account: a budget per account (rate of GCRA).
  await db.schema
    .createTable('identity_sign_in_budgets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // When the budget is whole again (ISO-8601); past it, the row can go.
    .addColumn('full_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_sign_in_budgets_full_at_idx')
    .on('identity_sign_in_budgets')
    .column('full_at')
    .execute();

  // Browsers that signed in to an account before (device cookies, stored as SHA-256).
  await db.schema
    .createTable('identity_trusted_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_trusted_devices_pk', ['token_hash', 'uid'])
    .execute();
  await db.schema
    .createIndex('identity_trusted_devices_last_used_idx')
    .on('identity_trusted_devices')
    .column('last_used_at')
    .execute();

  // Old windows of failure counters are removed by age.
  await db.schema
    .createIndex('identity_sign_in_failures_window_idx')
    .on('identity_sign_in_failures')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('identity_sign_in_failures_window_idx').execute();
  await db.schema.dropTable('identity_trusted_devices').execute();
  await db.schema.dropTable('identity_sign_in_budgets').execute();
}
