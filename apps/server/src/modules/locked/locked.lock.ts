import type { LockPhotosRequest, LockPhotosResult } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { Db, PhotoRow } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/errors.js';
import { listFeedReaders } from '../activity/activity.repository.js';
import { announceActivity } from '../activity/activity.service.js';
import { listAlbumsCoveredByFiles } from '../albums/albums.locked-rows.js';
import { lockAlbums, recountAlbumPhotos, updateAlbumRow } from '../albums/albums.repository.js';
import { listPhotoRowsOfFiles } from '../photos/photos.locked-rows.js';
import { deletePhotoRows, findFirstAlbumPhotoExcept } from '../photos/photos.repository.js';
import { requirePhotosAccess } from '../photos/photos.service.js';
import { snapshotPhotos } from '../trash/trash.bin.js';
import { unsetPicturesOfFiles } from '../users/users.locked-rows.js';
import { findFileOwners, insertLockedPhotos } from './locked.repository.js';

/**
 * The files of the named photos, when the caller sees each photo (else 404 naming it) and
 * uploaded its file (else 403 naming it): only a person's own uploads go to their locked place.
 */
async function requireOwnFiles(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  ids: readonly string[],
): Promise<string[]> {
  const list = { field: 'body.photoIds', ids };
  const photos = await requirePhotosAccess(deps, caller, ids, 'album.read', list);
  const owners = await findFileOwners(
    deps.db,
    photos.map((photo) => photo.file_id),
  );
  const notOwn = photos.find((photo) => owners.get(photo.file_id) !== caller.id);
  if (notOwn) {
    throw new AppError(
      'NOT_OWNER',
      `The photo ${notOwn.id} is not of your own uploads: only those go to your locked place.`,
      { field: `body.photoIds.${ids.indexOf(notOwn.id)}` },
    );
  }
  return [...new Set(photos.map((photo) => photo.file_id))];
}

/**
 * Every album whose cover is a file going takes its first photo that stays as cover; an album
 * that would keep none: 409, nothing changes (an album keeps a photo as its cover, as when deleting; only a new album starts empty, decision 0087).
 */
async function coverWithPhotosThatStay(
  trx: Db,
  fileIds: readonly string[],
  going: readonly PhotoRow[],
): Promise<void> {
  for (const album of await listAlbumsCoveredByFiles(trx, fileIds)) {
    const leaving = going.filter((photo) => photo.album_id === album.id).map((photo) => photo.id);
    const next = await findFirstAlbumPhotoExcept(trx, album.id, { photoIds: leaving });
    if (!next) {
      throw new AppError(
        'CONFLICT',
        `The album ${album.name} has no other photo to show as its cover; add one, or delete the album.`,
      );
    }
    await updateAlbumRow(trx, album.id, { cover_file_id: next.file_id });
  }
}

/**
 * Moves photos of the caller's own uploads to their locked place, all or none, in one
 * transaction: every photo showing those files (copies others saved included) leaves `photos`
 * for `locked_photos` with its comments, likes and feed entries (the Trash's snapshot), albums
 * whose cover they were take another, profile pictures of them become the default avatar.
 */
export async function lockPhotos(
  deps: AppDeps,
  caller: AuthUser,
  body: LockPhotosRequest,
): Promise<LockPhotosResult> {
  const fileIds = await requireOwnFiles(deps, caller, body.photoIds);
  const now = deps.clock.now().toISOString();
  const moved = await deps.db.transaction().execute(async (trx) => {
    const before = await listPhotoRowsOfFiles(trx, fileIds);
    await lockAlbums(trx, [
      ...new Set([
        ...before.map((photo) => photo.album_id),
        ...(await listAlbumsCoveredByFiles(trx, fileIds)).map((album) => album.id),
      ]),
    ]);
    // Read again with the albums locked: a copy saved meanwhile goes too.
    const going = await listPhotoRowsOfFiles(trx, fileIds);
    const albumIds = [...new Set(going.map((photo) => photo.album_id))];
    await lockAlbums(
      trx,
      albumIds.filter((id) => !before.some((photo) => photo.album_id === id)),
    );
    await coverWithPhotosThatStay(trx, fileIds, going);
    const snapshots = await snapshotPhotos(trx, going);
    await insertLockedPhotos(
      trx,
      going.map((photo) => ({
        ...photo,
        locked_by: caller.id,
        locked_at: now,
        snapshot: snapshots.get(photo.id) ?? '',
      })),
    );
    const photoIds = going.map((photo) => photo.id);
    // The photos' entries leave their feeds with them.
    const readers = await listFeedReaders(trx, { photoIds });
    await deletePhotoRows(trx, photoIds);
    await recountAlbumPhotos(trx, albumIds);
    await unsetPicturesOfFiles(trx, fileIds);
    return { count: going.length, readers };
  });
  announceActivity(deps, moved.readers);
  return { count: moved.count };
}
