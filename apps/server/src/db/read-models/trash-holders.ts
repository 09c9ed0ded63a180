import type { Db } from '../schema.js';

/**
 * A read model: whether the person holds the file in their Trash (a photo they deleted, or the
 * cover of an album they deleted), or added a photo of it that is in someone's Trash (its author
 * sees where it went; decision 0080). Picture URLs signed for Trash ask this (the files module),
 * without naming the trash module's tables.
 */
export async function fileInTrashOf(db: Db, fileId: string, userId: string): Promise<boolean> {
  const photo = await db
    .selectFrom('trashed_photos')
    .select('trashed_photos.id')
    .where('trashed_photos.file_id', '=', fileId)
    .where((eb) =>
      eb.or([
        eb('trashed_photos.held_by', '=', userId),
        eb('trashed_photos.owner_id', '=', userId),
      ]),
    )
    .executeTakeFirst();
  if (photo) return true;
  const album = await db
    .selectFrom('trashed_albums')
    .select('trashed_albums.id')
    .where('trashed_albums.cover_file_id', '=', fileId)
    .where('trashed_albums.held_by', '=', userId)
    .executeTakeFirst();
  return album !== undefined;
}
