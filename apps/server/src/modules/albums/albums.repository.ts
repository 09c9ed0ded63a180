import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
} from 'kysely';
import type {
  AlbumRow,
  AlbumsTable,
  AlbumVisibility,
  Database,
  Db,
  DerivedState,
  MemberRole,
  PhotoRow,
  PhotosTable,
} from '../../db/schema.js';
import { albumMemberSql, albumVisibleToSql } from '../../lib/access.js';
import type { Keyset } from '../../lib/paging.js';
import { inBatches } from '../../db/id-batches.js';
import { literalLimit } from '../../db/literal-limit.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** An album with the role `userId` holds in it as a member (null: none): what access needs. */
export interface AlbumWithMembership extends AlbumRow {
  member_role: MemberRole | null;
}

/** Albums, each with the role `userId` holds in it (a lookup by the membership's primary key). */
function selectAlbumsWithMembership(db: Db, userId: string | null) {
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
    );
}

export function findAlbumWithMembership(
  db: Db,
  id: string,
  userId: string | null,
): Promise<AlbumWithMembership | undefined> {
  return selectAlbumsWithMembership(db, userId).where('albums.id', '=', id).executeTakeFirst();
}

/** These albums, those that exist, each with the role `userId` holds in it: a batch per statement. */
export async function findAlbumsWithMembership(
  db: Db,
  ids: readonly string[],
  userId: string | null,
): Promise<Map<string, AlbumWithMembership>> {
  const found = new Map<string, AlbumWithMembership>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await selectAlbumsWithMembership(db, userId)
      .where('albums.id', 'in', batch)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** An album with its owner's name and the viewer's role as a member, as answers need it. */
export interface AlbumView extends AlbumRow {
  owner_name: string;
  member_role: MemberRole | null;
  /** The cover file's edit version (its picture URL carries it). */
  cover_edit_version: number | null;
  cover_placeholder: string | null;
  cover_derived_state: DerivedState | null;
  /** Whether the viewer archived the cover's file: their card shows none (decision 0082). */
  cover_archived: SqlBool;
}

/**
 * Albums with their owner's name, the viewer's membership and the cover's edit version and
 * placeholder, joined (each a lookup by primary key per album row, cheaper than a subquery per
 * row). Every album has its owner (a foreign key); the owner is left-joined all the same, because
 * a left join keeps SQLite walking albums in the index's order when its statistics say users are
 * few, where an inner join lets it start from users and sort every album.
 */
function selectAlbumViews(db: Db, viewerId: string | null) {
  return db
    .selectFrom('albums')
    .leftJoin('users', 'users.id', 'albums.owner_id')
    .leftJoin('album_members as viewer_membership', (join) =>
      join
        .onRef('viewer_membership.album_id', '=', 'albums.id')
        .on('viewer_membership.user_id', '=', viewerId ?? ''),
    )
    .leftJoin('files as cover', 'cover.id', 'albums.cover_file_id')
    .selectAll('albums')
    .select([
      'users.name as owner_name',
      'viewer_membership.role as member_role',
      'cover.edit_version as cover_edit_version',
      'cover.placeholder as cover_placeholder',
      'cover.derived_state as cover_derived_state',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('archived_files')
            .select('archived_files.file_id')
            .whereRef('archived_files.file_id', '=', 'albums.cover_file_id')
            .where('archived_files.user_id', '=', viewerId ?? ''),
        )
        .as('cover_archived'),
    )
    .$narrowType<{ owner_name: string }>();
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

/** What a page of albums is asked with: see listAlbumViews. */
type AlbumPageArgs = {
  viewerId: string;
  limit: number;
  afterKey: string | undefined;
  afterId: string | undefined;
  ownerId: string | undefined;
  memberId: string | undefined;
  /** A LIKE pattern (escaped with a backslash) the name must match, case-insensitive. */
  nameLike: string | undefined;
};

/** The access rule on the joined membership of the viewer: no subquery per row. */
function albumPageQuery(db: Db, args: AlbumPageArgs) {
  let query = selectAlbumViews(db, args.viewerId).where((eb) =>
    albumVisibleToSql(args.viewerId, eb('viewer_membership.user_id', 'is not', null)),
  );
  if (args.ownerId !== undefined) query = query.where('albums.owner_id', '=', args.ownerId);
  const memberId = args.memberId;
  if (memberId !== undefined) {
    query = query.where(albumMemberSql(memberId));
  }
  const nameLike = args.nameLike;
  if (nameLike !== undefined) {
    query = query.where(
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql<SqlBool>`albums.name ilike ${nameLike} escape '\\'`
        : sql<SqlBool>`albums.name like ${nameLike} escape '\\'`,
    );
  }
  const { afterKey, afterId } = args;
  if (afterKey !== undefined && afterId !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('albums.created_at', 'albums.id'), '<', eb.tuple(afterKey, afterId)),
    );
  }
  return query
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(literalLimit(args.limit));
}

const listAlbumViewsQuery = preparedQuery(albumPageQuery, { literals: ['limit'] });

/**
 * Albums `viewerId` may see, newest first (created_at desc, id desc), from after the keyset, at
 * most `limit`. `ownerId`: only that owner's; `memberId`: only those they are a member of;
 * `nameLike`: only those whose name matches (search).
 */
