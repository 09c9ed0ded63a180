import type { AdminUser, PasswordLink } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { createAccountAdministration } from '../identity/identity.admin.js';
import { claimInvitations } from '../sharing/sharing.service.js';
import { findUserById } from '../users/users.repository.js';
import { findAccount, listAccounts, type AccountView } from './admin.repository.js';

function toAdminUser(row: AccountView): AdminUser {
  return {
    id: row.id,
    name: row.name,
    emailAddress: row.email_address,
    // The embedded service's flag; with a hosted provider, a verified token seen here.
    emailVerified:
      row.email_verified === null ? row.verified_email !== null : row.email_verified === 1,
    isAdmin: row.is_admin === 1,
    dateCreated: row.created_at,
  };
}

/** Refuses anyone but the server's administrator. */
async function requireAdmin(deps: AppDeps, caller: AuthUser): Promise<void> {
  const user = await findUserById(deps.db, caller.id);
  if (user?.is_admin !== 1) {
    throw new AppError(
      'NOT_ADMIN',
      "Only the server's administrator (the first account made on it) may do this.",
    );
  }
}

/** The embedded identity service's administration; refused when a hosted provider holds accounts. */
function accountAdministration(deps: AppDeps) {
  if (!deps.signingKeys) {
    throw new AppError(
      'IDENTITY_NOT_EMBEDDED',
      'Sign-in accounts are kept by the hosted identity provider, which sends its own e-mails: ' +
        'addresses and passwords are managed there, not on this server.',
    );
  }
  return createAccountAdministration({ ...deps, keys: deps.signingKeys });
}

async function requireAccount(deps: AppDeps, userId: string): Promise<AccountView> {
  const row = await findAccount(deps.db, userId);
  if (!row) throw notFound('USER_NOT_FOUND', 'The account');
  return row;
}

/** Every account on the server, newest first. Administrator only. */
export async function listUsers(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<AdminUser>> {
  const after = decodeCursor(query.cursor);
  await requireAdmin(deps, caller);
  const rows = await listAccounts(deps.db, { limit: query.limit + 1, after });
  return toPage(rows, query.limit, (row) => ({ key: row.created_at, id: row.id }), toAdminUser);
}

/**
 * Confirms an account's address as its verification link would, and then what follows a
 * verified address follows here too: the invitations waiting for it become memberships.
 */
export async function markAddressVerified(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
): Promise<AdminUser> {
  await requireAdmin(deps, caller);
  const administration = accountAdministration(deps);
  const user = await requireAccount(deps, userId);
  const account = await administration.markAddressVerified(user.id);
  if (!account) throw notFound('USER_NOT_FOUND', 'The sign-in account');
  await claimInvitations(deps, { id: user.id, email: account.email, emailVerified: true });
  return toAdminUser(await requireAccount(deps, user.id));
}

/** A one-time password link for the account, to be passed on by the administrator. */
export async function makePasswordLink(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
  origin: string,
): Promise<PasswordLink> {
  await requireAdmin(deps, caller);
  const administration = accountAdministration(deps);
  const user = await requireAccount(deps, userId);
  const made = await administration.passwordResetLink(user.id, origin);
  if (!made) throw notFound('USER_NOT_FOUND', 'The sign-in account');
  return { link: made.link, emailAddress: made.email, expiresAt: made.expiresAt };
}
