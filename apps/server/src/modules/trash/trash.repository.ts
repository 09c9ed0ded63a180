import { sql, type Insertable, type Selectable } from 'kysely';
import { inBatches } from '../../db/id-batches.js';
import { newestFirstPage } from '../../db/keyset-page.js';
import { literalLimit } from '../../db/literal-limit.js';
import type {
  Db,
  DerivedState,
  FileKind,
  TrashedAlbumsTable,
  TrashedPhotosTable,
  VideoState,
} from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { TILE_COLUMNS } from '../../lib/photo-media.js';

export type TrashedPhotoRow = Selectable<TrashedPhotosTable>;
export type TrashedAlbumRow = Selectable<TrashedAlbumsTable>;

export async function insertTrashedPhotos(
  db: Db,
  rows: readonly Insertable<TrashedPhotosTable>[],
): Promise<void> {
  // Eleven values a row.
  for (const batch of inBatches(rows, 100)) {
    await db.insertInto('trashed_photos').values(batch).execute();
  }
}

export async function insertTrashedAlbum(
  db: Db,
  row: Insertable<TrashedAlbumsTable>,
): Promise<void> {
  await db.insertInto('trashed_albums').values(row).execute();
}

/** A photo of a Trash page, with what the list shows of its file, its album and its people. */
export interface TrashView extends TrashedPhotoRow {
  width: number;
  height: number;
  placeholder: string | null;
  derived_state: DerivedState;
  thumb_key: string | null;
  edit_version: number;
  kind: FileKind;
  duration_ms: number | null;
  video_state: VideoState | null;
  motion_file_id: string | null;
  owner_name: string;
  holder_name: string;
  album_name: string | null;
  trashed_album_name: string | null;
}

/**
 * What the person's Trash page shows: the photos they hold, and those they added that someone
 * else holds (its author sees where it went), newest deletion first, by (trashed_at, id).
 */
export function listTrashViews(
  db: Db,
  userId: string,
  options: { limit: number; before: Keyset | undefined },
): Promise<TrashView[]> {
  const query = db
    .selectFrom('trashed_photos')
    .innerJoin('files', 'files.id', 'trashed_photos.file_id')
    .innerJoin('users as owner', 'owner.id', 'trashed_photos.owner_id')
    .innerJoin('users as holder', 'holder.id', 'trashed_photos.held_by')
    .leftJoin('albums', 'albums.id', 'trashed_photos.album_id')
    .leftJoin('trashed_albums', 'trashed_albums.id', 'trashed_photos.album_id')
    .selectAll('trashed_photos')
    .select([
      ...TILE_COLUMNS,
      'owner.name as owner_name',
      'holder.name as holder_name',
      'albums.name as album_name',
      'trashed_albums.name as trashed_album_name',
    ])
    .where((eb) =>
      eb.or([
        eb('trashed_photos.held_by', '=', userId),
        eb('trashed_photos.owner_id', '=', userId),
      ]),
    );
  return newestFirstPage(
    query,
    { at: 'trashed_photos.trashed_at', id: 'trashed_photos.id' },
    options.before,
    options.limit,
  ).execute();
}

