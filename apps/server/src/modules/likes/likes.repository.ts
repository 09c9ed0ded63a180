import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Db } from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { literalLimit } from '../../db/literal-limit.js';

/**
 * Adds the user's like unless it is there already; answers false when the photo is gone (deleted
 * meanwhile). The primary key (photo, user) makes concurrent likes of one user one row.
 */
/** Answers 'added', 'present' (liked already: no change) or 'missing' (the photo is gone). */
export async function insertLike(
  db: Db,
  like: { photo_id: string; user_id: string; created_at: string },
): Promise<'added' | 'present' | 'missing'> {
  try {
    const result = await db
      .insertInto('photo_likes')
      .values(like)
      .onConflict((oc) => oc.columns(['photo_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'added' : 'present';
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'missing';
    throw error;
  }
}

export async function deleteLike(db: Db, photoId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('photo_likes')
    .where('photo_id', '=', photoId)
    .where('user_id', '=', userId)
    .execute();
}

/** How many like the photo. */
export async function countPhotoLikes(db: Db, photoId: string): Promise<number> {
  const row = await db
    .selectFrom('photo_likes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('photo_id', '=', photoId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many like the photo, and whether `viewerId` does: one query. */
export async function countLikes(
  db: Db,
  photoId: string,
  viewerId: string,
): Promise<{ count: number; likedByViewer: boolean }> {
  const row = await db
    .selectFrom('photo_likes')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum(eb.case().when('user_id', '=', viewerId).then(1).else(0).end()).as('by_viewer'),
    ])
    .where('photo_id', '=', photoId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), likedByViewer: Number(row.by_viewer ?? 0) > 0 };
}

export interface LikerView {
  user_id: string;
  name: string;
  created_at: string;
}

/** Who likes the photo, most recent first, from after the keyset (created_at, user_id). */
export function listLikers(
  db: Db,
  photoId: string,
  options: { limit: number; after: Keyset | undefined },
): Promise<LikerView[]> {
  let query = db
    .selectFrom('photo_likes')
    .innerJoin('users', 'users.id', 'photo_likes.user_id')
    .select(['photo_likes.user_id', 'users.name', 'photo_likes.created_at'])
    .where('photo_likes.photo_id', '=', photoId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('photo_likes.created_at', 'photo_likes.user_id'),
        '<',
        eb.tuple(after.key, after.id),
      ),
    );
  }
  return query
    .orderBy('photo_likes.created_at', 'desc')
    .orderBy('photo_likes.user_id', 'desc')
    .limit(literalLimit(options.limit))
    .execute();
}

/** Deletes the likes of a leaving user (those on photos still kept). */
export async function deleteLikesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('photo_likes').where('user_id', '=', userId).execute();
}
