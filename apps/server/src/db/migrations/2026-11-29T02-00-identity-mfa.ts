import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A second factor (TOTP) with recovery codes (docs/decisions/0071-totp-second-factor.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  // At most one TOTP factor per account. The secret is sealed (AES-256-GCM); last_used_step is
  // the time step of the last code accepted, so a code is accepted once; failures counts wrong
  // codes since failures_since (the account's limit).
  await db.schema
    .createTable('identity_mfa_factors')
    .addColumn('enrollment_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().unique().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('display_name', 'text')
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('last_used_step', 'integer')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures_since', 'text')
    .execute();

  // Sign-ins that passed the password and wait for the second factor (credential as SHA-256).
  await db.schema
    .createTable('identity_mfa_pending')
    .addColumn('credential_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_mfa_pending_uid_idx')
    .on('identity_mfa_pending')
    .column('uid')
    .execute();

  // Single-use recovery codes (HMAC-SHA-256 under a server key).
  await db.schema
    .createTable('identity_mfa_recovery_codes')
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('identity_mfa_recovery_codes_pk', ['uid', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_mfa_recovery_codes').execute();
  await db.schema.dropTable('identity_mfa_pending').execute();
  await db.schema.dropTable('identity_mfa_factors').execute();
}
