import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A person's favourites, keyed on the stored file: one picture shown in two albums is one
  // favourite, as the timeline shows it once (decision 0082). The primary key (user first) finds
  // a person's favourites and answers "is this one of mine" by one lookup.
  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'file_id'])
    .execute();
  // A person's files they archived: hidden from their own Photos, search and album covers. Only a
  // file's uploader archives it, so a file is archived once: its id is the key, and user_id (the
  // uploader) lets the timeline ask "archived by the viewer" by that one key.
  await db.schema
    .createTable('archived_files')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('archived_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archived_files_user_idx')
    .on('archived_files')
    .columns(['user_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archived_files').execute();
  await db.schema.dropTable('favourites').execute();
}
