import type { Db } from '../../db/schema.js';

/**
 * What the server's administration says of a sign-in account (users.disabled_at), and when it
 * last signed in (users.last_sign_in_at): read and written where every sign-in passes
 * (sessions.signInAnswer, and the exchange of refresh tokens).
 */

/** Whether an administrator disabled the account. */
export async function isAccountDisabled(db: Db, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('disabled_at')
    .where('id', '=', uid)
    .executeTakeFirst();
  return row?.disabled_at != null;
}

/** Records a sign-in (the profile may not exist yet at sign-up: it is made with this time). */
export async function recordSignIn(db: Db, uid: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', uid).execute();
}

/** Ends every sign-in of the account: its refresh tokens stop working. */
export async function revokeAllSignIns(db: Db, uid: string, at: string): Promise<void> {
  await db
    .updateTable('identity_sign_ins')
    .set({ revoked_at: at })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
}
