import type { Photo } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, PhotoRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { decideAccess, type Actor, type AlbumPermission } from '../../lib/access.js';
import { AppError, notFound, notOwner } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { albumPictureUrl } from '../../lib/picture-url.js';
import type { AuthUser } from '../../lib/auth-user.js';
import {
  countAddedPhoto,
  deleteAlbumRow,
  findAlbumById,
  findAlbumWithMembership,
  listAlbumsCoveredByFilesOf,
  lockAlbum,
  lockAlbums,
  recountAlbumPhotos,
  updateAlbumRow,
} from '../albums/albums.repository.js';
import { requireAlbumAccess } from '../albums/albums.service.js';
import { releaseFiles, requireOwnFile, rotateFile } from '../files/files.service.js';
import {
  deletePhotoRow,
  deleteUserPhotoRows,
  findAlbumPhotoByContent,
  findFirstAlbumPhotoExcept,
  findPhotoById,
  findPhotoView,
  insertPhotoUnlessPresent,
  listAlbumPhotoViews,
  listAlbumsWithPhotosOf,
  listUserPhotoFileIds,
  type LeavingPhotos,
  type PhotoView,
} from './photos.repository.js';

function toRotation(value: number | string): Photo['rotation'] {
  const degrees = Number(value);
  return degrees === 90 || degrees === 180 || degrees === 270 ? degrees : 0;
}

/** A photo as the API shows it. */
export function toPhoto(view: PhotoView, deps: Pick<AppDeps, 'config' | 'pictureSigner'>): Photo {
  return {
    id: view.id,
    albumId: view.album_id,
    fileId: view.file_id,
    photoUrl: albumPictureUrl(view.file_id, view.album_visibility, {
      publicUrl: deps.config.publicUrl,
      signer: deps.pictureSigner,
      editVersion: Number(view.edit_version),
    }),
    placeholder: view.placeholder,
    ready: view.derived_state !== 'pending',
    createdBy: view.owner_name,
    createdById: view.owner_id,
    dateCreated: view.created_at,
    width: view.width,
    height: view.height,
    dateTaken: view.date_taken,
    cameraMake: view.camera_make,
    cameraModel: view.camera_model,
    fileSize: Number(view.file_size),
    rotation: toRotation(view.rotation),
    likeCount: Number(view.like_count),
    likedByMe: Boolean(view.liked_by_viewer),
    commentCount: Number(view.comment_count),
  };
}

/**
 * The photo, when the actor may do this to its album, as the access rule decides. A photo the
 * actor may not see answers exactly like one that does not exist (404 PHOTO_NOT_FOUND); one they
 * see but may not do this to, 403 NOT_OWNER.
 */
export async function requirePhotoAccess(
  deps: AppDeps,
  actor: Actor,
  id: string,
  permission: AlbumPermission | ((photo: PhotoRow) => AlbumPermission),
): Promise<PhotoRow> {
  const photo = await findPhotoById(deps.db, id);
  const album = photo
    ? await findAlbumWithMembership(deps.db, photo.album_id, 'kind' in actor ? null : actor.id)
    : undefined;
  if (!photo || !album) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  const wanted = typeof permission === 'function' ? permission(photo) : permission;
  const decision = decideAccess(actor, wanted, album);
  if (decision === 'hidden') throw notFound('PHOTO_NOT_FOUND', 'The photo');
  if (decision === 'forbidden') throw notOwner('album');
  return photo;
}

/** Whether the caller may see a photo (and so read it, like it, see who likes it). */
export function requireVisiblePhoto(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
): Promise<PhotoRow> {
  return requirePhotoAccess(deps, caller, id, 'album.read');
}

async function photoAnswer(deps: AppDeps, viewerId: string | null, id: string): Promise<Photo> {
  const view = await findPhotoView(deps.db, id, viewerId);
  if (!view) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  return toPhoto(view, deps);
}

export async function getPhoto(deps: AppDeps, caller: AuthUser, id: string): Promise<Photo> {
  await requireVisiblePhoto(deps, caller, id);
  return photoAnswer(deps, caller.id, id);
}

/** The album's photos by date taken (upload time when unknown), oldest first, a page at a time. */
export async function listAlbumPhotos(
  deps: AppDeps,
  actor: Actor,
  albumId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<Photo>> {
  const after = decodeCursor(query.cursor);
  await requireAlbumAccess(deps, actor, albumId, 'album.read');
  const rows = await listAlbumPhotoViews(deps.db, albumId, 'kind' in actor ? null : actor.id, {
    limit: query.limit + 1,
    after,
  });
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.sort_date, id: row.id }),
    (row) => toPhoto(row, deps),
  );
}

/**
 * Adds an image the caller uploaded to an album they may add photos to (theirs, or one they
 * contribute to). The same bytes twice: 409.
 */
