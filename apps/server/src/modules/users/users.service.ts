import { DEFAULT_AVATAR_URL, type User } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fileIdFromPictureUrl, pictureUrl } from '../../lib/picture-url.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { deleteAlbumsOfOwner } from '../albums/albums.service.js';
import { findFileById, isFileShownUnsigned } from '../files/store/repository.js';
import { deleteCommentsOfAuthor } from '../comments/comments.repository.js';
import {
  deleteBlobsOfDeletedFiles,
  deleteFilesOfOwner,
  releaseFiles,
} from '../files/files.service.js';
import {
  deleteAccount as deleteIdentityAccount,
  findAccountByUid,
} from '../identity/identity.repository.js';
import { deleteLikesOfUser } from '../likes/likes.repository.js';
import { deletePhotosOfUser } from '../photos/photos.service.js';
import {
  deleteUserRow,
  findAdmin,
  findUserById,
  insertUserIfMissing,
  markAdmin,
  promoteEarliestUserIfNoAdmin,
  setProfilePicture,
  setUserName,
  unsetPicturesOfFilesOf,
  upsertUserProfile,
} from './users.repository.js';

/** A user as the API shows it. No picture: the default avatar. */
export function toUser(row: UserRow, publicUrl: string | undefined, pictureVersion = 0): User {
  return {
    id: row.id,
    emailAddress: row.email_address,
    name: row.name,
    profilePicUrl: row.profile_pic_file_id
      ? pictureUrl(row.profile_pic_file_id, publicUrl, undefined, pictureVersion)
      : DEFAULT_AVATAR_URL,
    dateCreated: row.created_at,
  };
}

/** The caller's own profile: a user, and whether they or who else is the server's administrator. */
function toOwnUser(
  row: UserRow,
  admin: UserRow | undefined,
  publicUrl: string | undefined,
  pictureVersion: number,
): User {
  return {
    ...toUser(row, publicUrl, pictureVersion),
    isAdmin: row.is_admin === 1,
    ...(admin ? { adminName: admin.name } : {}),
  };
}

