import type { Db } from '../../db/schema.js';
import { inBatches, sumOverBatches } from '../../db/id-batches.js';

/** The uploader of each of these files, by file id (the photo-files read model). */
export async function findFileOwners(
  db: Db,
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const batch of inBatches(fileIds)) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'owner_id'])
      .where('id', 'in', batch)
      .execute();
    for (const row of rows) owners.set(row.id, row.owner_id);
  }
  return owners;
}

/** Adds these files to the person's favourites (those there already stay); answers how many were new. */
export async function insertFavourites(
  db: Db,
  userId: string,
  fileIds: readonly string[],
  now: string,
): Promise<number> {
  return sumOverBatches(fileIds, async (batch) => {
    const result = await db
      .insertInto('favourites')
      .values(batch.map((fileId) => ({ user_id: userId, file_id: fileId, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'file_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
}

/** Takes these files out of the person's favourites or archive; answers how many were there. */
function deleteMarks(
  db: Db,
  table: 'favourites' | 'archived_files',
  userId: string,
  fileIds: readonly string[],
): Promise<number> {
  return sumOverBatches(fileIds, async (batch) => {
    const result = await db
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .where('file_id', 'in', batch)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Takes these files out of the person's favourites; answers how many were there. */
export function deleteFavourites(db: Db, userId: string, fileIds: readonly string[]) {
  return deleteMarks(db, 'favourites', userId, fileIds);
}

/** Archives these files of their uploader (archived ones stay as they are); answers how many were new. */
export async function insertArchivedFiles(
  db: Db,
  userId: string,
  fileIds: readonly string[],
  now: string,
): Promise<number> {
  return sumOverBatches(fileIds, async (batch) => {
    const result = await db
      .insertInto('archived_files')
      .values(batch.map((fileId) => ({ file_id: fileId, user_id: userId, archived_at: now })))
      .onConflict((oc) => oc.column('file_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
}

/** Un-archives these files of the person; answers how many were archived. */
export function deleteArchivedFiles(db: Db, userId: string, fileIds: readonly string[]) {
  return deleteMarks(db, 'archived_files', userId, fileIds);
}
