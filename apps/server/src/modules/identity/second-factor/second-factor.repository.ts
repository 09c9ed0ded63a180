import type { Selectable } from 'kysely';
import type { Db, IdentityMfaFactorsTable, IdentityMfaPendingTable } from '../../../db/schema.js';

export type MfaFactorRow = Selectable<IdentityMfaFactorsTable>;
export type MfaPendingRow = Selectable<IdentityMfaPendingTable>;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

export function findFactorOf(db: Db, uid: string) {
  return db
    .selectFrom('identity_mfa_factors')
    .selectAll()
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/** Answers false when the account has a factor already. */
export async function insertFactor(
  db: Db,
  factor: Pick<
    MfaFactorRow,
    'enrollment_id' | 'uid' | 'display_name' | 'secret_sealed' | 'enrolled_at' | 'last_used_step'
  >,
): Promise<boolean> {
  const result = await db
    .insertInto('identity_mfa_factors')
    .values({ ...factor, failures: 0, failures_since: null })
    .onConflict((oc) => oc.column('uid').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function deleteFactor(db: Db, uid: string): Promise<void> {
  await db.deleteFrom('identity_mfa_factors').where('uid', '=', uid).execute();
  await db.deleteFrom('identity_mfa_recovery_codes').where('uid', '=', uid).execute();
  await db.deleteFrom('identity_mfa_pending').where('uid', '=', uid).execute();
}

/**
 * Takes one attempt from the account's budget of wrong codes (a conditional update: concurrent
 * attempts on any instance never pass the limit). A window older than `windowStart` starts over.
 * Answers false when the budget is spent.
 */
export async function takeAccountAttempt(
  db: Db,
  uid: string,
  limit: number,
  now: string,
  windowStart: string,
): Promise<boolean> {
  await db
    .updateTable('identity_mfa_factors')
    .set({ failures: 0, failures_since: now })
    .where('uid', '=', uid)
    .where((eb) =>
      eb.or([eb('failures_since', 'is', null), eb('failures_since', '<', windowStart)]),
    )
    .execute();
  const result = await db
    .updateTable('identity_mfa_factors')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('uid', '=', uid)
    .where('failures', '<', limit)
    .executeTakeFirst();
  return changed(result);
}

/** Gives back an attempt taken for a code that turned out right. */
export async function returnAccountAttempt(db: Db, uid: string): Promise<void> {
  await db
    .updateTable('identity_mfa_factors')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('uid', '=', uid)
    .where('failures', '>', 0)
    .execute();
}

/**
 * Records that the code of `step` was accepted, only if no code of that step or a later one was
 * (one conditional update: of two uses of the same code, on any instances, exactly one wins).
 */
export async function useStep(db: Db, enrollmentId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('identity_mfa_factors')
    .set({ last_used_step: step })
    .where('enrollment_id', '=', enrollmentId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return changed(result);
}

export async function insertPending(
  db: Db,
  pending: Pick<MfaPendingRow, 'credential_hash' | 'uid' | 'created_at' | 'expires_at'>,
): Promise<void> {
  // The account's finished or expired pending sign-ins go first.
  await db
    .deleteFrom('identity_mfa_pending')
    .where('uid', '=', pending.uid)
    .where((eb) =>
      eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', pending.created_at)]),
    )
    .execute();
  await db
    .insertInto('identity_mfa_pending')
    .values({ ...pending, attempts: 0, used_at: null })
    .execute();
}

export function findPending(db: Db, credentialHash: string) {
  return db
    .selectFrom('identity_mfa_pending')
    .selectAll()
    .where('credential_hash', '=', credentialHash)
    .executeTakeFirst();
}

/** Takes one attempt of the pending sign-in, while it is open and has attempts left. */
export async function takePendingAttempt(
  db: Db,
  credentialHash: string,
  limit: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_mfa_pending')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('credential_hash', '=', credentialHash)
    .where('attempts', '<', limit)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return changed(result);
}

/** Closes the pending sign-in; answers whether this call did (it completes once). */
export async function usePending(db: Db, credentialHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_mfa_pending')
    .set({ used_at: now })
    .where('credential_hash', '=', credentialHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** Replaces the account's recovery codes. */
export async function replaceRecoveryCodes(
  db: Db,
  uid: string,
  codeHashes: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('identity_mfa_recovery_codes').where('uid', '=', uid).execute();
  await db
    .insertInto('identity_mfa_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ uid, code_hash, created_at: now, used_at: null })))
    .execute();
}

/** Uses the recovery code up, only if it is the account's and unused. */
export async function useRecoveryCode(
  db: Db,
  uid: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_mfa_recovery_codes')
    .set({ used_at: now })
    .where('uid', '=', uid)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return changed(result);
}
