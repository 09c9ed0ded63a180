import type { Insertable } from 'kysely';
import type { Db, PhotoRow, PhotosTable } from '../../db/schema.js';
import type { Keyset } from '../albums/route-helpers.js';

/** A photo with what the API shows of its file and of its uploader. */
export interface PhotoView extends PhotoRow {
  owner_name: string;
  width: number;
  height: number;
  date_taken: string | null;
  camera_make: string | null;
  camera_model: string | null;
}

function selectPhotoViews(db: Db) {
  return db
    .selectFrom('photos')
    .innerJoin('files', 'files.id', 'photos.file_id')
    .innerJoin('users', 'users.id', 'photos.owner_id')
    .selectAll('photos')
    .select([
      'users.name as owner_name',
      'files.width',
      'files.height',
      'files.date_taken',
      'files.camera_make',
      'files.camera_model',
    ]);
}

export function findPhotoById(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPhotoView(db: Db, id: string): Promise<PhotoView | undefined> {
  return selectPhotoViews(db).where('photos.id', '=', id).executeTakeFirst();
}

/** Photos of an album in its order (sort_date, id), from after the keyset, at most `limit`. */
export function listAlbumPhotoViews(
  db: Db,
  albumId: string,
  options: { limit: number; after: Keyset | undefined },
): Promise<PhotoView[]> {
  let query = selectPhotoViews(db).where('photos.album_id', '=', albumId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('photos.sort_date', 'photos.id'), '>', eb.tuple(after.key, after.id)),
    );
  }
  return query
    .orderBy('photos.sort_date', 'asc')
    .orderBy('photos.id', 'asc')
    .limit(options.limit)
    .execute();
}

/** The photo of the album showing this file, if any. */
export function findAlbumPhotoByFile(
  db: Db,
  albumId: string,
  fileId: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

/** A photo of the album whose file has these bytes (by SHA-256), among the owner's files. */
export function findAlbumPhotoByContent(
  db: Db,
  albumId: string,
  fileOwnerId: string,
  sha256: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('files')
    .innerJoin('photos', 'photos.file_id', 'files.id')
    .selectAll('photos')
    .where('files.owner_id', '=', fileOwnerId)
    .where('files.sha256', '=', sha256)
    .where('photos.album_id', '=', albumId)
    .executeTakeFirst();
}

/** The album's first photo in its order, leaving one out. */
export function findFirstAlbumPhotoExcept(
  db: Db,
  albumId: string,
  exceptPhotoId: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('id', '!=', exceptPhotoId)
    .orderBy('sort_date', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts the photo unless the album already shows that file; answers whether it did. */
export async function insertPhotoUnlessPresent(
  db: Db,
  photo: Insertable<PhotosTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('photos')
    .values(photo)
    .onConflict((oc) => oc.columns(['album_id', 'file_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deletePhoto(db: Db, id: string): Promise<void> {
  await db.deleteFrom('photos').where('id', '=', id).execute();
}

/** Deletes every photo of the album; answers the files they showed. */
export async function deleteAlbumPhotos(db: Db, albumId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('photos')
    .where('album_id', '=', albumId)
    .returning('file_id')
    .execute();
  return rows.map((row) => row.file_id);
}
