import { inBatches } from '../../db/id-batches.js';
import type { AlbumRow, Db } from '../../db/schema.js';

/** The albums whose cover is one of these files (going to a locked place, decision 0084). */
export async function listAlbumsCoveredByFiles(
  db: Db,
  fileIds: readonly string[],
): Promise<AlbumRow[]> {
  const rows: AlbumRow[] = [];
  for (const batch of inBatches([...new Set(fileIds)])) {
    rows.push(
      ...(await db.selectFrom('albums').selectAll().where('cover_file_id', 'in', batch).execute()),
    );
  }
  return rows;
}
