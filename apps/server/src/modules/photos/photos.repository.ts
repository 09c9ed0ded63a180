import type { ExpressionBuilder, Insertable, SqlBool } from 'kysely';
import type {
  AlbumVisibility,
  Database,
  Db,
  DerivedState,
  FileKind,
  PhotoRow,
  PhotosTable,
  VideoState,
} from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { inBatches } from '../../db/id-batches.js';
import { literalLimit } from '../../db/literal-limit.js';
import { albumVisibleToUserSql } from '../../lib/access.js';

// The albums module owns this query (it checks a cover is among the album's photos); saving a
// photo to an album asks it too.
export { findAlbumPhotoByFile } from '../albums/albums.repository.js';

/** A photo with what the API shows of its file, of its uploader, and of its likes and comments. */
export interface PhotoView extends PhotoRow {
  owner_name: string;
  album_name: string;
  album_visibility: AlbumVisibility;
  width: number;
  height: number;
  date_taken: string | null;
  camera_make: string | null;
  camera_model: string | null;
  /** Bytes of the original (PostgreSQL may answer a bigint as text). */
  file_size: number | string;
  rotation: number;
  edit_version: number;
  placeholder: string | null;
  derived_state: DerivedState;
  thumb_key: string | null;
  /** PostgreSQL answers counts as text (bigint), SQLite as numbers. */
  like_count: number | string | bigint | null;
  /** PostgreSQL answers a boolean, SQLite 0 or 1. */
  liked_by_viewer: SqlBool;
  comment_count: number | string | bigint | null;
  kind: FileKind;
  duration_ms: number | null;
  video_state: VideoState | null;
  motion_file_id: string | null;
  /** Who may see its place (lib/place-access.ts), and the place, when the file has one. */
  file_owner_id: string;
  album_owner_id: string;
  show_places: number;
  placeless_key: string | null;
  latitude_e7: number | null;
  longitude_e7: number | null;
  altitude_cm: number | null;
  /** Its place's name (decision 0105), once a worker named it. */
  place_city: string | null;
  place_country: string | null;
  /** The viewer's own marks on the file (decision 0082); SQLite answers 0 or 1. */
  favourite: SqlBool;
  archived: SqlBool;
}

/**
 * Photos with their counts, in one query however many photos are read: each count is a subquery
 * on an index that starts with photo_id, so it reads only that photo's rows.
 */
function selectPhotoViews(db: Db, viewerId: string | null) {
  return db
    .selectFrom('photos')
    .innerJoin('files', 'files.id', 'photos.file_id')
    .innerJoin('users', 'users.id', 'photos.owner_id')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .selectAll('photos')
    .select((eb) => [
      'users.name as owner_name',
      'albums.name as album_name',
      'albums.visibility as album_visibility',
      'files.width',
      'files.height',
      'files.rotation',
      'files.edit_version',
      'files.placeholder',
      'files.derived_state',
      'files.thumb_key',
      'files.date_taken',
      'files.camera_make',
      'files.camera_model',
      'files.size as file_size',
      'files.kind',
      'files.duration_ms',
      'files.video_state',
      'files.motion_file_id',
      'files.owner_id as file_owner_id',
      'albums.owner_id as album_owner_id',
      'albums.show_places',
      'files.placeless_key',
      'files.latitude_e7',
      'files.longitude_e7',
      'files.altitude_cm',
      'files.place_city',
      'files.place_country',
      eb
        .selectFrom('photo_likes')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('photo_likes.photo_id', '=', 'photos.id')
        .as('like_count'),
      eb
        .exists(
          eb
            .selectFrom('photo_likes')
            .select('photo_likes.user_id')
            .whereRef('photo_likes.photo_id', '=', 'photos.id')
            .where('photo_likes.user_id', '=', viewerId ?? ''),
        )
        .as('liked_by_viewer'),
      eb
        .selectFrom('comments')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('comments.photo_id', '=', 'photos.id')
        .as('comment_count'),
      eb
        .exists(
          eb
            .selectFrom('favourites')
            .select('favourites.file_id')
            .where('favourites.user_id', '=', viewerId ?? '')
            .whereRef('favourites.file_id', '=', 'photos.file_id'),
        )
        .as('favourite'),
      eb
        .exists(
          eb
            .selectFrom('archived_files')
            .select('archived_files.file_id')
            .whereRef('archived_files.file_id', '=', 'photos.file_id')
            .where('archived_files.user_id', '=', viewerId ?? ''),
        )
        .as('archived'),
    ]);
}

