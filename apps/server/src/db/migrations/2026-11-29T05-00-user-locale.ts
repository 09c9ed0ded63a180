import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The language a person's e-mails are written in ("en", "de", "fr", "es"), as the web app last
  // told it; null: not told yet (their e-mails are in English).
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
