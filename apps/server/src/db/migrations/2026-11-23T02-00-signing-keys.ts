import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The identity service's signing keys, shared by every instance (lib/signing-keys.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_signing_keys')
    // 1, 2, 3…: the highest signs. Two instances making the same generation at once: one wins.
    .addColumn('generation', 'integer', (c) => c.primaryKey())
    .addColumn('kid', 'text', (c) => c.notNull().unique())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_signing_keys').execute();
}
