import type { Insertable } from 'kysely';
import type { AlbumRow, AlbumsTable, Db, PhotoRow, PhotosTable } from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';

/** An album with its owner's name, as lists and answers need it. */
export interface AlbumView extends AlbumRow {
  owner_name: string;
}

function selectAlbumViews(db: Db) {
  return db
    .selectFrom('albums')
    .innerJoin('users', 'users.id', 'albums.owner_id')
    .selectAll('albums')
    .select('users.name as owner_name');
}

export function findAlbumById(db: Db, id: string): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAlbumView(db: Db, id: string): Promise<AlbumView | undefined> {
  return selectAlbumViews(db).where('albums.id', '=', id).executeTakeFirst();
}

/** Albums newest first (created_at desc, id desc), from after the keyset, at most `limit`. */
export function listAlbumViews(
  db: Db,
  options: { limit: number; after: Keyset | undefined; ownerId: string | undefined },
): Promise<AlbumView[]> {
  let query = selectAlbumViews(db);
  if (options.ownerId !== undefined) query = query.where('albums.owner_id', '=', options.ownerId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('albums.created_at', 'albums.id'), '<', eb.tuple(after.key, after.id)),
    );
  }
  return query
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(options.limit)
    .execute();
}

/**
 * Locks the album's row until the transaction ends, so that changes to one album's photos and
 * cover happen one after the other (a no-op update: PostgreSQL locks the row, SQLite the
 * database). Answers whether the album exists.
 */
export async function lockAlbum(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('albums')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAlbum(db: Db, album: Insertable<AlbumsTable>): Promise<void> {
  await db.insertInto('albums').values(album).execute();
}

/** The album's first photo, showing its cover: made with the album, in the same transaction. */
export async function insertCoverPhoto(db: Db, photo: Insertable<PhotosTable>): Promise<void> {
  await db.insertInto('photos').values(photo).execute();
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

/** The files the album's photos show. */
export async function listAlbumPhotoFileIds(db: Db, albumId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('file_id')
    .where('album_id', '=', albumId)
    .execute();
  return rows.map((row) => row.file_id);
}

export async function updateAlbumRow(
  db: Db,
  id: string,
  changes: { name?: string; cover_file_id?: string },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('albums').set(changes).where('id', '=', id).execute();
}

/** Deletes the album; its photos and their comments go with it (foreign-key cascades). */
export async function deleteAlbumRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('albums').where('id', '=', id).execute();
}
