import type {
  TrashDeleteRequest,
  TrashDeleteResult,
  TrashPage,
  TrashPhoto,
  TrashRestoreRequest,
  TrashRestoreResult,
} from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/paging.js';
import { signForTrash } from '../../lib/picture-signing.js';
import { pictureUrl } from '../../lib/picture-url.js';
import { photoMediaOf } from '../../lib/photo-media.js';
import { releaseFiles } from '../files/files.service.js';
import { restoreTaken } from './trash.restore.js';
import {
  countHeldPhotos,
  deleteEmptyTrashedAlbums,
  findHeldAlbums,
  findHeldPhotos,
  listHeldPhotoIds,
  listTrashViews,
  takeHeldPhotos,
  type TrashView,
} from './trash.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes of files that only Trash still uses, per owner of the files (of these owners, or all), for
 * the administration's figures.
 */
export { trashBytesByOwner } from './trash.repository.js';

function toTrashPhoto(
  view: TrashView,
  caller: AuthUser,
  deps: Pick<AppDeps, 'config' | 'pictureSigner'>,
): TrashPhoto {
  const trashedAt = new Date(view.trashed_at);
  return {
    id: view.id,
    album: {
      id: view.album_id,
      name: view.album_name ?? view.trashed_album_name ?? '',
      trashed: view.trashed_album_name !== null,
    },
    // Signed for the caller alone: files/show asks again whether they hold it (or added it).
    photoUrl: pictureUrl(
      view.file_id,
      deps.config.publicUrl,
      signForTrash(deps.pictureSigner, view.file_id, caller.id),
      Number(view.edit_version),
    ),
    placeholder: view.placeholder,
    width: view.width,
    height: view.height,
    ...photoMediaOf(view),
    thumbReady: view.derived_state !== 'pending' || view.thumb_key !== null,
    createdBy: { id: view.owner_id, name: view.guest_name ?? view.owner_name },
    heldBy: { id: view.held_by, name: view.holder_name },
    mine: view.held_by === caller.id,
    trashedAt: trashedAt.toISOString(),
    purgeAt: new Date(trashedAt.getTime() + deps.config.trashDays * DAY_MS).toISOString(),
  };
}

/** The caller's Trash, newest deletion first, a page at a time, with photos of theirs others hold. */
export async function listTrash(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
): Promise<TrashPage> {
  const rows = await listTrashViews(deps.db, caller.id, {
    limit: query.limit + 1,
    before: decodeCursor(query.cursor),
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => ({ key: row.trashed_at, id: row.id }),
    (row) => toTrashPhoto(row, caller, deps),
  );
  return {
    photos: page.items,
    nextCursor: page.nextCursor ?? null,
    total: await countHeldPhotos(deps.db, caller.id),
    days: deps.config.trashDays,
  };
}

function missingPhoto(id: string, ids: readonly string[]): AppError {
  return new AppError('PHOTO_NOT_FOUND', `The photo ${id} is not in your Trash.`, {
    field: `body.photoIds.${ids.indexOf(id)}`,
  });
}

/** The named photos the caller holds, in the order named; 404 naming the first that is not. */
async function requireHeldPhotos(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const held = new Set((await findHeldPhotos(deps.db, caller.id, unique)).map((row) => row.id));
  const missing = unique.find((id) => !held.has(id));
  if (missing !== undefined) throw missingPhoto(missing, ids);
  return unique;
}

/**
 * What a restore request brings back: photos, and albums in Trash (an album comes back with every
 * photo deleted with it; a photo of an album in the caller's Trash brings its album back).
 */
async function planRestore(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  body: TrashRestoreRequest,
): Promise<{ photoIds: string[]; albumIds: string[] }> {
  let photoIds: string[];
  let albumIds: string[];
  if (body.albumIds) {
    const named = [...new Set(body.albumIds)];
    const held = new Set((await findHeldAlbums(deps.db, caller.id, named)).map((row) => row.id));
    const missing = named.find((id) => !held.has(id));
    if (missing !== undefined) {
      throw new AppError('ALBUM_NOT_FOUND', `The album ${missing} is not in your Trash.`, {
        field: `body.albumIds.${body.albumIds.indexOf(missing)}`,
      });
    }
    albumIds = named;
    photoIds = [];
  } else {
    photoIds = body.photoIds
      ? await requireHeldPhotos(deps, caller, body.photoIds)
      : await listHeldPhotoIds(deps.db, caller.id);
    const rows = await findHeldPhotos(deps.db, caller.id, photoIds);
    const albumsOfPhotos = [...new Set(rows.map((row) => row.album_id))];
    albumIds = (await findHeldAlbums(deps.db, caller.id, albumsOfPhotos)).map((row) => row.id);
  }
  const ofAlbums = await listHeldPhotoIds(deps.db, caller.id, albumIds);
  return { photoIds: [...new Set([...photoIds, ...ofAlbums])], albumIds };
}

/**
 * Restores photos of the caller's Trash, albums deleted with their photos, or all of it, in one
 * transaction: the same photo ids, their comments and likes, in the albums they came from. A photo
 * whose album the caller may no longer add to comes back into an album of their own instead
 * (trash.restore.ts). Something named that is no longer there: 404 naming it, nothing restored.
 */
export async function restoreFromTrash(
  deps: AppDeps,
  caller: AuthUser,
  body: TrashRestoreRequest,
): Promise<TrashRestoreResult> {
  const plan = await planRestore(deps, caller, body);
  const named = body.photoIds ?? plan.photoIds;
  return deps.db.transaction().execute((trx) =>
    restoreTaken(trx, caller, plan, {
      now: deps.clock.now().toISOString(),
      missing: (id) =>
        body.albumIds
          ? new AppError('CONFLICT', 'Your Trash changed meanwhile; try again.')
          : missingPhoto(id, named),
    }),
  );
}

/**
 * Deletes photos of the caller's Trash for good, or all of it (Empty Trash): their rows, then the
 * files nothing uses any more (a file another photo still shows stays). An album in Trash goes
 * once no photo of it is left there. A photo named that is not there: 404 naming it, nothing
 * deleted.
 */
export async function deleteFromTrash(
  deps: AppDeps,
  caller: AuthUser,
  body: TrashDeleteRequest,
  log: FastifyBaseLogger,
): Promise<TrashDeleteResult> {
  const ids = body.photoIds
    ? await requireHeldPhotos(deps, caller, body.photoIds)
    : await listHeldPhotoIds(deps.db, caller.id);
  const fileIds = await deps.db.transaction().execute(async (trx) => {
    const taken = await takeHeldPhotos(trx, caller.id, ids);
    const gone = new Set(taken.map((row) => row.id));
    const missing = ids.find((id) => !gone.has(id));
    if (body.photoIds && missing !== undefined) throw missingPhoto(missing, body.photoIds);
    const albumIds = [...new Set(taken.map((row) => row.album_id))];
    const covers = await deleteEmptyTrashedAlbums(trx, { ids: albumIds });
    return { count: taken.length, files: [...taken.map((row) => row.file_id), ...covers] };
  });
  await releaseFiles(deps, fileIds.files, log);
  return { count: fileIds.count };
}
