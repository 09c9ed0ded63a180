import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Single sign-on with an OpenID provider (docs/decisions/0072).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A sign-in sent to the provider and not yet back: what its callback checks, kept so that any
  // instance can finish it. Used once; short-lived. The state and the browser's binding cookie
  // are stored only as SHA-256.
  await db.schema
    .createTable('identity_sso_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_sso_requests_expires_idx')
    .on('identity_sso_requests')
    .column('expires_at')
    .execute();

  // Which account an identity of a provider (issuer + subject) signs in to. One per account and
  // issuer.
  await db.schema
    .createTable('identity_sso_links')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_sso_links_pk', ['issuer', 'subject'])
    .addUniqueConstraint('identity_sso_links_account_uq', ['issuer', 'uid'])
    .execute();
  await db.schema
    .createIndex('identity_sso_links_uid_idx')
    .on('identity_sso_links')
    .column('uid')
    .execute();

  // The one-time code a finished sign-in hands the web app, traded once for the tokens by the
  // same browser. Stored as SHA-256; short-lived.
  await db.schema
    .createTable('identity_sso_handoffs')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_sso_handoffs_uid_idx')
    .on('identity_sso_handoffs')
    .column('uid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_sso_handoffs').execute();
  await db.schema.dropTable('identity_sso_links').execute();
  await db.schema.dropTable('identity_sso_requests').execute();
}
