import type { AlbumMember, MemberRole } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { notFound } from '../../lib/errors.js';
import { lockAlbum } from '../albums/albums.repository.js';
import { requireAlbumAccess } from '../albums/albums.service.js';
import { findMember, setMemberRole } from './sharing.repository.js';

const memberNotFound = () => notFound('MEMBER_NOT_FOUND', 'The member');

/**
 * Changes what a member may do: a viewer sees and comments, a contributor also adds photos. Owner
 * only; the change applies to the member's next request. Not a member: 404 MEMBER_NOT_FOUND.
 */
export async function changeMemberRole(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  userId: string,
  role: MemberRole,
): Promise<AlbumMember> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const member = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    if (!(await setMemberRole(trx, album.id, userId, role))) throw memberNotFound();
    return findMember(trx, album.id, userId);
  });
  if (!member) throw memberNotFound();
  return {
    userId: member.user_id,
    name: member.name,
    emailAddress: member.email_address,
    role: member.role,
    dateCreated: member.created_at,
  };
}
