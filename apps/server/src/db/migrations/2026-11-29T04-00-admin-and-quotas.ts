import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Several administrators: the first account, and those whose address is in ADMIN_EMAILS.
  await sql`drop index users_one_admin`.execute(db);
  // Which account was the first made on the server: one row at most, so two first sign-ups at
  // once make exactly one administrator (the unique index did that before).
  await db.schema
    .createTable('first_account')
    .addColumn('slot', 'integer', (col) => col.primaryKey().check(sql`slot = 1`))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .execute();
  await sql`
    insert into first_account (slot, user_id)
    select 1, id from users order by created_at, id limit 1
  `.execute(db);
  await db.schema
    .alterTable('users')
    // Bytes the person's files take in the store (originals and every derived size), and bytes
    // reserved by uploads being stored.
    .addColumn('storage_used', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // Null: unlimited.
  await db.schema.alterTable('users').addColumn('quota_bytes', 'bigint').execute();
  // When the administrator disabled the account; null: it may sign in.
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
  // Bytes stored for a file besides its original: its derived image sizes (replaced by an edit),
  // and its still and video rendition.
  await db.schema
    .alterTable('files')
    .addColumn('derived_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('extra_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // Files stored before count their originals (the sizes of their derived images were not kept).
  await sql`
    update users set storage_used = coalesce(
      (select sum(files.size) from files where files.owner_id = users.id), 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('extra_bytes').execute();
  await db.schema.alterTable('files').dropColumn('derived_bytes').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('quota_bytes').execute();
  await db.schema.alterTable('users').dropColumn('storage_used').execute();
  await db.schema.dropTable('first_account').execute();
  await sql`create unique index users_one_admin on users (is_admin) where is_admin = 1`.execute(db);
}
