import type { Selectable } from 'kysely';
import { inBatches } from '../../db/id-batches.js';
import type { ActivitiesTable, Db } from '../../db/schema.js';

export type ActivityRow = Selectable<ActivitiesTable>;

/**
 * Feed entries of photos going to Trash, kept with them there (decision 0080): their rows go with
 * the photos' (a foreign-key cascade), and come back when the photos are restored.
 */
export async function listActivityRowsOfPhotos(
  db: Db,
  photoIds: readonly string[],
): Promise<ActivityRow[]> {
  const rows: ActivityRow[] = [];
  for (const batch of inBatches(photoIds)) {
    rows.push(
      ...(await db.selectFrom('activities').selectAll().where('photo_id', 'in', batch).execute()),
    );
  }
  return rows;
}

/** Feed entries of an album going to Trash that name none of its photos (invitations). */
export function listAlbumActivityRows(db: Db, albumId: string): Promise<ActivityRow[]> {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('photo_id', 'is', null)
    .execute();
}

/** Puts back feed entries restored from Trash (their album, photo and recipient exist). */
export async function insertActivityRows(db: Db, rows: readonly ActivityRow[]): Promise<void> {
  for (const batch of inBatches(rows, 100)) {
    await db
      .insertInto('activities')
      .values(batch)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