export function listAlbumViews(
  db: Db,
  options: {
    limit: number;
    after: Keyset | undefined;
    viewerId: string;
    ownerId?: string | undefined;
    memberId?: string | undefined;
    /** Only albums whose name matches this LIKE pattern (escaped with a backslash), case-insensitive. */
    nameLike?: string | undefined;
  },
): Promise<AlbumView[]> {
  return listAlbumViewsQuery(db, {
    viewerId: options.viewerId,
    limit: options.limit,
    afterKey: options.after?.key,
    afterId: options.after?.id,
    ownerId: options.ownerId,
    memberId: options.memberId,
    nameLike: options.nameLike,
  });
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

/**
 * An album without a cover (it held no photo, decision 0087) takes its first photo, by date, as
 * cover once it has one; an album with a cover keeps it.
 */
function coverOrFirstPhoto(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb.fn.coalesce(
    'albums.cover_file_id',
    eb
      .selectFrom('photos')
      .select('photos.file_id')
      .whereRef('photos.album_id', '=', 'albums.id')
      .orderBy('photos.sort_date')
      .orderBy('photos.id')
      .limit(1),
  );
}

/**
 * Counts a photo just added to the album, dated `sortDate`, in the album's photo facts (its count
 * and the earliest and latest of its photos' dates). Run in the transaction that inserted it, with
 * the album locked: each change applies to the row as the last writer left it. An album without a
 * cover takes its first photo as cover.
 */
export async function countAddedPhoto(db: Db, albumId: string, sortDate: string): Promise<void> {
  await db
    .updateTable('albums')
    .set((eb) => ({
      cover_file_id: coverOrFirstPhoto(eb),
      photo_count: eb('photo_count', '+', 1),
      first_photo_date: eb
        .case()
        .when(eb.or([eb('first_photo_date', 'is', null), eb('first_photo_date', '>', sortDate)]))
        .then(sortDate)
        .else(eb.ref('first_photo_date'))
        .end(),
      last_photo_date: eb
        .case()
        .when(eb.or([eb('last_photo_date', 'is', null), eb('last_photo_date', '<', sortDate)]))
        .then(sortDate)
        .else(eb.ref('last_photo_date'))
        .end(),
    }))
    .where('id', '=', albumId)
    .execute();
}

/**
 * Counts the photos of these albums again, after some were deleted: their number, and their
 * earliest and latest dates (each read from the index on album_id, sort_date). Run in the
 * transaction that deleted them, after locking the albums (lockAlbums), so that the counts read
 * every photo committed before. An album without a cover takes its first photo as cover.
 */
export async function recountAlbumPhotos(db: Db, albumIds: readonly string[]): Promise<void> {
  if (albumIds.length === 0) return;
  await db
    .updateTable('albums')
    .set((eb) => ({
      cover_file_id: coverOrFirstPhoto(eb),
      photo_count: eb
        .selectFrom('photos')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('photos.album_id', '=', 'albums.id'),
      first_photo_date: eb
        .selectFrom('photos')
        .select((sub) => sub.fn.min('photos.sort_date').as('d'))
        .whereRef('photos.album_id', '=', 'albums.id'),
      last_photo_date: eb
        .selectFrom('photos')
        .select((sub) => sub.fn.max('photos.sort_date').as('d'))
        .whereRef('photos.album_id', '=', 'albums.id'),
    }))
    .where('id', 'in', albumIds)
    .execute();
}

/** Locks these albums' rows, in the order of their ids, as lockAlbum does one. */
export async function lockAlbums(db: Db, albumIds: readonly string[]): Promise<void> {
  for (const id of [...albumIds].sort()) await lockAlbum(db, id);
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
  changes: { name?: string; cover_file_id?: string | null; show_places?: number },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('albums').set(changes).where('id', '=', id).execute();
}

/** Deletes the album; its photos and their comments go with it (foreign-key cascades). */
export async function deleteAlbumRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('albums').where('id', '=', id).execute();
}

/** The files the owner's albums show: their covers and their photos. */
export async function listOwnerAlbumFileIds(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('file_id as fileId')
    .where('album_id', 'in', (eb) =>
      eb.selectFrom('albums').select('id').where('owner_id', '=', ownerId),
    )
    .union(
      db
        .selectFrom('albums')
        .select('cover_file_id as fileId')
        .where('owner_id', '=', ownerId)
        .where('cover_file_id', 'is not', null)
        .$narrowType<{ fileId: string }>(),
    )
    .execute();
  return rows.map((row) => row.fileId);
}

/** Deletes the owner's albums; their photos and comments go with them (foreign-key cascades). */
export async function deleteOwnerAlbumRows(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('albums').where('owner_id', '=', ownerId).execute();
}

/** The albums whose cover is one of the files of `fileOwnerId`. */
export function listAlbumsCoveredByFilesOf(db: Db, fileOwnerId: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('albums')
    .select('id')
    .where('cover_file_id', 'in', (eb) =>
      eb.selectFrom('files').select('id').where('owner_id', '=', fileOwnerId),
    )
    .execute();
}

/** Who sees the album: everyone signed in, its members and link visitors, or its owner alone. */
export async function setAlbumVisibility(db: Db, albumId: string, visibility: AlbumVisibility) {
  await db.updateTable('albums').set({ visibility }).where('id', '=', albumId).execute();
}