/** Whether the URL is the default avatar's, relative or absolute on one of this server's origins. */
function isDefaultAvatarUrl(url: string, origins: readonly string[]): boolean {
  if (url === DEFAULT_AVATAR_URL) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.pathname !== DEFAULT_AVATAR_URL || parsed.search || parsed.hash) return false;
  return origins.some((origin) => {
    try {
      return new URL(origin).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

/**
 * The file a profile picture URL names: null for the default avatar, otherwise an image stored
 * here: one of the caller's, or one everyone may see (a photo seen in someone else's album seen
 * by everyone). A photo of an album not everyone sees would become public as a profile picture:
 * refused like a missing file.
 */
async function profilePictureFileId(
  deps: AppDeps,
  caller: AuthUser,
  url: string,
  field: string,
  origins: readonly string[],
): Promise<string | null> {
  if (isDefaultAvatarUrl(url, origins)) return null;
  const fileId = fileIdFromPictureUrl(url, field, origins);
  const file = await findFileById(deps.db, fileId);
  const mayUse =
    file !== undefined &&
    (file.owner_id === caller.id || (await isFileShownUnsigned(deps.db, file.id)));
  if (!file || !mayUse) {
    throw new AppError('FILE_NOT_FOUND', `${field} names no stored file.`, { field });
  }
  return file.id;
}

/**
 * Makes the user record of a verified token's subject seen for the first time, so an interrupted
 * sign-up still has a profile. The name starts as the e-mail address's local part.
 */
export async function ensureUserRecord(
  deps: Pick<AppDeps, 'db' | 'clock' | 'signingKeys' | 'config'>,
  user: AuthUser,
): Promise<void> {
  if (!(await findUserById(deps.db, user.id))) {
    // With the embedded service, a token outliving its deleted account does not bring it back.
    if (deps.signingKeys && !(await findAccountByUid(deps.db, user.id))) {
      throw new AppError('TOKEN_INVALID', 'The account of this ID token has been deleted.');
    }
    await insertUserIfMissing(
      deps.db,
      {
        id: user.id,
        email_address: user.email,
        name: user.email.split('@')[0] || user.email,
        profile_pic_file_id: null,
        created_at: deps.clock.now().toISOString(),
      },
      deps.config.admin.defaultQuotaBytes,
    );
  }
  // ADMIN_EMAILS: applied once the address is proven (anyone may sign up with any address).
  if (user.emailVerified && deps.config.admin.emails.includes(user.email.toLowerCase())) {
    await markAdmin(deps.db, user.id);
  }
}

/**
 * The picture a sign-up names: an image stored here, or else the default avatar (null). Clients
 * written for the spec send a public blank-avatar URL of another site, or ''; such an address is
 * never fetched nor stored.
 */
async function signUpPictureFileId(
  deps: AppDeps,
  caller: AuthUser,
  url: string,
  origins: readonly string[],
): Promise<string | null> {
  if (url === '' || isDefaultAvatarUrl(url, origins)) return null;
  let fileId: string;
  try {
    fileId = fileIdFromPictureUrl(url, 'body.profilePicUrl', origins);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const file = await findFileById(deps.db, fileId);
  if (!file) return null;
  const mayUse = file.owner_id === caller.id || (await isFileShownUnsigned(deps.db, file.id));
  return mayUse ? file.id : null;
}

/**
 * The caller as the API shows them, their picture's URL with its file's edit version, and who the
 * server's administrator is.
 */
async function userAnswer(deps: AppDeps, id: string): Promise<User> {
  const row = await requireUser(deps, id);
  const file = row.profile_pic_file_id
    ? await findFileById(deps.db, row.profile_pic_file_id)
    : undefined;
  const admin = row.is_admin === 1 ? row : await findAdmin(deps.db);
  return toOwnUser(row, admin, deps.config.publicUrl, file?.edit_version ?? 0);
}

async function requireUser(deps: AppDeps, id: string): Promise<UserRow> {
  const row = await findUserById(deps.db, id);
  if (!row) throw notFound('USER_NOT_FOUND', 'The user');
  return row;
}

/**
 * Binds the caller's profile to their token (users/addNewUser). Idempotent: a second call sets
 * the name and picture again. The e-mail address always comes from the token. Any picture URL is
 * taken: one that names no file stored here is the default avatar, so every spec client can sign up.
 */
export async function registerUser(
  deps: AppDeps,
  caller: AuthUser,
  input: { name: string; profilePicUrl?: string | null | undefined },
  origins: readonly string[],
  log: FastifyBaseLogger,
): Promise<User> {
  const existing = await findUserById(deps.db, caller.id);
  const previousPicture = existing?.profile_pic_file_id ?? null;
  const picture =
    input.profilePicUrl === undefined
      ? previousPicture
      : await signUpPictureFileId(deps, caller, input.profilePicUrl ?? '', origins);
  await upsertUserProfile(deps.db, {
    id: caller.id,
    email_address: caller.email,
    name: input.name,
    profile_pic_file_id: picture,
    created_at: existing?.created_at ?? deps.clock.now().toISOString(),
  });
  if (previousPicture && previousPicture !== picture) {
    await releaseFiles(deps, [previousPicture], log);
  }
  return userAnswer(deps, caller.id);
}

export async function getProfile(deps: AppDeps, caller: AuthUser): Promise<User> {
  return userAnswer(deps, caller.id);
}

/** Sets the caller's profile picture to an image stored here, or back to the default avatar. */
export async function setProfilePhoto(
  deps: AppDeps,
  caller: AuthUser,
  url: string,
  origins: readonly string[],
  log: FastifyBaseLogger,
): Promise<User> {
  const existing = await requireUser(deps, caller.id);
  const picture = await profilePictureFileId(deps, caller, url, 'body.profilePicUrl', origins);
  await setProfilePicture(deps.db, caller.id, picture);
  if (existing.profile_pic_file_id && existing.profile_pic_file_id !== picture) {
    await releaseFiles(deps, [existing.profile_pic_file_id], log);
  }
  return userAnswer(deps, caller.id);
}

/** Sets the caller's name (users/me). */
export async function renameUser(deps: AppDeps, caller: AuthUser, name: string): Promise<User> {
  await requireUser(deps, caller.id);
  await setUserName(deps.db, caller.id, name);
  return userAnswer(deps, caller.id);
}

/**
 * Deletes the caller's account: their albums, photos, comments, likes and files (rows in one
 * transaction, then the bytes), and their sign-in account when the embedded identity service
 * holds it. The e-mail address typed again is the confirmation.
 */
export async function deleteUserAccount(
  deps: AppDeps,
  caller: AuthUser,
  confirmEmail: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const user = await requireUser(deps, caller.id);
  const typed = confirmEmail.trim().toLowerCase();
  if (typed !== user.email_address.toLowerCase() && typed !== caller.email.toLowerCase()) {
    throw new AppError(
      'VALIDATION_FAILED',
      "confirmEmail must be the account's e-mail address, typed again.",
      { field: 'body.confirmEmail' },
    );
  }
  const { owned, used } = await deps.db.transaction().execute(async (trx) => {
    const picture = (await findUserById(trx, caller.id))?.profile_pic_file_id;
    // Their albums first: the photos left to take away are then all in others' albums.
    const used = [
      ...(picture ? [picture] : []),
      ...(await deleteAlbumsOfOwner(trx, caller.id)),
      ...(await deletePhotosOfUser(trx, caller.id)),
    ];
    // A picture that was one of their files, another user's too, becomes the default avatar.
    await unsetPicturesOfFilesOf(trx, caller.id);
    await deleteCommentsOfAuthor(trx, caller.id);
    await deleteLikesOfUser(trx, caller.id);
    const owned = await deleteFilesOfOwner(trx, caller.id);
    await deleteUserRow(trx, caller.id);
    if (user.is_admin === 1) await promoteEarliestUserIfNoAdmin(trx);
    await deleteIdentityAccount(trx, caller.id);
    return { owned, used };
  });
  await deleteBlobsOfDeletedFiles(deps, owned, log);
  // Others' files that their picture, albums and photos used, when nothing uses them any more.
  const ownedIds = new Set(owned.map((file) => file.id));
  await releaseFiles(
    deps,
    used.filter((fileId) => !ownedIds.has(fileId)),
    log,
  );
}
