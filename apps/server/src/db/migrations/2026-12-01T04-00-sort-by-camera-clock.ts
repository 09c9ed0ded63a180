import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// A photo sorts, and lists give it a day and a month, by its camera's clock reading (decision
// 0101): photos whose file gives the clock's offset had the moment in UTC; the offset is added
// back, and the albums' first and last dates follow. photo_months follows by its triggers.

interface Shifted {
  id: string;
  date_taken: string;
  taken_offset_minutes: number | string;
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const albums = new Set<string>();
  let after = '';
  for (;;) {
    const rows = await sql<Shifted & { album_id: string }>`
      select photos.id, photos.album_id, files.date_taken, files.taken_offset_minutes
      from photos join files on files.id = photos.file_id
      where files.taken_offset_minutes is not null and files.taken_offset_minutes <> 0
        and files.date_taken is not null and photos.sort_date = files.date_taken
        and photos.id > ${after}
      order by photos.id
      limit ${BATCH}`.execute(db);
    for (const row of rows.rows) {
      const moment = Date.parse(row.date_taken);
      if (Number.isNaN(moment)) continue;
      const clock = new Date(moment + Number(row.taken_offset_minutes) * 60_000).toISOString();
      await sql`update photos set sort_date = ${clock} where id = ${row.id}`.execute(db);
      albums.add(row.album_id);
    }
    if (rows.rows.length < BATCH) break;
    after = rows.rows[rows.rows.length - 1]!.id;
  }
  for (const albumId of albums) {
    await sql`
      update albums set
        first_photo_date = (select min(sort_date) from photos where album_id = ${albumId}),
        last_photo_date = (select max(sort_date) from photos where album_id = ${albumId})
      where id = ${albumId}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to the moment: the date taken as the file's row keeps it.
  await sql`
    update photos set sort_date = (select files.date_taken from files where files.id = photos.file_id)
    where file_id in (
      select id from files
      where taken_offset_minutes is not null and taken_offset_minutes <> 0 and date_taken is not null
    )`.execute(db);
  await sql`
    update albums set
      first_photo_date = (select min(sort_date) from photos where photos.album_id = albums.id),
      last_photo_date = (select max(sort_date) from photos where photos.album_id = albums.id)`.execute(
    db,
  );
}
