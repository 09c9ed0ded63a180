import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * Counts one request under `key` in a fixed window of `windowMs` that starts with the key's first
 * request, in one statement (atomic on PostgreSQL and SQLite). Answers the count so far and when
 * the window ends (ms since the epoch).
 */
export async function hitRateLimitCounter(
  db: Db,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ count: number; resetAtMs: number }> {
  const endsAt = nowMs + windowMs;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_ends_at: endsAt, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limit_counters.window_ends_at <= ${nowMs} then 1 else rate_limit_counters.count + 1 end`,
        window_ends_at: sql`case when rate_limit_counters.window_ends_at <= ${nowMs} then ${endsAt} else rate_limit_counters.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAtMs: Number(row.window_ends_at) };
}

/** Removes counters whose window ended before `beforeMs`. */
export async function deleteEndedRateLimitCounters(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<', beforeMs).execute();
}
