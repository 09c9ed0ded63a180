import type { ExpressionBuilder, Insertable } from 'kysely';
import type {
  AlbumRow,
  AlbumsTable,
  Database,
  Db,
  MemberRole,
  PhotoRow,
  PhotosTable,
} from '../../db/schema.js';
import { SEEN_BY_EVERYONE, SEEN_BY_MEMBERS } from '../../lib/access.js';
import type { Keyset } from '../../lib/paging.js';

/**
 * The access rule of lib/access.ts as SQL: the albums `userId` may see. Its owner; everyone when
 * the album is seen by everyone; its members when it is seen by members. Each branch is an
 * index lookup per row, so keyset pages still walk albums_created_idx in order.
 */
export function whereAlbumVisibleTo(userId: string) {
  return (eb: ExpressionBuilder<Database, 'albums'>) =>
    eb.or([
      eb('albums.visibility', '=', SEEN_BY_EVERYONE),
      eb('albums.owner_id', '=', userId),
      eb.and([
        eb('albums.visibility', 'in', [...SEEN_BY_MEMBERS]),
        eb.exists(
          eb
            .selectFrom('album_members')
            .select('album_members.user_id')
            .whereRef('album_members.album_id', '=', 'albums.id')
            .where('album_members.user_id', '=', userId),
        ),
      ]),
    ]);
}

/** An album with the role `userId` holds in it as a member (null: none): what access needs. */
export interface AlbumWithMembership extends AlbumRow {
  member_role: MemberRole | null;
}

export function findAlbumWithMembership(
  db: Db,
  id: string,
  userId: string | null,
): Promise<AlbumWithMembership | undefined> {
  return db
    .selectFrom('albums')
    .selectAll('albums')
    .select((eb) =>
      eb
        .selectFrom('album_members')
        .select('album_members.role')
        .whereRef('album_members.album_id', '=', 'albums.id')
        .where('album_members.user_id', '=', userId ?? '')
        .as('member_role'),
    )
    .where('albums.id', '=', id)
    .executeTakeFirst();
}

/** An album with its owner's name and the viewer's role as a member, as answers need it. */
export interface AlbumView extends AlbumRow {
  owner_name: string;
  member_role: MemberRole | null;
  /** The cover file's edit version (its picture URL carries it). */
  cover_edit_version: number | null;
}

function selectAlbumViews(db: Db, viewerId: string | null) {
  return db
    .selectFrom('albums')
    .innerJoin('users', 'users.id', 'albums.owner_id')
    .selectAll('albums')
    .select((eb) => [
      'users.name as owner_name',
      eb
        .selectFrom('album_members')
        .select('album_members.role')
        .whereRef('album_members.album_id', '=', 'albums.id')
        .where('album_members.user_id', '=', viewerId ?? '')
        .as('member_role'),
      eb
        .selectFrom('files')
        .select('files.edit_version')
        .whereRef('files.id', '=', 'albums.cover_file_id')
        .as('cover_edit_version'),
    ]);
}

export function findAlbumById(db: Db, id: string): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The album as `viewerId` sees it (null: a link visitor). */
export function findAlbumView(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<AlbumView | undefined> {
  return selectAlbumViews(db, viewerId).where('albums.id', '=', id).executeTakeFirst();
}

/**
 * Albums `viewerId` may see, newest first (created_at desc, id desc), from after the keyset, at
 * most `limit`. `ownerId`: only that owner's; `memberId`: only those they are a member of.
 */
export function listAlbumViews(
  db: Db,
  options: {
    limit: number;
    after: Keyset | undefined;
    viewerId: string;
    ownerId?: string | undefined;
    memberId?: string | undefined;
  },
): Promise<AlbumView[]> {
  let query = selectAlbumViews(db, options.viewerId).where(whereAlbumVisibleTo(options.viewerId));
  if (options.ownerId !== undefined) query = query.where('albums.owner_id', '=', options.ownerId);
  const memberId = options.memberId;
  if (memberId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('album_members')
          .select('album_members.user_id')
          .whereRef('album_members.album_id', '=', 'albums.id')
          .where('album_members.user_id', '=', memberId),
      ),
    );
  }
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
