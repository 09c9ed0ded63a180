import type {
  LockedDeleteResult,
  LockedPage,
  LockedPhoto,
  LockedPhotosRequest,
  LockedRestoreResult,
} from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { decideAccess } from '../../lib/access.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/paging.js';
import { photoMediaOf } from '../../lib/photo-media.js';
import { signForLocked } from '../../lib/picture-signing.js';
import { pictureUrl } from '../../lib/picture-url.js';
import { lockAlbums, recountAlbumPhotos } from '../albums/albums.repository.js';
import { listFeedReaders } from '../activity/activity.repository.js';
import { announceActivity } from '../activity/activity.service.js';
import { releaseFiles } from '../files/files.service.js';
import { putBackPhotos } from '../trash/trash.restore.js';
import {
  countLockedFiles,
  findLockedFilesOfPhotos,
  listLockedViews,
  takeLockedPhotosOfFiles,
  type LockedPhotoRow,
  type LockedView,
} from './locked.repository.js';

function toLockedPhoto(
  view: LockedView,
  sessionId: string,
  deps: Pick<AppDeps, 'config' | 'pictureSigner'>,
): LockedPhoto {
  return {
    id: view.id,
    album: view.album_name === null ? null : { id: view.album_id, name: view.album_name },
    // Bound to the session: files/show asks whether it is still open.
    photoUrl: pictureUrl(
      view.file_id,
      deps.config.publicUrl,
      signForLocked(deps.pictureSigner, view.file_id, sessionId),
      Number(view.edit_version),
    ),
    placeholder: view.placeholder,
    width: view.width,
    height: view.height,
    ...photoMediaOf(view),
    thumbReady: view.derived_state !== 'pending' || view.thumb_key !== null,
    sortDate: new Date(view.sort_date).toISOString(),
    lockedAt: new Date(view.locked_at).toISOString(),
  };
}

/** The caller's locked place, newest locked first, one photo per file, a page at a time. */
export async function listLocked(
  deps: AppDeps,
  caller: AuthUser,
  sessionId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<LockedPage> {
  const rows = await listLockedViews(deps.db, caller.id, {
    limit: query.limit + 1,
    before: decodeCursor(query.cursor),
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => ({ key: row.locked_at, id: row.id }),
    (row) => toLockedPhoto(row, sessionId, deps),
  );
  return {
    photos: page.items,
    nextCursor: page.nextCursor ?? null,
    total: await countLockedFiles(deps.db, caller.id),
  };
}

/** The files of the named photos in the caller's locked place; 404 naming the first that is not. */
async function requireLockedFiles(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  ids: readonly string[],
): Promise<string[]> {
  const files = await findLockedFilesOfPhotos(deps.db, caller.id, ids);
  const missing = ids.find((id) => !files.has(id));
  if (missing !== undefined) throw missingPhoto(missing, ids);
  return [...new Set(files.values())];
}

function missingPhoto(id: string, ids: readonly string[]): AppError {
  return new AppError('PHOTO_NOT_FOUND', `The photo ${id} is not in your locked place.`, {
    field: `body.photoIds.${ids.indexOf(id)}`,
  });
}

const changedMeanwhile = () =>
  new AppError('CONFLICT', 'Your locked place changed meanwhile; try again.');

/**
 * Moves photos out of the caller's locked place, with every photo of the same files, in one
 * transaction: the same ids, comments and likes, in the albums they came from (Trash's restore).
 * A copy someone else saved goes back to their album while it exists; one of the caller's own
 * whose album they may no longer add to, or that is gone, comes back in their album of restored
 * photos (`elsewhere`).
 */
export async function moveOutOfLocked(
  deps: AppDeps,
  caller: AuthUser,
  body: LockedPhotosRequest,
): Promise<LockedRestoreResult> {
  const fileIds = await requireLockedFiles(deps, caller, body.photoIds);
  const moved = await deps.db.transaction().execute(async (trx) => {
    const taken = await takeLockedPhotosOfFiles(trx, caller.id, fileIds);
    if (taken.length === 0) throw changedMeanwhile();
    await lockAlbums(trx, [...new Set(taken.map((row) => row.album_id))]);
    const { back, albumOf, elsewhere } = await putBackPhotos(trx, caller, taken, {
      now: deps.clock.now().toISOString(),
      mayReturn: (photo, album) =>
        photo.owner_id !== caller.id || decideAccess(caller, 'album.addPhoto', album) === 'allowed',
    });
    await recountAlbumPhotos(trx, [...new Set(albumOf.values())]);
    // Their feed entries are back: the feeds that hold them read again once this is committed.
    const readers = await listFeedReaders(trx, { photoIds: back.map((photo) => photo.id) });
    return { count: back.length, elsewhere, readers };
  });
  announceActivity(deps, moved.readers);
  return { count: moved.count, elsewhere: moved.elsewhere };
}

/**
 * Deletes photos of the caller's locked place for good (there is no Trash for it), with every
 * photo of the same files: their rows, then the files nothing uses any more. Answers how many
 * files (entries of the page) went.
 */
export async function deleteFromLocked(
  deps: AppDeps,
  caller: AuthUser,
  body: LockedPhotosRequest,
  log: FastifyBaseLogger,
): Promise<LockedDeleteResult> {
  const fileIds = await requireLockedFiles(deps, caller, body.photoIds);
  const taken: LockedPhotoRow[] = await deps.db
    .transaction()
    .execute(async (trx) => takeLockedPhotosOfFiles(trx, caller.id, fileIds));
  if (taken.length === 0) throw changedMeanwhile();
  await releaseFiles(deps, fileIds, log);
  return { count: new Set(taken.map((row) => row.file_id)).size };
}
