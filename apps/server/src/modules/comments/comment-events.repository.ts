import type { CommentEventsTable, Db } from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { literalLimit } from '../../db/literal-limit.js';

export type CommentEventRow = CommentEventsTable;

export async function insertCommentEvent(db: Db, event: CommentEventRow): Promise<void> {
  await db.insertInto('comment_events').values(event).execute();
}

/** The photo's events after a position (occurred_at, id), oldest first. */
export function listCommentEventsAfter(
  db: Db,
  photoId: string,
  after: Keyset,
  limit: number,
): Promise<CommentEventRow[]> {
  return db
    .selectFrom('comment_events')
    .selectAll()
    .where('photo_id', '=', photoId)
    .where((eb) =>
      eb.or([
        eb('occurred_at', '>', after.key),
        eb.and([eb('occurred_at', '=', after.key), eb('id', '>', after.id)]),
      ]),
    )
    .orderBy('occurred_at', 'asc')
    .orderBy('id', 'asc')
    .limit(literalLimit(limit))
    .execute();
}

/** Removes events older than the cut-off (ISO-8601); answers how many went. */
export async function deleteCommentEventsBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('comment_events')
    .where('occurred_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
