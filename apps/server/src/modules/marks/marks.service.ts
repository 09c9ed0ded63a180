import type { BulkResult, MarkPhotosRequest } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/errors.js';
import { requirePhotosAccess } from '../photos/photos.service.js';
import {
  deleteArchivedFiles,
  deleteFavourites,
  findFileOwners,
  insertArchivedFiles,
  insertFavourites,
} from './marks.repository.js';

const FIELD = 'body.photoIds';

/**
 * These photos, each once: every photo one the caller may see (404 PHOTO_NOT_FOUND
 * naming the first that is not, exactly like a missing one). A favourite and an archived file are
 * keyed on the stored file (decision 0082), so two photos of one file are one mark.
 */
function visiblePhotos(deps: AppDeps, caller: AuthUser, photoIds: readonly string[]) {
  return requirePhotosAccess(deps, caller, photoIds, 'album.read', { field: FIELD, ids: photoIds });
}

/** The caller's favourites gain the files of these photos. */
export async function addFavourites(
  deps: AppDeps,
  caller: AuthUser,
  body: MarkPhotosRequest,
): Promise<BulkResult> {
  const photos = await visiblePhotos(deps, caller, body.photoIds);
  const fileIds = [...new Set(photos.map((photo) => photo.file_id))];
  const now = deps.clock.now().toISOString();
  return { count: await insertFavourites(deps.db, caller.id, fileIds, now) };
}

/** The files of these photos leave the caller's favourites. */
export async function removeFavourites(
  deps: AppDeps,
  caller: AuthUser,
  body: MarkPhotosRequest,
): Promise<BulkResult> {
  const photos = await visiblePhotos(deps, caller, body.photoIds);
  const fileIds = [...new Set(photos.map((photo) => photo.file_id))];
  return { count: await deleteFavourites(deps.db, caller.id, fileIds) };
}

/**
 * The files of these photos, each one the caller uploaded: only one's own uploads are archived
 * (someone else's photo, seen in a shared album, answers 403 NOT_OWNER naming it).
 */
async function ownFiles(deps: AppDeps, caller: AuthUser, photoIds: readonly string[]) {
  const photos = await visiblePhotos(deps, caller, photoIds);
  const owners = await findFileOwners(deps.db, [...new Set(photos.map((p) => p.file_id))]);
  for (const photo of photos) {
    if (owners.get(photo.file_id) !== caller.id) {
      throw new AppError('NOT_OWNER', `Only your own photos can be archived: ${photo.id}.`, {
        field: `${FIELD}.${photoIds.indexOf(photo.id)}`,
      });
    }
  }
  return [...owners.keys()];
}

/** The caller archives their files of these photos. */
export async function archivePhotos(
  deps: AppDeps,
  caller: AuthUser,
  body: MarkPhotosRequest,
): Promise<BulkResult> {
  const fileIds = await ownFiles(deps, caller, body.photoIds);
  const now = deps.clock.now().toISOString();
  return { count: await insertArchivedFiles(deps.db, caller.id, fileIds, now) };
}

/** The caller's files of these photos come back from the Archive. */
export async function restorePhotos(
  deps: AppDeps,
  caller: AuthUser,
  body: MarkPhotosRequest,
): Promise<BulkResult> {
  const fileIds = await ownFiles(deps, caller, body.photoIds);
  return { count: await deleteArchivedFiles(deps.db, caller.id, fileIds) };
}
