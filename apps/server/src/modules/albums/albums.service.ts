import type { Album } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/schema.js';
import { decideAccess, type Actor, type AlbumPermission } from '../../lib/access.js';
import { sortDateOf } from '../../lib/camera-clock.js';
import { AppError, notFound, notOwner } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { albumPictureUrl, fileIdFromPictureUrl } from '../../lib/picture-url.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { listFeedReaders } from '../activity/activity.repository.js';
import { announceActivity } from '../activity/activity.service.js';
import { releaseFiles, requireOwnFile } from '../files/files.service.js';
import {
  countAddedPhoto,
  deleteAlbumRow,
  deleteOwnerAlbumRows,
  findAlbumById,
  findAlbumPhotoByFile,
  findAlbumView,
  findAlbumWithMembership,
  insertAlbum,
  insertCoverPhoto,
  listAlbumPhotoFileIds,
  listAlbumViews,
  listOwnerAlbumFileIds,
  lockAlbum,
  updateAlbumRow,
  type AlbumView,
  type AlbumWithMembership,
} from './albums.repository.js';
import type { AlbumBin } from './albums.bin.js';

type PictureDeps = Pick<AppDeps, 'config' | 'pictureSigner'>;

/** An album as the API shows it to `viewerId` (null: a link visitor). */
export function toAlbum(view: AlbumView, deps: PictureDeps, viewerId: string | null): Album {
  const album = albumOf(view, deps, viewerId);
  // A cover whose file the viewer archived is hidden from what they see (decision 0082).
  return view.cover_archived
    ? { ...album, coverPhotoUrl: '', coverPlaceholder: null, coverReady: false }
    : album;
}

function albumOf(view: AlbumView, deps: PictureDeps, viewerId: string | null): Album {
  return {
    id: view.id,
    name: view.name,
    // An album without a photo has no cover (decision 0087).
    coverPhotoUrl:
      view.cover_file_id === null
        ? ''
        : albumPictureUrl(view.cover_file_id, view.visibility, {
            publicUrl: deps.config.publicUrl,
            signer: deps.pictureSigner,
            editVersion: Number(view.cover_edit_version ?? 0),
          }),
    coverPlaceholder: view.cover_placeholder ?? null,
    coverReady: view.cover_file_id !== null && view.cover_derived_state !== 'pending',
    createdBy: view.owner_name,
    createdById: view.owner_id,
    dateCreated: view.created_at,
    visibility: view.visibility,
    // Said only when on (decision 0081): whoever sees the album is then shown the places too.
    ...(Number(view.show_places) === 1 ? { showPlaces: true } : {}),
    ...(viewerId !== null && view.member_role ? { myRole: view.member_role } : {}),
    photoCount: Number(view.photo_count),
    firstPhotoDate: view.first_photo_date,
    lastPhotoDate: view.last_photo_date,
  };
}

/**
 * The album, when the actor may do this to it, as lib/access.ts decides: 404 ALBUM_NOT_FOUND
 * when it does not exist or the actor may not see it (the same answer), 403 NOT_OWNER when the
 * actor may see it but not do this. A link visitor is let in only by a link already matched to
 * this album (sharing module).
 */
export async function requireAlbumAccess(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  id: string,
  permission: AlbumPermission,
): Promise<AlbumWithMembership> {
  const album = await findAlbumWithMembership(deps.db, id, 'kind' in actor ? null : actor.id);
  const decision = album ? decideAccess(actor, permission, album) : 'hidden';
  if (!album || decision === 'hidden') throw notFound('ALBUM_NOT_FOUND', 'The album');
  if (decision === 'forbidden') throw notOwner('album');
  return album;
}

/** The album's answer for `viewerId` (null: a link visitor), once access has been decided. */
export async function albumAnswer(
  deps: AppDeps,
  id: string,
  viewerId: string | null,
): Promise<Album> {
  const view = await findAlbumView(deps.db, id, viewerId);
  if (!view) throw notFound('ALBUM_NOT_FOUND', 'The album');
  return toAlbum(view, deps, viewerId);
}

/**
 * Albums the caller may see, newest first, a page at a time; `mine` keeps only the caller's,
 * `shared` only those shared with the caller (as a member).
 */
export async function listAlbums(
  deps: AppDeps,
  caller: AuthUser,
  query: {
    limit: number;
    cursor?: string | undefined;
    mine?: 'true' | 'false' | undefined;
    shared?: 'true' | 'false' | undefined;
  },
): Promise<Page<Album>> {
  const rows = await listAlbumViews(deps.db, {
    limit: query.limit + 1,
    after: decodeCursor(query.cursor),
    viewerId: caller.id,
    ownerId: query.mine === 'true' ? caller.id : undefined,
    memberId: query.shared === 'true' ? caller.id : undefined,
  });
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.id }),
    (row) => toAlbum(row, deps, caller.id),
  );
}

