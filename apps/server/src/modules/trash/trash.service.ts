import type {
  TrashDeleteRequest,
  TrashDeleteResult,
  TrashAlbum,
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
import { listFeedReaders } from '../activity/activity.repository.js';
import { announceActivity } from '../activity/activity.service.js';
import { releaseFiles } from '../files/files.service.js';
import { restoreTaken } from './trash.restore.js';
import {
  countHeldPhotos,
  deleteEmptyTrashedAlbums,
  findHeldAlbums,
  findHeldPhotos,
  listHeldAlbumIds,
  listHeldAlbums,
  listHeldPhotoIds,
  listTrashViews,
  takeHeldPhotos,
  type HeldAlbumView,
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

function toTrashAlbum(view: HeldAlbumView, deps: Pick<AppDeps, 'config'>): TrashAlbum {
  const trashedAt = new Date(view.trashed_at);
  return {
    id: view.id,
    name: view.name,
    photoCount: Number(view.photo_count),
    trashedAt: trashedAt.toISOString(),
    purgeAt: new Date(trashedAt.getTime() + deps.config.trashDays * DAY_MS).toISOString(),
  };
}

/**
 * The caller's Trash, newest deletion first, a page at a time, with photos of theirs others hold;
 * the albums it holds (empty ones too) on the first page.
 */
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
  const albums = query.cursor ? [] : await listHeldAlbums(deps.db, caller.id);
  return {
    photos: page.items,
    albums: albums.map((album) => toTrashAlbum(album, deps)),
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

/** The named albums the caller holds in Trash; 404 naming the first that is not. */
async function requireHeldAlbums(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  ids: readonly string[],
): Promise<string[]> {
  const named = [...new Set(ids)];
  const held = new Set((await findHeldAlbums(deps.db, caller.id, named)).map((row) => row.id));
  const missing = named.find((id) => !held.has(id));
  if (missing !== undefined) {
    throw new AppError('ALBUM_NOT_FOUND', `The album ${missing} is not in your Trash.`, {
      field: `body.albumIds.${ids.indexOf(missing)}`,
    });
  }
  return named;
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
    albumIds = await requireHeldAlbums(deps, caller, body.albumIds);
    photoIds = [];
  } else if (body.photoIds) {
    photoIds = await requireHeldPhotos(deps, caller, body.photoIds);
    const rows = await findHeldPhotos(deps.db, caller.id, photoIds);
    const albumsOfPhotos = [...new Set(rows.map((row) => row.album_id))];
    albumIds = (await findHeldAlbums(deps.db, caller.id, albumsOfPhotos)).map((row) => row.id);
  } else {
    // All of it: every photo, and every album, those without photos too.
    photoIds = await listHeldPhotoIds(deps.db, caller.id);
    albumIds = await listHeldAlbumIds(deps.db, caller.id);
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
  const { result, readers } = await deps.db.transaction().execute(async (trx) => {
    const restored = await restoreTaken(trx, caller, plan, {
      now: deps.clock.now().toISOString(),
      missing: (id) =>
        body.albumIds
          ? new AppError('CONFLICT', 'Your Trash changed meanwhile; try again.')
          : missingPhoto(id, named),
    });
    // Their feed entries are back: the feeds that hold them read again once this is committed.
    return { result: restored, readers: await listFeedReaders(trx, plan) };
  });
  announceActivity(deps, readers);
  return result;
}

/**
 * Deletes photos of the caller's Trash for good, albums of it with their photos there, or all of
 * it (Empty Trash, albums without photos too): their rows, then the files nothing uses any more (a
 * file another photo still shows stays). An album in Trash goes once no photo of it is left
 * there. A photo or album named that is not there: 404 naming it, nothing deleted.
 */
export async function deleteFromTrash(
  deps: AppDeps,
  caller: AuthUser,
  body: TrashDeleteRequest,
  log: FastifyBaseLogger,
): Promise<TrashDeleteResult> {
  const albumIds = body.albumIds
    ? await requireHeldAlbums(deps, caller, body.albumIds)
    : body.all
      ? await listHeldAlbumIds(deps.db, caller.id)
      : [];
  const ids = body.photoIds
    ? await requireHeldPhotos(deps, caller, body.photoIds)
    : await listHeldPhotoIds(deps.db, caller.id, body.albumIds ? albumIds : undefined);
  const gone = await deps.db.transaction().execute(async (trx) => {
    const taken = await takeHeldPhotos(trx, caller.id, ids);
    const takenIds = new Set(taken.map((row) => row.id));
    const missing = ids.find((id) => !takenIds.has(id));
    if (body.photoIds && missing !== undefined) throw missingPhoto(missing, body.photoIds);
    const ofPhotos = [...new Set([...taken.map((row) => row.album_id), ...albumIds])];
    // An album keeps its row while a photo of it waits in someone else's Trash.
    const covers = await deleteEmptyTrashedAlbums(trx, { ids: ofPhotos });
    return {
      count: taken.length,
      albums: covers.albums,
      files: [...taken.map((row) => row.file_id), ...covers.files],
    };
  });
  await releaseFiles(deps, gone.files, log);
  return { count: gone.count, albums: gone.albums };
}
