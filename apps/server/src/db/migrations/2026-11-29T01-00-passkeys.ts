import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Passkeys (WebAuthn) of the embedded identity service (docs/decisions/0070-passkeys.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    // The authenticator's credential ID, base64url; unique across all accounts.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The signature counter last seen (0: the authenticator keeps none).
    .addColumn('counter', 'bigint', (c) => c.notNull())
    // JSON array of transports ("internal", "hybrid", …), as the browser reported them.
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_passkeys_uid_idx')
    .on('identity_passkeys')
    .column('uid')
    .execute();

  // Challenges handed out and not yet answered: single use, short-lived, shared by all instances.
  await db.schema
    .createTable('identity_passkey_challenges')
    // SHA-256 of the challenge, hex.
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    // "registration" (uid set) or "sign-in" (uid null: discoverable credentials).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.references('identity_accounts.uid').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_passkey_challenges_expires_idx')
    .on('identity_passkey_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_passkey_challenges').execute();
  await db.schema.dropTable('identity_passkeys').execute();
}
