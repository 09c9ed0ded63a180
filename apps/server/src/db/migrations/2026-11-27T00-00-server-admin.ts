import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The first account made on the server is its administrator (1); every other is 0.
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // At most one administrator: two first sign-ups at once cannot both become it.
  await sql`create unique index users_one_admin on users (is_admin) where is_admin = 1`.execute(db);
  // The administrator's list of accounts, newest first, and the earliest account, are read by it.
  await db.schema
    .createIndex('users_created_idx')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
  // A server that already has accounts: the earliest one.
  await sql`
    update users set is_admin = 1
    where id = (select id from users order by created_at, id limit 1)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.dropIndex('users_one_admin').execute();
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
}
