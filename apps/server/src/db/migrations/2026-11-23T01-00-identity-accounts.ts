import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Accounts people manage: verified addresses, display names, e-mailed codes, and refresh-token
// rotation that answers a just-rotated token with the same successor (docs/decisions/0002).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('identity_accounts')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('identity_accounts').addColumn('display_name', 'text').execute();
  await db.schema.alterTable('identity_accounts').addColumn('photo_url', 'text').execute();
  await db.schema.alterTable('identity_accounts').addColumn('last_login_at', 'text').execute();
  await db.schema
    .alterTable('identity_accounts')
    .addColumn('password_updated_at', 'text')
    .execute();

  // The token a refresh token was exchanged for: its hash, and the token itself sealed with a key
  // derived from the exchanged token (only its holder can open it, within the grace window).
  await db.schema
    .alterTable('identity_refresh_tokens')
    .addColumn('successor_hash', 'text')
    .execute();
  await db.schema
    .alterTable('identity_refresh_tokens')
    .addColumn('successor_sealed', 'text')
    .execute();

  // One row per sign-in (a family of rotated refresh tokens). Its revocation is the authority:
  // refreshes and revocations both update this row, so they never interleave.
  await db.schema
    .createTable('identity_sign_ins')
    .addColumn('family_id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_refresh_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_sign_ins_uid_idx')
    .on('identity_sign_ins')
    .column('uid')
    .execute();
  await sql`
    insert into identity_sign_ins (family_id, uid, created_at, last_refresh_at, revoked_at)
    select family_id, min(uid), min(created_at), null,
      case when count(*) = count(revoked_at) then max(revoked_at) else null end
    from identity_refresh_tokens group by family_id
  `.execute(db);

  // Codes sent by e-mail (password reset, address verification), stored as SHA-256.
  await db.schema
    .createTable('identity_oob_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) =>
      c.notNull().references('identity_accounts.uid').onDelete('cascade'),
    )
    .addColumn('request_type', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('identity_oob_codes_uid_idx')
    .on('identity_oob_codes')
    .columns(['uid', 'request_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_oob_codes').execute();
  await db.schema.dropTable('identity_sign_ins').execute();
  for (const column of ['successor_hash', 'successor_sealed']) {
    await db.schema.alterTable('identity_refresh_tokens').dropColumn(column).execute();
  }
  for (const column of [
    'email_verified',
    'display_name',
    'photo_url',
    'last_login_at',
    'password_updated_at',
  ]) {
    await db.schema.alterTable('identity_accounts').dropColumn(column).execute();
  }
}
