import {
  ALBUM_MEMBERS_MAX,
  type AlbumSharing,
  type AlbumVisibility,
  type InviteResult,
  type MemberRole,
} from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { mailLocale, mailText } from '../../lib/mail-texts/mail-texts.js';
import {
  announceActivity,
  recordInvitation,
  type Recipients,
} from '../activity/activity.service.js';
import { lockAlbum, setAlbumVisibility } from '../albums/albums.repository.js';
import { albumAnswer, requireAlbumAccess } from '../albums/albums.service.js';
import { findUserById, setVerifiedEmail } from '../users/users.repository.js';
import { linksOfAlbum } from './share-links.service.js';
import {
  countMembersAndInvitations,
  deleteInvitation,
  deleteInvitationByEmail,
  deleteInvitationsByIds,
  deleteMember,
  findInvitationByEmail,
  findLocaleByEmail,
  findMember,
  findUserByVerifiedEmail,
  listInvitations,
  listInvitationsToEmail,
  listMembers,
  putMember,
  upsertInvitation,
  type MemberView,
} from './sharing.repository.js';

const albumNotFound = () => notFound('ALBUM_NOT_FOUND', 'The album');

function toMember(row: MemberView) {
  return {
    userId: row.user_id,
    name: row.name,
    emailAddress: row.email_address,
    role: row.role,
    dateCreated: row.created_at,
  };
}

/** Everything the owner's Share dialog shows. Owner only. */
export async function getSharing(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
): Promise<AlbumSharing> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const [members, invitations, links] = await Promise.all([
    listMembers(deps.db, album.id),
    listInvitations(deps.db, album.id),
    linksOfAlbum(deps, album.id),
  ]);
  return {
    albumId: album.id,
    visibility: album.visibility,
    members: members.map(toMember),
    invitations: invitations.map((row) => ({
      id: row.id,
      emailAddress: row.email,
      role: row.role,
      dateCreated: row.created_at,
    })),
    link: links[0] ?? null,
    links,
    membersMax: ALBUM_MEMBERS_MAX,
    mailConfigured: deps.mailer.configured,
  };
}

export async function setVisibility(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  visibility: AlbumVisibility,
): Promise<AlbumSharing> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  await setAlbumVisibility(deps.db, album.id, visibility);
  return getSharing(deps, caller, album.id);
}

/**
 * Invites an address with a role. An account that has proven to own it becomes a member at
 * once; otherwise the invitation waits until one does (claimInvitations). Inviting again changes
 * the role. When e-mail is configured, the invitee gets the album's address.
 */
export async function invite(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  input: { emailAddress: string; role: MemberRole },
  appOrigin: string,
  log: FastifyBaseLogger,
): Promise<InviteResult> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const email = input.emailAddress.toLowerCase();
  const field = 'body.emailAddress';
  const owner = await findUserById(deps.db, album.owner_id);
  const ownerAddresses = [caller.email, owner?.email_address, owner?.verified_email]
    .filter((address): address is string => Boolean(address))
    .map((address) => address.toLowerCase());
  if (ownerAddresses.includes(email)) {
    throw new AppError('INVALID_INVITATION', 'You own this album: invite someone else.', { field });
  }
  const now = deps.clock.now().toISOString();
  let told: Recipients = [];
  const result: Omit<InviteResult, 'emailSent'> = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (!(await lockAlbum(trx, album.id))) throw albumNotFound();
      const account = await findUserByVerifiedEmail(trx, email);
      if (account?.id === album.owner_id) {
        throw new AppError('INVALID_INVITATION', 'You own this album: invite someone else.', {
          field,
        });
      }
      const alreadyMember = account ? await findMember(trx, album.id, account.id) : undefined;
      const pending = await findInvitationByEmail(trx, album.id, email);
      if (!alreadyMember && !pending) {
        if ((await countMembersAndInvitations(trx, album.id)) >= ALBUM_MEMBERS_MAX) {
          throw new AppError(
            'TOO_MANY_MEMBERS',
            `An album can be shared with at most ${ALBUM_MEMBERS_MAX} people (members and pending invitations).`,
          );
        }
      }
      if (account) {
        await putMember(
          trx,
          { album_id: album.id, user_id: account.id, role: input.role, created_at: now },
          'set-role',
        );
        await deleteInvitationByEmail(trx, album.id, email);
        // A new member finds the invitation in their feed (a new role is no news).
        if (!alreadyMember) {
          told = await recordInvitation(trx, { albumId: album.id, userId: account.id, now });
        }
        const member = await findMember(trx, album.id, account.id);
        return { member: member ? toMember(member) : null, invitation: null };
      }
      await upsertInvitation(trx, {
        id: newId(),
        album_id: album.id,
        email,
        role: input.role,
        created_at: now,
      });
      const row = await findInvitationByEmail(trx, album.id, email);
      return {
        member: null,
        invitation: row
          ? { id: row.id, emailAddress: row.email, role: row.role, dateCreated: row.created_at }
          : null,
      };
    });
  if (result.invitation) {
    // An account may have proven the address while the invitation was being written (its
    // claim did not see the invitation yet): it becomes a membership now rather than waiting.
    const account = await findUserByVerifiedEmail(deps.db, email);
    if (account && account.id !== album.owner_id) {
      told = await convertInvitations(deps, account.id, email);
      const member = await findMember(deps.db, album.id, account.id);
      if (member) {
        result.member = toMember(member);
        result.invitation = null;
      }
    }
  }
  announceActivity(deps, told, log);
  let emailSent = false;
  if (deps.mailer.configured) {
    const answer = await albumAnswer(deps, album.id, caller.id);
    const address = `${deps.config.publicUrl ?? appOrigin}/album/${encodeURIComponent(album.id)}`;
    // In the invitee's language when they have an account here, else in the inviter's.
    const locale = mailLocale(
      await findLocaleByEmail(deps.db, email),
      (await findUserById(deps.db, caller.id))?.locale,
    );
    const names = { owner: answer.createdBy, album: answer.name };
    try {
      await deps.mailer.send(
        {
          to: email,
          subject: mailText(locale, 'invite.subject', names),
          text: mailText(locale, 'invite.text', { ...names, role: input.role, link: address }),
        },
        log,
      );
      emailSent = true;
    } catch (error) {
      // The invitation stands; the owner can tell the person themselves.
      log.warn({ err: error }, 'invitation e-mail not sent');
    }
  }
  return { ...result, emailSent };
}

