import type { AlbumVisibility, Db, FileRow, NewFileRow } from '../../db/schema.js';

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
    .select(['id', 'blob_key', 'thumb_key', 'preview_key', 'card_key', 'card3x_key'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * Whether a file may be shown without a signed URL: it is used by no album that not everyone may
 * see (a file not yet used anywhere is its uploader's capability, as before), or it is also used
 * where everyone sees it (a profile picture, a photo or cover of an album seen by everyone).
 */
export async function isFileShownUnsigned(
  db: Db,
  id: string,
  publicVisibility: AlbumVisibility,
): Promise<boolean> {
  // Each branch is an index lookup: albums_cover_idx, photos_file_idx, users_profile_pic_idx.
  const usedIn = (op: '=' | '!=') =>
    db
      .selectFrom('albums')
      .select('albums.id')
      .where('albums.cover_file_id', '=', id)
      .where('albums.visibility', op, publicVisibility)
      .union(
        db
          .selectFrom('photos')
          .innerJoin('albums', 'albums.id', 'photos.album_id')
          .select('photos.id')
          .where('photos.file_id', '=', id)
          .where('albums.visibility', op, publicVisibility),
      );
  const [privateUse, publicUse, profileUse] = await Promise.all([
    usedIn('!=').limit(1).executeTakeFirst(),
    usedIn('=').limit(1).executeTakeFirst(),
    db
      .selectFrom('users')
      .select('users.id')
      .where('users.profile_pic_file_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !privateUse || Boolean(publicUse ?? profileUse);
}

/**
 * Records an edit of the file (its rotation, size as shown and new derived keys) unless another
 * edit came first: answers whether the row was still at `fromVersion` and is now changed.
 */
export async function updateFileEdit(
  db: Db,
  id: string,
  fromVersion: number,
  changes: Pick<
    FileRow,
    | 'rotation'
    | 'edit_version'
    | 'width'
    | 'height'
    | 'thumb_key'
    | 'preview_key'
    | 'card_key'
    | 'card3x_key'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set(changes)
    .where('id', '=', id)
    .where('edit_version', '=', fromVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