/** How many photos the person's Trash holds. */
export async function countHeldPhotos(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('trashed_photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('held_by', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The rows of these photos that the person holds (without taking them). */
export async function findHeldPhotos(
  db: Db,
  holderId: string,
  ids: readonly string[],
): Promise<TrashedPhotoRow[]> {
  const rows: TrashedPhotoRow[] = [];
  for (const batch of inBatches(ids)) {
    rows.push(
      ...(await db
        .selectFrom('trashed_photos')
        .selectAll()
        .where('held_by', '=', holderId)
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return rows;
}

/** The ids of every photo the person holds, or of those of these albums. */
export async function listHeldPhotoIds(
  db: Db,
  holderId: string,
  albumIds?: readonly string[],
): Promise<string[]> {
  let query = db.selectFrom('trashed_photos').select('id').where('held_by', '=', holderId);
  if (albumIds) {
    if (albumIds.length === 0) return [];
    query = query.where('album_id', 'in', albumIds);
  }
  return (await query.execute()).map((row) => row.id);
}

/** The albums of these ids that the person holds in Trash. */
export function findHeldAlbums(
  db: Db,
  holderId: string,
  ids: readonly string[],
): Promise<TrashedAlbumRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('trashed_albums')
    .selectAll()
    .where('held_by', '=', holderId)
    .where('id', 'in', ids)
    .execute();
}

/** An album the person holds in Trash, with how many of its photos Trash holds. */
export interface HeldAlbumView {
  id: string;
  name: string;
  trashed_at: string;
  photo_count: number | string;
}

/** The albums the person holds in Trash, empty or not, newest deletion first. */
export function listHeldAlbums(db: Db, holderId: string): Promise<HeldAlbumView[]> {
  return db
    .selectFrom('trashed_albums')
    .select(['trashed_albums.id', 'trashed_albums.name', 'trashed_albums.trashed_at'])
    .select((eb) =>
      eb
        .selectFrom('trashed_photos')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('trashed_photos.album_id', '=', 'trashed_albums.id')
        .as('photo_count'),
    )
    .where('trashed_albums.held_by', '=', holderId)
    .orderBy('trashed_albums.trashed_at', 'desc')
    .orderBy('trashed_albums.id', 'desc')
    .$castTo<HeldAlbumView>()
    .execute();
}

/** The ids of every album the person holds in Trash. */
export async function listHeldAlbumIds(db: Db, holderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trashed_albums')
    .select('id')
    .where('held_by', '=', holderId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes these photos out of the person's Trash: deletes their rows and answers them. Two requests
 * at once take each row once (the delete locks it): the other answers it missing.
 */
export async function takeHeldPhotos(
  db: Db,
  holderId: string,
  ids: readonly string[],
): Promise<TrashedPhotoRow[]> {
  const rows: TrashedPhotoRow[] = [];
  for (const batch of inBatches(ids)) {
    rows.push(
      ...(await db
        .deleteFrom('trashed_photos')
        .where('held_by', '=', holderId)
        .where('id', 'in', batch)
        .returningAll()
        .execute()),
    );
  }
  return rows;
}

/** Takes these albums out of the person's Trash, as takeHeldPhotos does photos. */
export function takeHeldAlbums(
  db: Db,
  holderId: string,
  ids: readonly string[],
): Promise<TrashedAlbumRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom('trashed_albums')
    .where('held_by', '=', holderId)
    .where('id', 'in', ids)
    .returningAll()
    .execute();
}

/** Takes up to `limit` photos that went to Trash at `cutoff` or before (the purge's). */
export async function takeDuePhotos(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<TrashedPhotoRow[]> {
  return db
    .deleteFrom('trashed_photos')
    .where(
      'id',
      'in',
      db
        .selectFrom('trashed_photos')
        .select('id')
        .where('trashed_at', '<=', cutoff)
        .orderBy('trashed_at')
        .limit(literalLimit(limit)),
    )
    .returningAll()
    .execute();
}

/**
 * Deletes the albums in Trash (of these ids, or any that went at `cutoff` or before) that hold
 * no photo in Trash any more; answers how many went, and their covers, to release.
 */
export async function deleteEmptyTrashedAlbums(
  db: Db,
  which: { ids: readonly string[] } | { cutoff: string },
): Promise<{ albums: number; files: string[] }> {
  if ('ids' in which && which.ids.length === 0) return { albums: 0, files: [] };
  const rows = await db
    .deleteFrom('trashed_albums')
    .where((eb) =>
      'ids' in which
        ? eb('trashed_albums.id', 'in', which.ids)
        : eb('trashed_at', '<=', which.cutoff),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('trashed_photos')
            .select('trashed_photos.id')
            .whereRef('trashed_photos.album_id', '=', 'trashed_albums.id'),
        ),
      ),
    )
    .returning('cover_file_id')
    .execute();
  return {
    albums: rows.length,
    files: rows.flatMap((row) => (row.cover_file_id === null ? [] : [row.cover_file_id])),
  };
}

/** Which of these people still have an account. */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await db.selectFrom('users').select('id').where('id', 'in', batch).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * The bytes of files that only Trash uses, per owner of the files (their storage counts them until
 * they are purged): a file some photo outside Trash still shows is not counted.
 */
export async function trashBytesByOwner(
  db: Db,
  ownerIds?: readonly string[],
): Promise<Map<string, number>> {
  if (ownerIds?.length === 0) return new Map();
  let query = db
    .selectFrom('files')
    .select('files.owner_id')
    .select(
      sql<number | string | null>`sum(files.size + files.derived_bytes + files.extra_bytes)`.as(
        'bytes',
      ),
    )
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('trashed_photos')
            .select('trashed_photos.id')
            .whereRef('trashed_photos.file_id', '=', 'files.id'),
        ),
        eb.not(
          eb.exists(
            eb.selectFrom('photos').select('photos.id').whereRef('photos.file_id', '=', 'files.id'),
          ),
        ),
      ]),
    )
    .groupBy('files.owner_id');
  if (ownerIds) query = query.where('files.owner_id', 'in', ownerIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.owner_id, Number(row.bytes ?? 0)]));
}
