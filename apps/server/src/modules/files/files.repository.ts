import type { Db, FileRow, NewFileRow } from '../../db/schema.js';

export function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the file unless its owner already has one with the same bytes; answers whether it did. */
export async function insertFileUnlessDuplicate(db: Db, file: NewFileRow): Promise<boolean> {
  const result = await db
    .insertInto('files')
    .values(file)
    .onConflict((oc) => oc.columns(['owner_id', 'sha256']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Whether any photo, album cover or profile picture still points at the file. */
export async function isFileInUse(db: Db, id: string): Promise<boolean> {
  const [photo, album, user] = await Promise.all([
    db.selectFrom('photos').select('id').where('file_id', '=', id).limit(1).executeTakeFirst(),
    db
      .selectFrom('albums')
      .select('id')
      .where('cover_file_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select('id')
      .where('profile_pic_file_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(photo ?? album ?? user);
}

export async function deleteFileRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** The owner's earliest file with these bytes, if any. */
export function findFileByOwnerAndSha256(
  db: Db,
  ownerId: string,
  sha256: string,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('sha256', '=', sha256)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The blob keys of those of these files that exist. */
export async function findBlobKeysOfFiles(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'blob_key', 'thumb_key', 'preview_key'])
    .where('id', 'in', ids)
    .execute();
}
