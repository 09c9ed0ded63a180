import type { Selectable } from 'kysely';
import type { Db, IdentityPasskeysTable } from '../../../db/schema.js';

export type PasskeyRow = Selectable<IdentityPasskeysTable>;
export type ChallengePurpose = 'registration' | 'sign-in';

export async function insertChallenge(
  db: Db,
  challenge: {
    challenge_hash: string;
    purpose: ChallengePurpose;
    uid: string | null;
    expires_at: string;
  },
  now: string,
): Promise<void> {
  // Expired challenges are of no use to anyone: each new one sweeps them.
  await db.deleteFrom('identity_passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('identity_passkey_challenges').values(challenge).execute();
}

/**
 * Takes a challenge for good, whatever comes of the answer: only the first answer finds it (the
 * delete is atomic across instances). Null when it is unknown, taken, expired, or not for that.
 */
export async function consumeChallenge(
  db: Db,
  challengeHash: string,
  purpose: ChallengePurpose,
  uid: string | null,
  now: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('identity_passkey_challenges')
    .where('challenge_hash', '=', challengeHash)
    .returning(['purpose', 'uid', 'expires_at'])
    .executeTakeFirst();
  return !!row && row.purpose === purpose && row.uid === uid && row.expires_at > now;
}

export function listPasskeys(db: Db, uid: string) {
  return db
    .selectFrom('identity_passkeys')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findPasskeyByCredentialId(db: Db, credentialId: string) {
  return db
    .selectFrom('identity_passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export function findPasskey(db: Db, uid: string, id: string) {
  return db
    .selectFrom('identity_passkeys')
    .selectAll()
    .where('uid', '=', uid)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** False when the credential is registered already. */
export async function insertPasskey(
  db: Db,
  passkey: Omit<PasskeyRow, 'counter' | 'last_used_at'> & { counter: number },
): Promise<boolean> {
  const result = await db
    .insertInto('identity_passkeys')
    .values({ ...passkey, last_used_at: null })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Records a use: the new counter and when, only if the counter is still the one the check saw
 * (two answers racing with the same counter: one wins). False when another use came first.
 */
export async function recordUse(
  db: Db,
  id: string,
  seenCounter: number,
  use: { counter: number; backed_up: number; last_used_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_passkeys')
    .set(use)
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, uid: string, id: string, name: string) {
  const result = await db
    .updateTable('identity_passkeys')
    .set({ name })
    .where('uid', '=', uid)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, uid: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('identity_passkeys')
    .where('uid', '=', uid)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