export async function findAlbum(deps: AppDeps, caller: AuthUser, id: string): Promise<Album> {
  await requireAlbumAccess(deps, caller, id, 'album.read');
  return albumAnswer(deps, id, caller.id);
}

/**
 * Creates an album whose cover is an image the caller uploaded; the cover also becomes the
 * album's first photo.
 */
export async function createAlbum(
  deps: AppDeps,
  caller: AuthUser,
  input: { name: string; coverPhotoUrl: string },
  origins: readonly string[],
): Promise<Album> {
  const field = 'body.coverPhotoUrl';
  const fileId = fileIdFromPictureUrl(input.coverPhotoUrl, field, origins);
  const file = await requireOwnFile(deps, caller, fileId, {
    field,
    refusal: 'The cover photo must be an image you uploaded.',
  });
  const now = deps.clock.now().toISOString();
  const albumId = newId();
  await deps.db.transaction().execute(async (trx) => {
    await insertAlbum(trx, {
      id: albumId,
      owner_id: caller.id,
      name: input.name,
      cover_file_id: file.id,
      created_at: now,
    });
    await insertCoverPhoto(trx, {
      id: newId(),
      album_id: albumId,
      file_id: file.id,
      owner_id: caller.id,
      created_at: now,
      sort_date: sortDateOf(file, now),
    });
    await countAddedPhoto(trx, albumId, sortDateOf(file, now));
  });
  return albumAnswer(deps, albumId, caller.id);
}

/** Creates an album with a name and no photo, so no cover yet (decision 0087). */
export async function createEmptyAlbum(
  deps: AppDeps,
  caller: AuthUser,
  name: string,
): Promise<Album> {
  const albumId = newId();
  await insertAlbum(deps.db, {
    id: albumId,
    owner_id: caller.id,
    name,
    cover_file_id: null,
    created_at: deps.clock.now().toISOString(),
  });
  return albumAnswer(deps, albumId, caller.id);
}

/** Renames an album and/or sets its cover to one of its photos. Owner only. */
export async function updateAlbum(
  deps: AppDeps,
  caller: AuthUser,
  input: {
    id: string;
    name?: string | undefined;
    coverPhotoUrl?: string | undefined;
    showPlaces?: boolean | undefined;
  },
  origins: readonly string[],
): Promise<Album> {
  const album = await requireAlbumAccess(deps, caller, input.id, 'album.update');
  const field = 'body.coverPhotoUrl';
  const coverFileId =
    input.coverPhotoUrl === undefined
      ? undefined
      : fileIdFromPictureUrl(input.coverPhotoUrl, field, origins);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    const changes: { name?: string; cover_file_id?: string; show_places?: number } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.showPlaces !== undefined) changes.show_places = input.showPlaces ? 1 : 0;
    if (coverFileId !== undefined) {
      if (!(await findAlbumPhotoByFile(trx, album.id, coverFileId))) {
        throw new AppError('VALIDATION_FAILED', `${field} must be a photo of this album.`, {
          field,
        });
      }
      changes.cover_file_id = coverFileId;
    }
    await updateAlbumRow(trx, album.id, changes);
  });
  return albumAnswer(deps, album.id, caller.id);
}

/**
 * Deletes an album with its photos and their comments: to the caller's Trash when there is a bin
 * (Trash on, decision 0080), else for good, then the files nothing uses any more.
 */
export async function deleteAlbum(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  log: FastifyBaseLogger,
  bin?: AlbumBin,
): Promise<void> {
  const album = await requireAlbumAccess(deps, caller, id, 'album.delete');
  const { fileIds, readers } = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    const current = await findAlbumById(trx, album.id);
    const photoFiles = await listAlbumPhotoFileIds(trx, album.id);
    // The album's entries leave their feeds with it.
    const readers = await listFeedReaders(trx, { albumIds: [album.id] });
    if (bin && current) await bin.keep(trx, current, caller.id);
    await deleteAlbumRow(trx, album.id);
    const cover = current ? current.cover_file_id : album.cover_file_id;
    return { fileIds: [...(cover === null ? [] : [cover]), ...photoFiles], readers };
  });
  announceActivity(deps, readers, log);
  // In Trash, the files stay used.
  if (!bin) await releaseFiles(deps, fileIds, log);
}

/**
 * Deletes every album of `ownerId` with its photos and their comments, in the caller's
 * transaction (their account is being deleted). Answers the files those albums showed, to
 * release once that is committed.
 */
export async function deleteAlbumsOfOwner(trx: Db, ownerId: string): Promise<string[]> {
  const fileIds = await listOwnerAlbumFileIds(trx, ownerId);
  await deleteOwnerAlbumRows(trx, ownerId);
  return fileIds;
}
