import type { Db } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findFileById, isFileInUse } from './files.repository.js';

/**
 * Deletes a stored file (its row, its original and its derived sizes) when nothing uses it any more.
 * Answers whether it was deleted. The row goes first: a crash in between leaves only unreachable bytes.
 */
export async function deleteFileIfUnused(
  db: Db,
  blobStore: BlobStore,
  fileId: string,
): Promise<boolean> {
  const file = await findFileById(db, fileId);
  if (!file || (await isFileInUse(db, fileId))) return false;
  await db.deleteFrom('files').where('id', '=', fileId).execute();
  const keys = [file.blob_key, file.thumb_key, file.preview_key].filter((k): k is string =>
    Boolean(k),
  );
  await Promise.all(keys.map((key) => blobStore.delete(key)));
  return true;
}
