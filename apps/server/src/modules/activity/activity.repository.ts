import type { ExpressionBuilder, Insertable } from 'kysely';
import type { ActivitiesTable, Database, Db } from '../../db/schema.js';
import type { AlbumVisibility } from '../../lib/access.js';
import { albumVisibleToUserSql } from '../../lib/access.js';
import type { Keyset } from '../../lib/paging.js';
import { inBatches } from '../../db/id-batches.js';
import { newestFirstPage } from '../../db/keyset-page.js';
import { literalLimit } from '../../db/literal-limit.js';

/** An entry with what the feed shows of its album and photo. */
export interface ActivityView {
  id: string;
  kind: ActivitiesTable['kind'];
  album_id: string;
  album_name: string;
  album_visibility: AlbumVisibility;
  photo_id: string | null;
  file_id: string | null;
  edit_version: number | string | null;
  actor_name: string;
  count: number | string;
  excerpt: string | null;
  created_at: string;
}

/**
 * The user's entries whose album they may still see (the access rule, lib/access.ts, in SQL: an
 * entry of an album they were removed from, or that was made private, is left out), with the
 * album's name and the photo's file. Walks activities_user_created_idx in the user's order.
 */
function visibleEntries(db: Db, userId: string) {
  return db
    .selectFrom('activities')
    .innerJoin('albums', 'albums.id', 'activities.album_id')
    .where('activities.user_id', '=', userId)
    .where(albumVisibleToUserSql(userId));
}

function withViewColumns(query: ReturnType<typeof visibleEntries>) {
  return query
    .leftJoin('photos', 'photos.id', 'activities.photo_id')
    .leftJoin('files', 'files.id', 'photos.file_id')
    .select([
      'activities.id',
      'activities.kind',
      'activities.album_id',
      'albums.name as album_name',
      'albums.visibility as album_visibility',
      'activities.photo_id',
      'files.id as file_id',
      'files.edit_version',
      'activities.actor_name',
      'activities.count',
      'activities.excerpt',
      'activities.created_at',
    ]);
}

/** A page of the user's feed, newest first, after the cursor's position. */
export function listActivityViews(
  db: Db,
  userId: string,
  args: { limit: number; before: Keyset | undefined },
): Promise<ActivityView[]> {
  return newestFirstPage(
    withViewColumns(visibleEntries(db, userId)),
    { at: 'activities.created_at', id: 'activities.id' },
    args.before,
    args.limit,
  ).execute();
}

/** The user's entries after a position (created_at, id), oldest first: what a stream sends. */
export function listActivityViewsAfter(
  db: Db,
  userId: string,
  after: Keyset,
  limit: number,
): Promise<ActivityView[]> {
  return withViewColumns(visibleEntries(db, userId))
    .where((eb) =>
      eb.or([
        eb('activities.created_at', '>', after.key),
        eb.and([eb('activities.created_at', '=', after.key), eb('activities.id', '>', after.id)]),
      ]),
    )
    .orderBy('activities.created_at', 'asc')
    .orderBy('activities.id', 'asc')
    .limit(literalLimit(limit))
    .execute();
}

/**
 * How many of the user's entries are newer than their read mark and of an album they see,
 * counting at most `max` rows (the badge shows "99+" beyond): one query, the read mark read in it.
 */
export async function countUnreadActivities(db: Db, userId: string, max: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      visibleEntries(db, userId)
        .where(
          'activities.created_at',
          '>',
          eb
            .selectFrom('users')
            .select((u) => u.fn.coalesce('users.activity_read_at', u.val('')).as('read_at'))
            .where('users.id', '=', userId),
        )
        .select('activities.id')
        // Newest first, the index's order: the engine walks it from the newest entry and stops
        // after `max` (unordered, PostgreSQL may read the table instead, from its oldest rows).
        .orderBy('activities.created_at', 'desc')
        .orderBy('activities.id', 'desc')
        .limit(literalLimit(max))
        .as('unread'),
    )
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Everything up to now is read: entries created after `readAt` are unread. */
export async function setActivityReadAt(db: Db, userId: string, readAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ activity_read_at: readAt })
    .where('id', '=', userId)
    .execute();
}

export async function insertActivities(
  db: Db,
  rows: readonly Insertable<ActivitiesTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('activities').values(rows).execute();
}

/**
 * The recipient's latest unread entry of this kind, album and actor (a user by id, a guest by
 * name) created after `since`: a burst of adding photos goes into it.
 */
