import type { AlbumVisibility, LinkPermission, MemberRole } from '@photo/contract';
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { AuthUser } from './auth-user.js';

/**
 * Who may do what, answered in one place for every route (after Immich's requireAccess). A
 * permission names an action on a resource; a role is what the actor is to that resource; the
 * grants say which roles hold which permissions. Queries apply the same rule in SQL
 * (albumVisibleToSql, albumVisibleToUserSql, albumMemberSql, albumSeenByEveryoneSql below), from
 * the same constants.
 */
export const ALBUM_PERMISSIONS = [
  'album.read',
  'album.update',
  'album.delete',
  /** Change who sees the album: visibility, members, invitations, link. */
  'album.share',
  'album.addPhoto',
  /** Delete any photo of the album. */
  'album.removePhoto',
  /** Delete a photo one added oneself. */
  'album.removeOwnPhoto',
  'album.comment',
  /** Stop being a member. */
  'album.leave',
] as const;
export type AlbumPermission = (typeof ALBUM_PERMISSIONS)[number];
export type { AlbumVisibility, MemberRole };
/** Use a stored file in an album: as its cover, or as one of its photos. */
export type FilePermission = 'file.attach';

/** The visibility under which every signed-in user sees an album. */
export const SEEN_BY_EVERYONE: AlbumVisibility = 'everyone';
/** The visibilities under which members (and link visitors) see an album. */
export const SEEN_BY_MEMBERS: readonly AlbumVisibility[] = ['everyone', 'invited'];

/**
 * Someone without an account who holds a working share link of the album (not stopped, not
 * expired, unlocked when it has a password: modules/sharing checks that), with what it permits.
 */
export interface LinkVisitor {
  kind: 'link';
  permission: LinkPermission;
}
export const LINK_VISITOR: LinkVisitor = { kind: 'link', permission: 'view' };
export function linkVisitor(permission: LinkPermission): LinkVisitor {
  return { kind: 'link', permission };
}
export type Actor = AuthUser | LinkVisitor;

type Role = 'owner' | MemberRole | 'signedIn' | 'linkVisitor' | 'linkGuest';

const GRANTS: Record<Role, readonly AlbumPermission[]> = {
  owner: ALBUM_PERMISSIONS.filter((permission) => permission !== 'album.leave'),
  contributor: [
    'album.read',
    'album.addPhoto',
    'album.removeOwnPhoto',
    'album.comment',
    'album.leave',
  ],
  viewer: ['album.read', 'album.comment', 'album.leave'],
  signedIn: ['album.read', 'album.comment'],
  linkVisitor: ['album.read'],
  /** The holder of an 'addPhotos' link: adds photos as a guest (they belong to the owner). */
  linkGuest: ['album.read', 'album.addPhoto'],
};

/**
 * Whether a share link offers the album's originals (one photo's, or all as a zip) besides
 * viewing: 'download' and 'addPhotos' links do, 'view' links do not.
 */
export function linkOffersOriginals(permission: LinkPermission): boolean {
  return permission !== 'view';
}

/** What the decision needs to know of an album, and of the actor's membership of it. */
export interface AlbumAccessSubject {
  owner_id: string;
  visibility: AlbumVisibility;
  /** The actor's role as a member; null when not a member (or a link visitor). */
  member_role: MemberRole | null;
}

/** What the actor is to the album; null when they may not see it at all. */
function roleOf(actor: Actor, album: AlbumAccessSubject): Role | null {
  if ('kind' in actor) {
    if (!SEEN_BY_MEMBERS.includes(album.visibility)) return null;
    return actor.permission === 'addPhotos' ? 'linkGuest' : 'linkVisitor';
  }
  if (album.owner_id === actor.id) return 'owner';
  if (album.member_role && SEEN_BY_MEMBERS.includes(album.visibility)) return album.member_role;
  return album.visibility === SEEN_BY_EVERYONE ? 'signedIn' : null;
}

/** What the rule reads of the database: the row `albums` of a query, and its members. */
interface AccessTables {
  albums: { id: string; owner_id: string; visibility: AlbumVisibility };
  album_members: { album_id: string; user_id: string };
}

const sqlRule = expressionBuilder<AccessTables, 'albums'>();

/**
 * roleOf as SQL, for the signed-in user `userId`: whether they may see the album (the row
 * `albums` of the query). Seen by everyone; their own; or seen by members and they are one,
 * which `isMember` tests (the album list joins the user's membership). Each branch is a lookup
 * per row, so keyset pages still walk albums_created_idx in order.
 */
export function albumVisibleToSql(
  userId: string,
  isMember: Expression<SqlBool>,
): Expression<SqlBool> {
  return sqlRule.or([
    sqlRule('albums.visibility', '=', SEEN_BY_EVERYONE),
    sqlRule('albums.owner_id', '=', userId),
    sqlRule.and([sqlRule('albums.visibility', 'in', [...SEEN_BY_MEMBERS]), isMember]),
  ]);
}

/**
 * Whether the user `userId` is a member of the album (the row `albums` of the query): a lookup
 * of their membership by the album's primary key, per row.
 */
export function albumMemberSql(userId: string): Expression<SqlBool> {
  return sqlRule.exists(
    sqlRule
      .selectFrom('album_members')
      .select('album_members.user_id')
      .whereRef('album_members.album_id', '=', 'albums.id')
      .where('album_members.user_id', '=', userId),
  );
}

/**
 * albumVisibleToSql for a query that does not join the user's membership: the membership is
 * looked up per row (albumMemberSql).
 */
export function albumVisibleToUserSql(userId: string): Expression<SqlBool> {
  return albumVisibleToSql(userId, albumMemberSql(userId));
}

/** Whether the album (the row `albums` of the query) is seen by everyone (`seen`), or not. */
export function albumSeenByEveryoneSql(seen: boolean): Expression<SqlBool> {
  return sqlRule('albums.visibility', seen ? '=' : '!=', SEEN_BY_EVERYONE);
}

/**
 * allowed; forbidden (403: the actor sees the resource but may not do this); or hidden (404: the
 * actor may not even see it, and is answered as if it did not exist).
 */
export type AccessDecision = 'allowed' | 'forbidden' | 'hidden';

export function decideAccess(
  actor: Actor,
  permission: AlbumPermission,
  album: AlbumAccessSubject,
): AccessDecision {
  const role = roleOf(actor, album);
  if (role === null) return 'hidden';
  return GRANTS[role].includes(permission) ? 'allowed' : 'forbidden';
}

/** Whether the actor may use a stored file (today: only a file they uploaded). */
export function decideFileAccess(
  actor: AuthUser,
  _permission: FilePermission,
  file: { owner_id: string },
): AccessDecision {
  return file.owner_id === actor.id ? 'allowed' : 'forbidden';
}
