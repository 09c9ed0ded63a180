import type { Insertable } from 'kysely';
import type {
  AlbumInvitationsTable,
  AlbumLinksTable,
  AlbumVisibility,
  Db,
  MemberRole,
} from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';

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

/**
 * Makes the user a member with this role. When they are one already, `existing` says whether their
 * role becomes this one or stays as it is.
 */
export async function putMember(
  db: Db,
  member: { album_id: string; user_id: string; role: MemberRole; created_at: string },
  existing: 'set-role' | 'keep',
): Promise<void> {
  await db
    .insertInto('album_members')
    .values(member)
    .onConflict((oc) => {
      const conflict = oc.columns(['album_id', 'user_id']);
      return existing === 'set-role'
        ? conflict.doUpdateSet({ role: member.role })
        : conflict.doNothing();
    })
    .execute();
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

export async function setVerifiedEmail(db: Db, userId: string, email: string | null) {
  await db.updateTable('users').set({ verified_email: email }).where('id', '=', userId).execute();
}

export async function setAlbumVisibility(db: Db, albumId: string, visibility: AlbumVisibility) {
  await db.updateTable('albums').set({ visibility }).where('id', '=', albumId).execute();
}

export function findLinkOfAlbum(db: Db, albumId: string) {
  return db
    .selectFrom('album_links')
    .selectAll()
    .where('album_id', '=', albumId)
    .executeTakeFirst();
}

export function findLinkByToken(db: Db, token: string) {
  return db.selectFrom('album_links').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The album's one link becomes this one: an earlier link stops working. */
export async function replaceLink(db: Db, link: Insertable<AlbumLinksTable>): Promise<void> {
  await db.deleteFrom('album_links').where('album_id', '=', link.album_id).execute();
  await db.insertInto('album_links').values(link).execute();
}

/** Sets whether the album's link offers its zip; answers the link, or undefined when it has none. */
export async function setLinkAllowDownload(db: Db, albumId: string, allow: boolean) {
  await db
    .updateTable('album_links')
    .set({ allow_download: allow ? 1 : 0 })
    .where('album_id', '=', albumId)
    .execute();
  return findLinkOfAlbum(db, albumId);
}

export async function deleteLink(db: Db, albumId: string): Promise<void> {
  await db.deleteFrom('album_links').where('album_id', '=', albumId).execute();
}
