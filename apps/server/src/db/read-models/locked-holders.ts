import type { Db } from '../schema.js';

/**
 * A read model: whether a locked-place session (decision 0084) is open at `now` and its person
 * holds the file in their locked place. Picture URLs signed for a locked-place session ask this
 * (the files module), without naming the locked module's tables. Loading a picture does not keep
 * the session open: only the person's locked calls do.
 */
export async function fileLockedInSession(
  db: Db,
  fileId: string,
  sessionId: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('locked_sessions')
    .innerJoin('locked_photos', 'locked_photos.locked_by', 'locked_sessions.user_id')
    .select('locked_photos.id')
    .where('locked_sessions.id', '=', sessionId)
    .where('locked_sessions.expires_at', '>', now)
    .where('locked_photos.file_id', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}
