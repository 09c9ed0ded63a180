import type { AuthUser } from './auth-user.js';

/**
 * Who may do what, answered in one place for every route (after Immich's requireAccess). A
 * permission names an action on a resource; a role is what the actor is to that resource; the
 * grants say which roles hold which permissions.
 */
export type AlbumPermission =
  'album.read' | 'album.update' | 'album.delete' | 'album.addPhoto' | 'album.removePhoto';
/** Use a stored file in an album: as its cover, or as one of its photos. */
export type FilePermission = 'file.attach';
export type Permission = AlbumPermission | FilePermission;

/** Today every signed-in user sees every album, and only an owner changes anything. */
type Role = 'owner' | 'signedIn';

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: [
    'album.read',
    'album.update',
    'album.delete',
    'album.addPhoto',
    'album.removePhoto',
    'file.attach',
  ],
  signedIn: ['album.read'],
};

/** What the decision needs to know of an album or a file. */
export interface AccessSubject {
  owner_id: string;
}

function roleOf(actor: AuthUser, subject: AccessSubject): Role {
  return subject.owner_id === actor.id ? 'owner' : 'signedIn';
}

/**
 * allowed; forbidden (403: the actor sees the resource but may not do this); or hidden (404: the
 * actor may not even see it, and is answered as if it did not exist).
 */
export type AccessDecision = 'allowed' | 'forbidden' | 'hidden';

export function decideAccess(
  actor: AuthUser,
  permission: Permission,
  subject: AccessSubject,
): AccessDecision {
  const granted = GRANTS[roleOf(actor, subject)];
  if (granted.includes(permission)) return 'allowed';
  const seen = !permission.startsWith('album.') || granted.includes('album.read');
  return seen ? 'forbidden' : 'hidden';
}
