import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { AlbumInvitationsTable, AlbumLinksTable, Db, MemberRole } from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';

export type AlbumLinkRow = Selectable<AlbumLinksTable>;

export interface MemberView {
  user_id: string;
  role: MemberRole;
  created_at: string;
  name: string;
  email_address: string;
}

/** Members with their names and addresses. */
function selectMemberViews(db: Db) {
  return db
    .selectFrom('album_members')
    .innerJoin('users', 'users.id', 'album_members.user_id')
    .select([
      'album_members.user_id',
      'album_members.role',
      'album_members.created_at',
      'users.name',
      'users.email_address',
    ]);
}

export function listMembers(db: Db, albumId: string): Promise<MemberView[]> {
  return selectMemberViews(db)
    .where('album_members.album_id', '=', albumId)
    .orderBy('album_members.created_at')
    .orderBy('album_members.user_id')
    .execute();
}

export function findMember(
  db: Db,
  albumId: string,
  userId: string,
): Promise<MemberView | undefined> {
  return selectMemberViews(db)
    .where('album_members.album_id', '=', albumId)
    .where('album_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function listInvitations(db: Db, albumId: string) {
  return db
    .selectFrom('album_invitations')
    .selectAll()
    .where('album_id', '=', albumId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findInvitationByEmail(db: Db, albumId: string, email: string) {
  return db
    .selectFrom('album_invitations')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Members and pending invitations of the album, together. */
export async function countMembersAndInvitations(db: Db, albumId: string): Promise<number> {
  const [members, invitations] = await Promise.all([
    db
      .selectFrom('album_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('album_id', '=', albumId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('album_invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('album_id', '=', albumId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(members.n) + Number(invitations.n);
}

/** The user who has proven to own this (lower-cased) address, if any. */
export function findUserByVerifiedEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email_address'])
    .where('verified_email', '=', email)
    .orderBy('created_at')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/** The language stored for a person this address belongs to (proven or registered), if any. */
export async function findLocaleByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('locale')
    .where((eb) => eb.or([eb('verified_email', '=', email), eb('email_address', '=', email)]))
    .where('locale', 'is not', null)
    .orderBy('created_at')
    .limit(literalLimit(1))
    .executeTakeFirst();
  return row?.locale ?? null;
}

/**
 * Makes the user a member with this role. When they are one already, `existing` says whether their
 * role becomes this one or stays as it is.
 */
export async function putMember(
  db: Db,
  member: { album_id: string; user_id: string; role: MemberRole; created_at: string },
  existing: 'set-role' | 'keep',
): Promise<boolean> {
  const result = await db
    .insertInto('album_members')
    .values(member)
    .onConflict((oc) => {
      const conflict = oc.columns(['album_id', 'user_id']);
      return existing === 'set-role'
        ? conflict.doUpdateSet({ role: member.role })
        : conflict.doNothing();
    })
    .executeTakeFirst();
  // With 'keep': whether the membership is new.
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets a member's role; false when the user is not a member. */
export async function setMemberRole(
  db: Db,
  albumId: string,
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const result = await db
    .updateTable('album_members')
    .set({ role })
    .where('album_id', '=', albumId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMember(db: Db, albumId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('album_members')
    .where('album_id', '=', albumId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function upsertInvitation(
  db: Db,
  invitation: Insertable<AlbumInvitationsTable>,
): Promise<void> {
  await db
    .insertInto('album_invitations')
    .values(invitation)
    .onConflict((oc) => oc.columns(['album_id', 'email']).doUpdateSet({ role: invitation.role }))
    .execute();
}

export async function deleteInvitation(db: Db, albumId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('album_invitations')
    .where('album_id', '=', albumId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteInvitationByEmail(db: Db, albumId: string, email: string) {
  await db
    .deleteFrom('album_invitations')
    .where('album_id', '=', albumId)
    .where('email', '=', email)
    .execute();
}

/** Pending invitations to this address, with the owner of each album. */
export function listInvitationsToEmail(db: Db, email: string) {
  return db
    .selectFrom('album_invitations')
    .innerJoin('albums', 'albums.id', 'album_invitations.album_id')
    .select([
      'album_invitations.id',
      'album_invitations.album_id',
      'album_invitations.role',
      'albums.owner_id',
    ])
    .where('album_invitations.email', '=', email)
    .execute();
}

export async function deleteInvitationsByIds(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('album_invitations').where('id', 'in', ids).execute();
}

/** The album's links, newest first. */
export function listLinksOfAlbum(db: Db, albumId: string): Promise<AlbumLinkRow[]> {
  return db
    .selectFrom('album_links')
    .selectAll()
    .where('album_id', '=', albumId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findLinkOfAlbum(db: Db, albumId: string, linkId: string) {
  return db
    .selectFrom('album_links')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('id', '=', linkId)
    .executeTakeFirst();
}

export function findLinkByToken(db: Db, token: string) {
  return db.selectFrom('album_links').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function countLinksOfAlbum(db: Db, albumId: string): Promise<number> {
  const row = await db
    .selectFrom('album_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('album_id', '=', albumId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLink(db: Db, link: Insertable<AlbumLinksTable>): Promise<void> {
  await db.insertInto('album_links').values(link).execute();
}

export async function updateLink(
  db: Db,
  albumId: string,
  linkId: string,
  changes: Updateable<AlbumLinksTable>,
): Promise<void> {
  await db
    .updateTable('album_links')
    .set(changes)
    .where('album_id', '=', albumId)
    .where('id', '=', linkId)
    .execute();
}

export async function deleteLinkById(db: Db, albumId: string, linkId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('album_links')
    .where('album_id', '=', albumId)
    .where('id', '=', linkId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteLinksOfAlbum(db: Db, albumId: string): Promise<void> {
  await db.deleteFrom('album_links').where('album_id', '=', albumId).execute();
}

/** Records that the link was opened now, unless it was within the last `sinceIso` already. */
export async function touchLinkOpened(
  db: Db,
  linkId: string,
  now: string,
  sinceIso: string,
): Promise<void> {
  await db
    .updateTable('album_links')
    .set({ last_opened_at: now })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('last_opened_at', 'is', null), eb('last_opened_at', '<', sinceIso)]))
    .execute();
}

/**
 * Counts one guest photo of `bytes` against the link's limits, in one statement: answers false,
 * changing nothing, when it would pass either (so concurrent guests never pass them together).
 */
export async function reserveGuestUpload(
  db: Db,
  linkId: string,
  bytes: number,
  limits: { maxPhotos: number; maxBytes: number },
): Promise<boolean> {
  const result = await db
    .updateTable('album_links')
    .set({
      guest_photo_count: sql<number>`guest_photo_count + 1`,
      guest_bytes: sql<number>`guest_bytes + ${bytes}`,
    })
    .where('id', '=', linkId)
    .where('guest_photo_count', '<', limits.maxPhotos)
    .where(sql<boolean>`guest_bytes + ${bytes} <= ${limits.maxBytes}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives back what reserveGuestUpload counted, when the upload did not become a photo. */
export async function releaseGuestUpload(db: Db, linkId: string, bytes: number): Promise<void> {
  await db
    .updateTable('album_links')
    .set({
      guest_photo_count: sql<number>`guest_photo_count - 1`,
      guest_bytes: sql<number>`guest_bytes - ${bytes}`,
    })
    .where('id', '=', linkId)
    .execute();
}
