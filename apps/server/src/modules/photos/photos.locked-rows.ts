import { inBatches } from '../../db/id-batches.js';
import type { Db, PhotoRow } from '../../db/schema.js';

/**
 * Every photo showing these files, in any album (a photo saved by someone else shows the same
 * file): the locked place takes them all out of view (decision 0084).
 */
export async function listPhotoRowsOfFiles(
  db: Db,
  fileIds: readonly string[],
): Promise<PhotoRow[]> {
  const rows: PhotoRow[] = [];
  for (const batch of inBatches([...new Set(fileIds)])) {
    rows.push(
      ...(await db.selectFrom('photos').selectAll().where('file_id', 'in', batch).execute()),
    );
  }
  return rows;
}
