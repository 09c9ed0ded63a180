import { sql } from 'kysely';
import type { Db } from '../../../db/schema.js';

/**
 * Each person's storage figure, on their row of `users` (users.storage_used, against
 * users.quota_bytes): a column of the person's row that the files module keeps, moved with every
 * change of a file's bytes (storage-use.ts holds the policy); administration reads it. No other
 * column of `users` is written here (db/table-owners.unit.test.ts checks it).
 */

/** The person's figure and quota as stored (PostgreSQL answers bigint columns as text). */
export function readStorageFigure(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['storage_used', 'quota_bytes'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Adds `bytes`, and `beyondQuota` bytes that the quota does not limit, to the figure if `bytes`
 * fit the quota (or there is none), in one conditional UPDATE; answers whether they did.
 */
export async function addToStorageWithinQuota(
  db: Db,
  userId: string,
  bytes: number,
  beyondQuota = 0,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ storage_used: sql<number>`storage_used + ${bytes + beyondQuota}` })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('quota_bytes', 'is', null), sql<boolean>`storage_used + ${bytes} <= quota_bytes`]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the figure by `delta` bytes (less when negative), whatever the quota. */
export async function addToStorage(db: Db, userId: string, delta: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ storage_used: sql<number>`storage_used + ${delta}` })
    .where('id', '=', userId)
    .execute();
}

/** Takes `bytes` off the figure (what a reservation or a deleted file held). */
export async function takeFromStorage(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ storage_used: sql<number>`storage_used - ${bytes}` })
    .where('id', '=', userId)
    .execute();
}
