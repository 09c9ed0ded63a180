import type { Selectable } from 'kysely';
import type {
  Db,
  IdentityAccountsTable,
  IdentityOobCodesTable,
  IdentityRefreshTokensTable,
} from '../../db/schema.js';

export type AccountRow = Selectable<IdentityAccountsTable>;
export type OobCodeRow = Selectable<IdentityOobCodesTable>;

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
    .values({
      ...account,
      email_verified: 0,
      display_name: null,
      photo_url: null,
      last_login_at: account.created_at,
      password_updated_at: account.created_at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function updateAccount(
  db: Db,
  uid: string,
  changes: Partial<
    Pick<
      AccountRow,
      | 'email_verified'
      | 'display_name'
      | 'photo_url'
      | 'last_login_at'
      | 'password_hash'
      | 'password_updated_at'
    >
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('identity_accounts').set(changes).where('uid', '=', uid).execute();
}

/** Deletes the account; its refresh tokens, codes and trusted devices go with it (cascade). */
export async function deleteAccount(db: Db, uid: string): Promise<boolean> {
  const result = await db.deleteFrom('identity_accounts').where('uid', '=', uid).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertRefreshToken(
  db: Db,
  token: Omit<
    IdentityRefreshTokensTable,
    'used_at' | 'revoked_at' | 'successor_hash' | 'successor_sealed'
  >,
): Promise<void> {
  await db
    .insertInto('identity_refresh_tokens')
    .values({
      ...token,
      used_at: null,
      revoked_at: null,
      successor_hash: null,
      successor_sealed: null,
    })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('identity_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the token exchanged for its successor, only if nobody did it first (a conditional update:
 * of two concurrent exchanges exactly one wins). Answers whether this call did it.
 */
export async function markRefreshTokenUsed(
  db: Db,
  tokenHash: string,
  successor: { at: string; hash: string; sealed: string },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_refresh_tokens')
    .set({
      used_at: successor.at,
      successor_hash: successor.hash,
      successor_sealed: successor.sealed,
    })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSignIn(
  db: Db,
  signIn: { family_id: string; uid: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('identity_sign_ins')
    .values({ ...signIn, last_refresh_at: null, revoked_at: null, web_session_hash: null })
    .execute();
}

/**
 * Records a refresh on the sign-in, only while it is not revoked. The row update orders this
 * refresh and any revocation of the same sign-in: answers false when the sign-in has ended.
 */
export async function touchSignIn(db: Db, familyId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_sign_ins')
    .set({ last_refresh_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the sign-in: first its row (which waits for a refresh under way), then its tokens. */
export async function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('identity_sign_ins')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every sign-in of the account but the one named (if any). */
export async function revokeOtherFamilies(
  db: Db,
  uid: string,
  keepFamilyId: string | null,
  at: string,
): Promise<void> {
  let signIns = db
    .updateTable('identity_sign_ins')
    .set({ revoked_at: at })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) signIns = signIns.where('family_id', '!=', keepFamilyId);
  await signIns.execute();
  let query = db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}

export async function insertOobCode(db: Db, code: Omit<OobCodeRow, 'used_at'>): Promise<void> {
  await db
    .insertInto('identity_oob_codes')
    .values({ ...code, used_at: null })
    .execute();
}

export function findOobCode(db: Db, codeHash: string) {
  return db
    .selectFrom('identity_oob_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Uses the code up, only if it was not used yet. Answers whether this call did it. */
export async function useOobCode(db: Db, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_oob_codes')
    .set({ used_at: at })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up every open code of that kind for the account (a reset password ends the other links). */
export async function useOobCodesOf(
  db: Db,
  uid: string,
  requestType: OobCodeRow['request_type'],
  at: string,
): Promise<void> {
  await db
    .updateTable('identity_oob_codes')
    .set({ used_at: at })
    .where('uid', '=', uid)
    .where('request_type', '=', requestType)
    .where('used_at', 'is', null)
    .execute();
}

export async function countOobCodesSince(
  db: Db,
  uid: string,
  requestType: OobCodeRow['request_type'],
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('identity_oob_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('uid', '=', uid)
    .where('request_type', '=', requestType)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