export async function findOpenBurst(
  db: Db,
  entry: {
    user_id: string;
    kind: ActivitiesTable['kind'];
    album_id: string;
    actor_id: string | null;
    actor_name: string;
  },
  since: string,
): Promise<{ id: string } | undefined> {
  const actorId = entry.actor_id;
  return db
    .selectFrom('activities')
    .innerJoin('users', 'users.id', 'activities.user_id')
    .select('activities.id')
    .where('activities.user_id', '=', entry.user_id)
    .where('activities.created_at', '>', since)
    .where((eb) =>
      eb.or([
        eb('users.activity_read_at', 'is', null),
        eb('activities.created_at', '>', eb.ref('users.activity_read_at')),
      ]),
    )
    .where('activities.kind', '=', entry.kind)
    .where('activities.album_id', '=', entry.album_id)
    .where((eb) =>
      actorId === null
        ? eb.and([
            eb('activities.actor_id', 'is', null),
            eb('activities.actor_name', '=', entry.actor_name),
          ])
        : eb('activities.actor_id', '=', actorId),
    )
    .orderBy('activities.created_at', 'desc')
    .orderBy('activities.id', 'desc')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/** Adds to an entry's count and makes it the latest (it moves to the top of the feed). */
export async function addToBurst(
  db: Db,
  id: string,
  count: number,
  createdAt: string,
): Promise<void> {
  await db
    .updateTable('activities')
    .set((eb) => ({ count: eb('count', '+', count), created_at: createdAt }))
    .where('id', '=', id)
    .execute();
}

/** The album's owner and members, but not `exceptUserId`: whom adding photos concerns. */
export async function listAlbumPeopleExcept(
  db: Db,
  albumId: string,
  exceptUserId: string | null,
): Promise<string[]> {
  const owners = db.selectFrom('albums').select('owner_id as user_id').where('id', '=', albumId);
  const members = db.selectFrom('album_members').select('user_id').where('album_id', '=', albumId);
  const rows = await owners.union(members).execute();
  return rows.map((row) => row.user_id).filter((id) => id !== exceptUserId);
}

/** Who added the photo, and its album: whom a comment or a like on it concerns. */
export function findPhotoAdder(
  db: Db,
  photoId: string,
): Promise<{ owner_id: string; album_id: string } | undefined> {
  return db
    .selectFrom('photos')
    .select(['owner_id', 'album_id'])
    .where('id', '=', photoId)
    .executeTakeFirst();
}

/** The album's owner (who invites to it). */
export function findAlbumOwner(db: Db, albumId: string): Promise<{ owner_id: string } | undefined> {
  return db.selectFrom('albums').select('owner_id').where('id', '=', albumId).executeTakeFirst();
}

export async function findUserName(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

/** One entry of a digest, with the album's name as it is now. */
export interface DigestEntryRow {
  id: string;
  kind: 'invitation' | 'photosAdded' | 'comment' | 'like' | 'guestUpload';
  album_id: string;
  album_name: string;
  photo_id: string | null;
  actor_name: string;
  count: number;
  excerpt: string | null;
  created_at: string;
}

/**
 * Whether the person (the row `users` of the query) has an entry pending for an e-mail digest:
 * newer than both their read mark and their last digest.
 */
export function hasPendingDigestEntry(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.exists(
    eb
      .selectFrom('activities')
      .select('activities.id')
      .whereRef('activities.user_id', '=', 'users.id')
      .where((sub) =>
        sub.or([
          sub('users.activity_read_at', 'is', null),
          sub('activities.created_at', '>', sub.ref('users.activity_read_at')),
        ]),
      )
      .where((sub) =>
        sub.or([
          sub('users.digest_sent_at', 'is', null),
          sub('activities.created_at', '>', sub.ref('users.digest_sent_at')),
        ]),
      ),
  );
}

/**
 * The person's entries created after `after` (the later of their read mark and last digest) up to
 * `upTo`, newest first, of albums they may still see (the access rule, in SQL): an album they were
 * removed from, or that its owner hid, is left out.
 */
export async function listDigestEntries(
  db: Db,
  userId: string,
  after: string | null,
  upTo: string,
  limit: number,
): Promise<{ entries: DigestEntryRow[]; total: number }> {
  let base = db
    .selectFrom('activities')
    .innerJoin('albums', 'albums.id', 'activities.album_id')
    .where('activities.user_id', '=', userId)
    .where('activities.created_at', '<=', upTo)
    .where(albumVisibleToUserSql(userId));
  if (after !== null) base = base.where('activities.created_at', '>', after);
  const [entries, counted] = await Promise.all([
    base
      .select([
        'activities.id',
        'activities.kind',
        'activities.album_id',
        'albums.name as album_name',
        'activities.photo_id',
        'activities.actor_name',
        'activities.count',
        'activities.excerpt',
        'activities.created_at',
      ])
      .orderBy('activities.created_at', 'desc')
      .orderBy('activities.id', 'desc')
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: entries.map((row) => ({ ...row, count: Number(row.count) })),
    total: Number(counted.n),
  };
}

/**
 * Whose feeds hold entries of these albums or photos: the people whose feed changes when those
 * go (entries cascade with their album or photo) or come back. The ids are read in batches (a
 * Trash restored whole names any number of photos).
 */
export async function listFeedReaders(
  db: Db,
  of: { albumIds?: readonly string[]; photoIds?: readonly string[] },
): Promise<string[]> {
  const readers = new Set<string>();
  for (const [column, ids] of [
    ['album_id', of.albumIds ?? []],
    ['photo_id', of.photoIds ?? []],
  ] as const) {
    for (const batch of inBatches(ids)) {
      const rows = await db
        .selectFrom('activities')
        .select('user_id')
        .distinct()
        .where(column, 'in', batch)
        .execute();
      for (const row of rows) readers.add(row.user_id);
    }
  }
  return [...readers];
}
