import type { Insertable, Selectable } from 'kysely';
import type {
  Db,
  IdentitySsoHandoffsTable,
  IdentitySsoLinksTable,
  IdentitySsoRequestsTable,
} from '../../../db/schema.js';

export type SsoRequestRow = Selectable<IdentitySsoRequestsTable>;
export type SsoLinkRow = Selectable<IdentitySsoLinksTable>;
export type SsoHandoffRow = Selectable<IdentitySsoHandoffsTable>;

export async function insertRequest(
  db: Db,
  request: Insertable<IdentitySsoRequestsTable>,
): Promise<void> {
  await db.insertInto('identity_sso_requests').values(request).execute();
}

/**
 * Uses the request up and answers it, only if it is unused, unexpired and was started by this
 * browser: of two callbacks with the same state, one gets it; a refused one changes nothing.
 */
export function takeRequest(
  db: Db,
  key: { stateHash: string; browserHash: string },
  at: string,
): Promise<SsoRequestRow | undefined> {
  return db
    .updateTable('identity_sso_requests')
    .set({ used_at: at })
    .where('state_hash', '=', key.stateHash)
    .where('browser_hash', '=', key.browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/** Forgets requests and handoffs that expired before `before`. */
export async function deleteExpired(db: Db, before: string): Promise<void> {
  await db.deleteFrom('identity_sso_requests').where('expires_at', '<', before).execute();
  await db.deleteFrom('identity_sso_handoffs').where('expires_at', '<', before).execute();
}

export function findLink(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('identity_sso_links')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findLinkOfAccount(db: Db, issuer: string, uid: string) {
  return db
    .selectFrom('identity_sso_links')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/** Answers false when the identity or the account is linked already (a concurrent first sign-in). */
export async function insertLink(db: Db, link: SsoLinkRow): Promise<boolean> {
  const result = await db
    .insertInto('identity_sso_links')
    .values(link)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function touchLink(
  db: Db,
  issuer: string,
  subject: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('identity_sso_links')
    .set({ last_used_at: at })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

export async function insertHandoff(
  db: Db,
  handoff: Insertable<IdentitySsoHandoffsTable>,
): Promise<void> {
  await db.insertInto('identity_sso_handoffs').values(handoff).execute();
}

/** Uses the handoff up and answers it, only if it is unused, unexpired and for this browser. */
export function takeHandoff(
  db: Db,
  key: { codeHash: string; browserHash: string },
  at: string,
): Promise<SsoHandoffRow | undefined> {
  return db
    .updateTable('identity_sso_handoffs')
    .set({ used_at: at })
    .where('code_hash', '=', key.codeHash)
    .where('browser_hash', '=', key.browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}
