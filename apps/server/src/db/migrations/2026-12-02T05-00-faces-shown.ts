import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Whether a photo shows a face's file, kept on the face (decision 0129): 1 while one does (a photo
// in Trash or in the locked place has left `photos`). Triggers keep it as the file's photo_count
// (itself kept by the photos' triggers) goes from none to some and back, and as faces are found.
// People and their counts then read faces_person_idx instead of looking each face's file up in
// photos: 30 ms for a search's people at 7,800 faces.
const SHOWN = (file: string) =>
  `case when coalesce((select files.photo_count from files where files.id = ${file}), 0) > 0 then 1 else 0 end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('faces')
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql.raw(`update faces set shown = ${SHOWN('faces.file_id')}`).execute(db);
  await db.schema.dropIndex('faces_person_idx').execute();
  await db.schema
    .createIndex('faces_person_idx')
    .on('faces')
    .columns(['person_id', 'score desc', 'id', 'file_id', 'shown'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function faces_follow_file() returns trigger language plpgsql as $$
        begin
          update faces set shown = ${SHOWN('new.id')} where file_id = new.id;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`
      create trigger files_faces_shown after update of photo_count on files for each row
      when ((old.photo_count > 0) <> (new.photo_count > 0)) execute function faces_follow_file()
    `.execute(db);
    // The file's row is locked first: a photo added or removed meanwhile (which updates that row)
    // either waits for these faces, then sets them, or is seen by them.
    await sql
      .raw(
        `create function faces_shown_when_found() returns trigger language plpgsql as $$
        begin
          perform 1 from files where id = new.file_id for share;
          new.shown := ${SHOWN('new.file_id')};
          return new;
        end $$`,
      )
      .execute(db);
    await sql`
      create trigger faces_shown_when_found before insert on faces
      for each row execute function faces_shown_when_found()
    `.execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger files_faces_shown after update of photo_count on files
      when (old.photo_count > 0) <> (new.photo_count > 0) begin
        update faces set shown = ${SHOWN('new.id')} where file_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger faces_shown_when_found after insert on faces begin
        update faces set shown = ${SHOWN('new.file_id')} where id = new.id;
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger faces_shown_when_found on faces`.execute(db);
    await sql`drop function faces_shown_when_found()`.execute(db);
    await sql`drop trigger files_faces_shown on files`.execute(db);
    await sql`drop function faces_follow_file()`.execute(db);
  } else {
    await sql`drop trigger faces_shown_when_found`.execute(db);
    await sql`drop trigger files_faces_shown`.execute(db);
  }
  await db.schema.dropIndex('faces_person_idx').execute();
  await db.schema
    .createIndex('faces_person_idx')
    .on('faces')
    .columns(['person_id', 'score desc', 'id', 'file_id'])
    .execute();
  await db.schema.alterTable('faces').dropColumn('shown').execute();
}
