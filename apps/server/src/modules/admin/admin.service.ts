import type { AdminUser, PasswordLink, RetriedJobs, ServerStats } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import {
  DERIVE_IMAGES,
  INDEX_FACES,
  INDEX_FACES_BACKFILL,
  RENDER_VIDEO,
} from '../../infra/job-queue.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { revokeAllSignIns } from '../identity/identity.account-state.js';
import { createAccountAdministration } from '../identity/identity.admin.js';
import { claimInvitations } from '../sharing/sharing.service.js';
import { findUserById } from '../users/users.repository.js';
import { deleteUserAccount } from '../users/users.service.js';
import {
  findAccount,
  listAccounts,
  serverFigures,
  setDisabled,
  setQuota,
  type AccountView,
} from './admin.repository.js';
import { trashBytesByOwner } from '../trash/trash.service.js';

/** The job queues whose figures the administration shows, and whose failed jobs it retries. */
const QUEUES = [DERIVE_IMAGES, RENDER_VIDEO, INDEX_FACES, INDEX_FACES_BACKFILL];

function toAdminUser(row: AccountView, trashBytes: ReadonlyMap<string, number>): AdminUser {
  return {
    id: row.id,
    name: row.name,
    emailAddress: row.email_address,
    // The embedded service's flag; with a hosted provider, a verified token seen here.
    emailVerified:
      row.email_verified === null ? row.verified_email !== null : row.email_verified === 1,
    isAdmin: row.is_admin === 1,
    dateCreated: row.created_at,
    lastSignIn: row.last_sign_in_at,
    disabled: row.disabled_at !== null,
    storageUsed: Number(row.storage_used),
    quotaBytes: row.quota_bytes === null ? null : Number(row.quota_bytes),
    photoCount: Number(row.photo_count ?? 0),
    trashBytes: trashBytes.get(row.id) ?? 0,
  };
}

/** The account as the administration shows it, with the bytes only its Trash still uses. */
async function adminUserOf(deps: AppDeps, row: AccountView): Promise<AdminUser> {
  return toAdminUser(row, await trashBytesByOwner(deps.db, [row.id]));
}

/** Refuses anyone but the server's administrators. */
export async function requireAdmin(deps: AppDeps, caller: AuthUser): Promise<void> {
  const user = await findUserById(deps.db, caller.id);
  if (user?.is_admin !== 1) {
    throw new AppError(
      'NOT_ADMIN',
      "Only the server's administrators (its first account, and those of ADMIN_EMAILS) may do this.",
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
  const trash = await trashBytesByOwner(
    deps.db,
    rows.map((row) => row.id),
  );
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.id }),
    (row) => toAdminUser(row, trash),
  );
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
  return adminUserOf(deps, await requireAccount(deps, user.id));
}

/** A one-time password link for the account, to be passed on by the administrator. */
export async function makePasswordLink(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
  origin: string,
  log: FastifyBaseLogger,
): Promise<PasswordLink> {
  await requireAdmin(deps, caller);
  const administration = accountAdministration(deps);
  const user = await requireAccount(deps, userId);
  const made = await administration.passwordResetLink(user.id, origin);
  if (!made) throw notFound('USER_NOT_FOUND', 'The sign-in account');
  if (deps.mailer.configured) {
    // The server sends e-mail: the link goes to the account's address, not to the administrator.
    await deps.mailer.send(
      {
        to: made.email,
        subject: 'Choose a new password',
        text:
          `The administrator of this server sent you a link to choose a new password for your ` +
          `account (${made.email}).\n\nOpen it within an hour:\n${made.link}\n\n` +
          'If you did not expect it, ignore this message: your password stays as it is.\n',
      },
      log,
    );
    return { emailSent: true, emailAddress: made.email, expiresAt: made.expiresAt };
  }
  return { link: made.link, emailSent: false, emailAddress: made.email, expiresAt: made.expiresAt };
}

/** No administrator disables or deletes their own account (the server would lose its keeper). */
function refuseSelf(caller: AuthUser, userId: string, what: string): void {
  if (caller.id === userId) {
    throw new AppError('CONFLICT', `Administrators cannot ${what} their own account.`);
  }
}

/** What an instance's auth layer is told of a disabled (or enabled) account. */
export interface AccountWatch {
  changed(uid: string, disabled: boolean): void;
  forget(uid: string): void;
}

/**
 * Disables the account: it can no longer sign in, its refresh tokens stop at once, and its ID
 * tokens are refused by every instance within DISABLED_ACCOUNTS_CHECK_SECONDS. Or enables it again.
 */
export async function setAccountDisabled(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
  disabled: boolean,
  watch: AccountWatch,
): Promise<AdminUser> {
  await requireAdmin(deps, caller);
  if (disabled) refuseSelf(caller, userId, 'disable');
  const user = await requireAccount(deps, userId);
  await deps.db.transaction().execute(async (trx) => {
    const nowIso = deps.clock.now().toISOString();
    await setDisabled(trx, user.id, disabled ? (user.disabled_at ?? nowIso) : null);
    if (disabled) await revokeAllSignIns(trx, user.id, nowIso);
  });
  watch.changed(user.id, disabled);
  return adminUserOf(deps, await requireAccount(deps, user.id));
}

/** Sets the account's storage quota in bytes (null: unlimited); what is stored stays. */
export async function setStorageQuota(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
  quotaBytes: number | null,
): Promise<AdminUser> {
  await requireAdmin(deps, caller);
  const user = await requireAccount(deps, userId);
  await setQuota(deps.db, user.id, quotaBytes);
  return adminUserOf(deps, await requireAccount(deps, user.id));
}

/**
 * Deletes the account with all it owns, as its owner deleting it would (users.service.ts
 * deleteUserAccount): albums, photos, files and their bytes, comments, likes, memberships, and
 * its sign-in account. The address typed again is the confirmation.
 */
export async function deleteAccountOf(
  deps: AppDeps,
  caller: AuthUser,
  userId: string,
  confirmEmail: string,
  watch: AccountWatch,
  log: FastifyBaseLogger,
): Promise<void> {
  await requireAdmin(deps, caller);
  refuseSelf(caller, userId, 'delete');
  const user = await requireAccount(deps, userId);
  await deleteUserAccount(
    deps,
    { id: user.id, email: user.email_address, emailVerified: false },
    confirmEmail,
    log,
  );
  watch.forget(user.id);
}

/** The server's figures: accounts, photos, stored bytes, and its background jobs. */
export async function serverStats(deps: AppDeps, caller: AuthUser): Promise<ServerStats> {
  await requireAdmin(deps, caller);
  const [figures, trash, ...depths] = await Promise.all([
    serverFigures(deps.db),
    trashBytesByOwner(deps.db),
    ...QUEUES.map((name) => deps.jobQueue.depth(name)),
  ]);
  const jobs = { waiting: 0, active: 0, failed: 0 };
  for (const depth of depths) {
    jobs.waiting += depth.waiting;
    jobs.active += depth.active;
    jobs.failed += depth.failed;
  }
  const trashBytes = [...trash.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { ...figures, trashBytes, jobs };
}

/** Queues again every job that failed for good, for one more attempt each. */
export async function retryFailedJobs(deps: AppDeps, caller: AuthUser): Promise<RetriedJobs> {
  await requireAdmin(deps, caller);
  let retried = 0;
  for (const name of QUEUES) retried += await deps.jobQueue.retryFailed(name);
  return { retried };
}
