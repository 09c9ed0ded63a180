import type { Db } from '../../../db/schema.js';

/** The failure counts under `keys` whose window started after `windowStartsAfter`. */
export async function countFailures(
  db: Db,
  keys: readonly string[],
  windowStartsAfter: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('identity_sign_in_failures')
    .select(['key', 'count'])
    .where('key', 'in', keys)
    .where('window_start', '>', windowStartsAfter)
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/** Counts one failed sign-in under `key`, starting a new window when the old one is over. */
export async function recordFailure(db: Db, key: string, now: string, windowStartsAfter: string) {
  await db
    .insertInto('identity_sign_in_failures')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('identity_sign_in_failures.window_start', '<=', windowStartsAfter)
          .then(1)
          .else(eb('identity_sign_in_failures.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('identity_sign_in_failures.window_start', '<=', windowStartsAfter)
          .then(now)
          .else(eb.ref('identity_sign_in_failures.window_start'))
          .end(),
      })),
    )
    .execute();
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('identity_sign_in_failures').where('key', '=', key).execute();
}

export function findBudget(db: Db, key: string) {
  return db
    .selectFrom('identity_sign_in_budgets')
    .select('full_at')
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Moves the budget from `expected` to `next`, only if no one moved it meanwhile. */
export async function moveBudget(
  db: Db,
  key: string,
  expected: string | undefined,
  next: string,
): Promise<boolean> {
  if (expected === undefined) {
    const result = await db
      .insertInto('identity_sign_in_budgets')
      .values({ key, full_at: next })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const result = await db
    .updateTable('identity_sign_in_budgets')
    .set({ full_at: next })
    .where('key', '=', key)
    .where('full_at', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the device signed in to the account of this e-mail address since `usedAfter`. */
export async function isTrustedDevice(
  db: Db,
  tokenHash: string,
  email: string,
  usedAfter: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('identity_trusted_devices')
    .innerJoin('identity_accounts', 'identity_accounts.uid', 'identity_trusted_devices.uid')
    .select('identity_trusted_devices.uid')
    .where('identity_trusted_devices.token_hash', '=', tokenHash)
    .where('identity_accounts.email', '=', email)
    .where('identity_trusted_devices.last_used_at', '>', usedAfter)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberDevice(db: Db, tokenHash: string, uid: string, now: string) {
  await db
    .insertInto('identity_trusted_devices')
    .values({ token_hash: tokenHash, uid, created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(['token_hash', 'uid']).doUpdateSet({ last_used_at: now }))
    .execute();
}

/** Removes counters, budgets and devices that no longer change any answer. */
export async function pruneThrottle(
  db: Db,
  limits: { windowStartsAfter: string; now: string; devicesUsedAfter: string },
) {
  await db
    .deleteFrom('identity_sign_in_failures')
    .where('window_start', '<=', limits.windowStartsAfter)
    .execute();
  await db.deleteFrom('identity_sign_in_budgets').where('full_at', '<=', limits.now).execute();
  await db
    .deleteFrom('identity_trusted_devices')
    .where('last_used_at', '<=', limits.devicesUsedAfter)
    .execute();
}
