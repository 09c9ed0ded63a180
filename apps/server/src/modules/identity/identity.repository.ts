import type { Db } from '../../db/schema.js';

export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('identity_accounts')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findAccountByUid(db: Db, uid: string) {
  return db.selectFrom('identity_accounts').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** Answers false when the e-mail address is taken. */
export async function insertAccount(
  db: Db,
  account: { uid: string; email: string; password_hash: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('identity_accounts')
    .values(account)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function insertRefreshToken(
  db: Db,
  token: {
    token_hash: string;
    uid: string;
    family_id: string;
    auth_time: number;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db
    .insertInto('identity_refresh_tokens')
    .values({ ...token, used_at: null, revoked_at: null })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('identity_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used, only if it was not used yet. Answers whether this call did it. */
export async function markRefreshTokenUsed(
  db: Db,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_refresh_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