/** The photo as `viewerId` sees it (whether they like it; null: a link visitor). */
export function findPhotoView(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<PhotoView | undefined> {
  return selectPhotoViews(db, viewerId).where('photos.id', '=', id).executeTakeFirst();
}

/** What a photo's details add of its file: its name, the date's time zone, lens and exposure. */
export function findFileCaptureFacts(db: Db, fileId: string) {
  return db
    .selectFrom('files')
    .select([
      'original_name',
      'taken_offset_minutes',
      'lens',
      'f_number_e2',
      'exposure_ns',
      'iso',
      'focal_length_e2',
      'focal_length_35mm',
    ])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/**
 * The albums with a photo of this file that the signed-in `viewerId` may see, as the access rule
 * says (lib/access.ts), by name; at most `limit`.
 */
export function listVisibleAlbumsShowingFile(
  db: Db,
  fileId: string,
  viewerId: string,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select(['albums.id', 'albums.name'])
    .distinct()
    .where('photos.file_id', '=', fileId)
    .where(albumVisibleToUserSql(viewerId))
    .orderBy('albums.name')
    .orderBy('albums.id')
    .limit(literalLimit(limit))
    .execute();
}

/** Photos of an album in its order (sort_date, id), from after the keyset, at most `limit`. */
export function listAlbumPhotoViews(
  db: Db,
  albumId: string,
  viewerId: string | null,
  options: { limit: number; after: Keyset | undefined },
): Promise<PhotoView[]> {
  let query = selectPhotoViews(db, viewerId).where('photos.album_id', '=', albumId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('photos.sort_date', 'photos.id'), '>', eb.tuple(after.key, after.id)),
    );
  }
  return query
    .orderBy('photos.sort_date', 'asc')
    .orderBy('photos.id', 'asc')
    .limit(literalLimit(options.limit))
    .execute();
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

/** Photos that are going: some photos by id, or every photo a user added or that shows their files. */
export type LeavingPhotos = { photoIds: readonly string[] } | { userId: string };

/**
 * The album's first photo in its order, leaving out those that are going. Photos going by id are
 * left out as they are read (the first ones of the album, at most one more than are going), so
 * that no statement binds every id.
 */
export async function findFirstAlbumPhotoExcept(
  db: Db,
  albumId: string,
  leaving: LeavingPhotos,
): Promise<PhotoRow | undefined> {
  let query = db.selectFrom('photos').selectAll().where('album_id', '=', albumId);
  if ('photoIds' in leaving) {
    const going = new Set(leaving.photoIds);
    const first = await query
      .orderBy('sort_date', 'asc')
      .orderBy('id', 'asc')
      .limit(literalLimit(going.size + 1))
      .execute();
    return first.find((photo) => !going.has(photo.id));
  }
  query = query
    .where('owner_id', '!=', leaving.userId)
    .where('file_id', 'not in', filesOf(db, leaving.userId));
  return query
    .orderBy('sort_date', 'asc')
    .orderBy('id', 'asc')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/** These photos, those that exist, by id: a batch of ids per statement. */
export async function findPhotosByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, PhotoRow>> {
  const found = new Map<string, PhotoRow>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await db.selectFrom('photos').selectAll().where('id', 'in', batch).execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Which of these files the album's photos already show. */
export async function listFilesShownInAlbum(
  db: Db,
  albumId: string,
  fileIds: readonly string[],
): Promise<Set<string>> {
  const shown = new Set<string>();
  for (const batch of inBatches([...new Set(fileIds)])) {
    const rows = await db
      .selectFrom('photos')
      .select('file_id')
      .where('album_id', '=', albumId)
      .where('file_id', 'in', batch)
      .execute();
    for (const row of rows) shown.add(row.file_id);
  }
  return shown;
}

/** Inserts these photos (an album that already shows a file skips it); answers how many it added. */
export async function insertPhotoRows(
  db: Db,
  photos: readonly Insertable<PhotosTable>[],
): Promise<number> {
  let added = 0;
  // Six values a row.
  for (const batch of inBatches(photos, 150)) {
    const result = await db
      .insertInto('photos')
      .values(batch)
      .onConflict((oc) => oc.columns(['album_id', 'file_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

/** These photos move to the album: the same rows (id, uploader, comments, likes) in another album. */
export async function movePhotoRows(
  db: Db,
  ids: readonly string[],
  albumId: string,
): Promise<void> {
  for (const batch of inBatches(ids)) {
    await db.updateTable('photos').set({ album_id: albumId }).where('id', 'in', batch).execute();
  }
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

/** Deletes these photos; their comments and likes go with them (foreign-key cascades). */
export async function deletePhotoRows(db: Db, ids: readonly string[]): Promise<void> {
  for (const batch of inBatches(ids)) {
    await db.deleteFrom('photos').where('id', 'in', batch).execute();
  }
}

/** The ids of the files `ownerId` uploaded. */
function filesOf(db: Db, ownerId: string) {
  return db.selectFrom('files').select('id').where('owner_id', '=', ownerId);
}

/** The files shown by the photos the user added. */
export async function listUserPhotoFileIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('file_id')
    .where('owner_id', '=', userId)
    .execute();
  return rows.map((row) => row.file_id);
}

/** The albums holding photos the user added or photos showing their files. */
export async function listAlbumsWithPhotosOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('album_id')
    .distinct()
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('file_id', 'in', filesOf(db, userId))]))
    .execute();
  return rows.map((row) => row.album_id);
}

/**
 * Deletes the photos the user added and those showing their files (with their comments); answers
 * the albums they were in.
 */
export async function deleteUserPhotoRows(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('photos')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('file_id', 'in', filesOf(db, userId))]))
    .returning('album_id')
    .execute();
  return [...new Set(rows.map((row) => row.album_id))];
}

/**
 * How many photos the person (the row `users` of the query) added themselves, not guests through
 * their links: a subquery per person.
 */
export function photosAddedBySql(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('photos')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('photos.owner_id', '=', 'users.id')
    .where('photos.guest_name', 'is', null);
}

/** How many photos the server holds. */
export async function countAllPhotos(db: Db): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
