import type { Selectable } from 'kysely';
import { inBatches } from '../../db/id-batches.js';
import type { Db, PhotoLikesTable } from '../../db/schema.js';

export type LikeRow = Selectable<PhotoLikesTable>;

/**
 * The likes of photos going to Trash, kept with them there (decision 0080): their rows go with
 * the photos' (a foreign-key cascade), and come back as they were when the photos are restored.
 */
export async function listLikeRowsOfPhotos(
  db: Db,
  photoIds: readonly string[],
): Promise<LikeRow[]> {
  const rows: LikeRow[] = [];
  for (const batch of inBatches(photoIds)) {
    rows.push(
      ...(await db.selectFrom('photo_likes').selectAll().where('photo_id', 'in', batch).execute()),
    );
  }
  return rows;
}

/** Puts back likes of photos restored from Trash (their photos and people exist). */
export async function insertLikeRows(db: Db, rows: readonly LikeRow[]): Promise<void> {
  for (const batch of inBatches(rows, 300)) {
    await db
      .insertInto('photo_likes')
      .values(batch)
      .onConflict((oc) => oc.columns(['photo_id', 'user_id']).doNothing())
      .execute();
  }
}
