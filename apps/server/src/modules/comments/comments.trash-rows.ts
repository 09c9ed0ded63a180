import { inBatches } from '../../db/id-batches.js';
import type { CommentRow, Db } from '../../db/schema.js';

/**
 * The comments of photos going to Trash, kept with them there (decision 0080): their rows go with
 * the photos' (a foreign-key cascade), and come back as they were when the photos are restored.
 */
export async function listCommentRowsOfPhotos(
  db: Db,
  photoIds: readonly string[],
): Promise<CommentRow[]> {
  const rows: CommentRow[] = [];
  for (const batch of inBatches(photoIds)) {
    rows.push(
      ...(await db.selectFrom('comments').selectAll().where('photo_id', 'in', batch).execute()),
    );
  }
  return rows;
}

/** Puts back comments of photos restored from Trash (their photos and authors exist). */
export async function insertCommentRows(db: Db, rows: readonly CommentRow[]): Promise<void> {
  // Five values a row.
  for (const batch of inBatches(rows, 200)) await db.insertInto('comments').values(batch).execute();
}
