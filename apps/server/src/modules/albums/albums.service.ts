import type { Album } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AlbumRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { decideAccess, type AlbumPermission } from '../../lib/access.js';
import { AppError, notFound, notOwner } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { fileIdFromPictureUrl, pictureUrl } from '../../lib/picture-url.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { releaseFiles, requireOwnFile } from '../files/files.service.js';
import {
  deleteAlbumRow,
  findAlbumById,
  findAlbumPhotoByFile,
  findAlbumView,
  insertAlbum,
  insertCoverPhoto,
  listAlbumPhotoFileIds,
  listAlbumViews,
  lockAlbum,
  updateAlbumRow,
  type AlbumView,
} from './albums.repository.js';

/** An album as the API shows it. */
export function toAlbum(view: AlbumView, publicUrl: string | undefined): Album {
  return {
    id: view.id,
    name: view.name,
    coverPhotoUrl: pictureUrl(view.cover_file_id, publicUrl),
    createdBy: view.owner_name,
    createdById: view.owner_id,
    dateCreated: view.created_at,
  };
}

/**
 * The album, when the caller may do this to it: 404 ALBUM_NOT_FOUND when it does not exist (or the
 * caller may not see it), 403 NOT_OWNER when the caller may see it but not do this.
 */
export async function requireAlbumAccess(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  id: string,
  permission: AlbumPermission,
): Promise<AlbumRow> {
  const album = await findAlbumById(deps.db, id);
  const decision = album ? decideAccess(caller, permission, album) : 'hidden';
  if (!album || decision === 'hidden') throw notFound('ALBUM_NOT_FOUND', 'The album');
  if (decision === 'forbidden') throw notOwner('album');
  return album;
}

async function albumAnswer(deps: AppDeps, id: string): Promise<Album> {
  const view = await findAlbumView(deps.db, id);
  if (!view) throw notFound('ALBUM_NOT_FOUND', 'The album');
  return toAlbum(view, deps.config.publicUrl);
}

/** Albums newest first, a page at a time; `mine` keeps only the caller's. */
export async function listAlbums(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined; mine?: 'true' | 'false' | undefined },
): Promise<Page<Album>> {
  const rows = await listAlbumViews(deps.db, {
    limit: query.limit + 1,
    after: decodeCursor(query.cursor),
    ownerId: query.mine === 'true' ? caller.id : undefined,
  });
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.id }),
    (row) => toAlbum(row, deps.config.publicUrl),
  );
}

export async function findAlbum(deps: AppDeps, id: string): Promise<Album> {
  return albumAnswer(deps, id);
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
      sort_date: file.date_taken ?? now,
    });
  });
  return albumAnswer(deps, albumId);
}

/** Renames an album and/or sets its cover to one of its photos. Owner only. */
export async function updateAlbum(
  deps: AppDeps,
  caller: AuthUser,
  input: { id: string; name?: string | undefined; coverPhotoUrl?: string | undefined },
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
    const changes: { name?: string; cover_file_id?: string } = {};
    if (input.name !== undefined) changes.name = input.name;
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
  return albumAnswer(deps, album.id);
}

/** Deletes an album with its photos and their comments, then the files nothing uses any more. */
export async function deleteAlbum(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const album = await requireAlbumAccess(deps, caller, id, 'album.delete');
  const fileIds = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    const current = await findAlbumById(trx, album.id);
    const photoFiles = await listAlbumPhotoFileIds(trx, album.id);
    await deleteAlbumRow(trx, album.id);
    return [current?.cover_file_id ?? album.cover_file_id, ...photoFiles];
  });
  await releaseFiles(deps, fileIds, log);
}
