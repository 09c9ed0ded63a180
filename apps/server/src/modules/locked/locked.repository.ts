import { sql, type Insertable, type Selectable } from 'kysely';
import { inBatches } from '../../db/id-batches.js';
import { newestFirstPage } from '../../db/keyset-page.js';
import type {
  Db,
  DerivedState,
  FileKind,
  LockedPhotosTable,
  LockedSessionsTable,
  VideoState,
} from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { TILE_COLUMNS } from '../../lib/photo-media.js';

export type LockedPhotoRow = Selectable<LockedPhotosTable>;

export async function insertLockedPhotos(
  db: Db,
  rows: readonly Insertable<LockedPhotosTable>[],
): Promise<void> {
  // Eleven values a row.
  for (const batch of inBatches(rows, 100)) {
    await db.insertInto('locked_photos').values(batch).execute();
  }
}

/** Who uploaded each of these files (the people who may lock them). */
export async function findFileOwners(
  db: Db,
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const batch of inBatches([...new Set(fileIds)])) {
    const rows = await db
      .selectFrom('files')
      .select(['id', 'owner_id'])
      .where('id', 'in', batch)
      .execute();
    for (const row of rows) owners.set(row.id, row.owner_id);
  }
  return owners;
}

/** A photo of the locked page, with what the list shows of its file and album. */
export interface LockedView extends LockedPhotoRow {
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
  album_name: string | null;
}

/**
 * The rank of a locked photo among those of its file: the person's own photo first, then by id.
 * The page shows each file once, by its first photo.
 */
const rankOf = (table: string) =>
  sql<string>`(case when ${sql.ref(`${table}.owner_id`)} = ${sql.ref(`${table}.locked_by`)} then '0' else '1' end) || ${sql.ref(`${table}.id`)}`;

/** The person's locked place, one photo per file, newest locked first, by (locked_at, id). */
export function listLockedViews(
  db: Db,
  userId: string,
  options: { limit: number; before: Keyset | undefined },
): Promise<LockedView[]> {
  const query = db
    .selectFrom('locked_photos')
    .innerJoin('files', 'files.id', 'locked_photos.file_id')
    .leftJoin('albums', 'albums.id', 'locked_photos.album_id')
    .selectAll('locked_photos')
    .select([...TILE_COLUMNS, 'albums.name as album_name'])
    .where('locked_photos.locked_by', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('locked_photos as other')
            .select('other.id')
            .whereRef('other.file_id', '=', 'locked_photos.file_id')
            .whereRef('other.locked_by', '=', 'locked_photos.locked_by')
            .where(sql<boolean>`${rankOf('other')} < ${rankOf('locked_photos')}`),
        ),
      ),
    );
  return newestFirstPage(
    query,
    { at: 'locked_photos.locked_at', id: 'locked_photos.id' },
    options.before,
    options.limit,
  ).execute();
}

/** How many files the person's locked place holds. */
export async function countLockedFiles(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('locked_photos')
    .select(sql<number | string>`count(distinct file_id)`.as('n'))
    .where('locked_by', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The files of these photos that the person's locked place holds, by photo id. */
export async function findLockedFilesOfPhotos(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await db
      .selectFrom('locked_photos')
      .select(['id', 'file_id'])
      .where('locked_by', '=', userId)
      .where('id', 'in', batch)
      .execute();
    for (const row of rows) files.set(row.id, row.file_id);
  }
  return files;
}

/**
 * Takes every locked photo of these files out of the person's locked place: deletes the rows and
 * answers them. Two requests at once take each row once (the delete locks it).
 */
export async function takeLockedPhotosOfFiles(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<LockedPhotoRow[]> {
  const rows: LockedPhotoRow[] = [];
  for (const batch of inBatches([...new Set(fileIds)])) {
    rows.push(
      ...(await db
        .deleteFrom('locked_photos')
        .where('locked_by', '=', userId)
        .where('file_id', 'in', batch)
        .returningAll()
        .execute()),
    );
  }
  return rows;
}

export async function insertLockedSession(
  db: Db,
  row: Insertable<LockedSessionsTable>,
): Promise<void> {
  await db.insertInto('locked_sessions').values(row).execute();
}

/** Forgets the person's sessions that ended (idle past their expiry). */
export async function deleteEndedSessions(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('locked_sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * Pushes an open session of the person on to `until`; answers whether it was open (its secret's
 * hash matches and it has not expired at `now`).
 */
export async function extendOpenSession(
  db: Db,
  session: { id: string; secretHash: string; userId: string },
  times: { now: string; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable('locked_sessions')
    .set({ expires_at: times.until })
    .where('id', '=', session.id)
    .where('secret_hash', '=', session.secretHash)
    .where('user_id', '=', session.userId)
    .where('expires_at', '>', times.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSession(
  db: Db,
  session: { id: string; secretHash: string; userId: string },
): Promise<void> {
  await db
    .deleteFrom('locked_sessions')
    .where('id', '=', session.id)
    .where('secret_hash', '=', session.secretHash)
    .where('user_id', '=', session.userId)
    .execute();
}
