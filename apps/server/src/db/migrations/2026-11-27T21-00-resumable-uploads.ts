import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A resumable (tus) upload: whose it is, until when it may be resumed, and once its bytes are
  // all in, the file they were stored as. The bytes themselves are in the tus store.
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // Bytes announced at creation (Upload-Length); null while deferred.
    .addColumn('length', 'bigint')
    // Milliseconds since the epoch.
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    // Set when the last byte came and the file is being stored.
    .addColumn('finished_at', 'bigint')
    // The stored file; null until it is stored.
    .addColumn('file_id', 'text', (col) => col.references('files.id').onDelete('set null'))
    .execute();
  await sql`create index resumable_uploads_expires_idx on resumable_uploads (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
}