export async function addPhoto(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  fileId: string,
): Promise<Photo> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.addPhoto');
  const field = 'body.fileId';
  const file = await requireOwnFile(deps, caller, fileId, {
    field,
    refusal: 'Only images you uploaded can be added to your album.',
  });
  const now = deps.clock.now().toISOString();
  const photoId = newId();
  const inserted = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    if (await findAlbumPhotoByContent(trx, album.id, file.owner_id, file.sha256)) return false;
    const sortDate = file.date_taken ?? now;
    const added = await insertPhotoUnlessPresent(trx, {
      id: photoId,
      album_id: album.id,
      file_id: file.id,
      owner_id: caller.id,
      created_at: now,
      sort_date: sortDate,
    });
    if (added) await countAddedPhoto(trx, album.id, sortDate);
    return added;
  });
  if (!inserted) {
    throw new AppError('DUPLICATE_PHOTO', 'This photo is already in this album.', { field });
  }
  return photoAnswer(deps, caller.id, photoId);
}

/**
 * The album's cover is going with some of its photos: its first photo that stays becomes the
 * cover. Answers false, changing nothing, when no photo stays.
 */
async function coverWithNextPhoto(
  trx: Db,
  albumId: string,
  leaving: LeavingPhotos,
): Promise<boolean> {
  const next = await findFirstAlbumPhotoExcept(trx, albumId, leaving);
  if (!next) return false;
  await updateAlbumRow(trx, albumId, { cover_file_id: next.file_id });
  return true;
}

/**
 * Deletes a photo and its comments (the album's owner any photo, a contributor the photos they
 * added), then its file when nothing uses it.
 * When the photo is the album's cover, the album's first other photo becomes the cover; the last
 * photo of an album cannot be deleted (409): an album always has a cover.
 */
export async function deletePhoto(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const photo = await requirePhotoAccess(deps, caller, id, (row) =>
    row.owner_id === caller.id ? 'album.removeOwnPhoto' : 'album.removePhoto',
  );
  const album = { id: photo.album_id };
  await deps.db.transaction().execute(async (trx) => {
    await lockAlbum(trx, album.id);
    if (!(await findPhotoById(trx, photo.id))) throw notFound('PHOTO_NOT_FOUND', 'The photo');
    const current = await findAlbumById(trx, album.id);
    if (
      current?.cover_file_id === photo.file_id &&
      !(await coverWithNextPhoto(trx, album.id, { photoId: photo.id }))
    ) {
      throw new AppError(
        'CONFLICT',
        'This is the last photo of the album and its cover; delete the album instead.',
      );
    }
    await deletePhotoRow(trx, photo.id);
    await recountAlbumPhotos(trx, [album.id]);
  });
  await releaseFiles(deps, [photo.file_id], log);
}

/**
 * Deletes the photos `userId` added and those showing their files, in the caller's transaction
 * (their account is being deleted). An album whose cover is one of their files takes its first
 * other photo as cover, as when a photo is deleted, or goes when it held only theirs. Answers the
 * files their photos showed, to release once that is committed.
 */
export async function deletePhotosOfUser(trx: Db, userId: string): Promise<string[]> {
  const fileIds = await listUserPhotoFileIds(trx, userId);
  const albumIds = await listAlbumsWithPhotosOf(trx, userId);
  await lockAlbums(trx, albumIds);
  for (const album of await listAlbumsCoveredByFilesOf(trx, userId)) {
    if (!(await coverWithNextPhoto(trx, album.id, { userId }))) {
      await deleteAlbumRow(trx, album.id);
    }
  }
  const fromAlbums = await deleteUserPhotoRows(trx, userId);
  // A photo added after the albums were listed: its album is locked now, before it is counted.
  const lateAlbums = fromAlbums.filter((id) => !albumIds.includes(id));
  await lockAlbums(trx, lateAlbums);
  await recountAlbumPhotos(trx, [...albumIds, ...lateAlbums]);
  return fileIds;
}

/**
 * Turns a photo a quarter turn left or right: only the person who added it (403 NOT_OWNER for
 * others who see it, 404 for those who do not). The rotation is an edit of its file (the original
 * stays as uploaded), so every use of that file, such as an album cover, shows it turned too.
 */
export async function rotatePhoto(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  direction: 'left' | 'right',
  log: FastifyBaseLogger,
): Promise<Photo> {
  const photo = await requireVisiblePhoto(deps, caller, id);
  if (photo.owner_id !== caller.id) {
    throw new AppError('NOT_OWNER', 'Only the person who added this photo may rotate it.');
  }
  await rotateFile(deps, photo.file_id, direction, log);
  return photoAnswer(deps, caller.id, id);
}