/**
 * Removes a member: the owner removes anyone, a member removes themselves (leaves). Photos the
 * member added stay in the album; the album's entries leave the member's feed.
 */
export async function removeMember(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  userId: string,
): Promise<void> {
  const leaving = userId === caller.id;
  const album = await requireAlbumAccess(
    deps,
    caller,
    albumId,
    leaving ? 'album.leave' : 'album.share',
  );
  const removed = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw albumNotFound();
    return deleteMember(trx, album.id, userId);
  });
  if (!removed) throw notFound('MEMBER_NOT_FOUND', 'The member');
  // The album's entries leave their feed: their open streams send the count again.
  announceActivity(deps, [userId]);
}

export async function cancelInvitation(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  invitationId: string,
): Promise<void> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  if (!(await deleteInvitation(deps.db, album.id, invitationId))) {
    throw notFound('NOT_FOUND', 'The invitation');
  }
}

/**
 * Turns the pending invitations to the caller's address into memberships, once the identity
 * provider vouches that the caller owns it (email_verified), and never otherwise. One
 * transaction: an invitation is either still pending or a membership. Idempotent.
 */
export async function claimInvitations(
  deps: Pick<AppDeps, 'db' | 'clock' | 'activityChanges'>,
  user: AuthUser,
): Promise<void> {
  const email = user.email.toLowerCase();
  const told = await deps.db.transaction().execute(async (trx): Promise<Recipients> => {
    const current = await findUserById(trx, user.id);
    if (!current) return [];
    if (!user.emailVerified) {
      // A token for another, unproven address: the address once proven no longer counts.
      if (current.verified_email !== null && current.verified_email !== email) {
        await setVerifiedEmail(trx, user.id, null);
      }
      return [];
    }
    if (current.verified_email !== email) await setVerifiedEmail(trx, user.id, email);
    return convertInvitationsIn(trx, deps.clock.now().toISOString(), user.id, email);
  });
  announceActivity(deps, told);
}

/**
 * In one transaction, the pending invitations to `email` become memberships of `userId`, each new
 * one an invitation in their feed. Answers whose feed changed.
 */
async function convertInvitationsIn(
  trx: Db,
  now: string,
  userId: string,
  email: string,
): Promise<Recipients> {
  const invitations = await listInvitationsToEmail(trx, email);
  const told = new Set<string>();
  for (const invitation of invitations) {
    if (invitation.owner_id === userId) continue;
    const joined = await putMember(
      trx,
      { album_id: invitation.album_id, user_id: userId, role: invitation.role, created_at: now },
      'keep',
    );
    if (joined) {
      for (const id of await recordInvitation(trx, { albumId: invitation.album_id, userId, now })) {
        told.add(id);
      }
    }
  }
  await deleteInvitationsByIds(
    trx,
    invitations.map((invitation) => invitation.id),
  );
  return [...told];
}

function convertInvitations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  email: string,
): Promise<Recipients> {
  return deps.db
    .transaction()
    .execute((trx) => convertInvitationsIn(trx, deps.clock.now().toISOString(), userId, email));
}
