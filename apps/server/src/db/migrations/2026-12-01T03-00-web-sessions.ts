import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The SHA-256 hash of the secret of the sign-in's session cookie, which lets the server know the
  // viewer of a page from the page's request alone; replaced at each refresh of the sign-in, and
  // dead with it. Null: the sign-in holds no cookie.
  await db.schema.alterTable('identity_sign_ins').addColumn('web_session_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_sign_ins').dropColumn('web_session_hash').execute();
}
