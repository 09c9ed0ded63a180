import type { BulkResult, Photo, PhotoDetails } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, FileRow, PhotoRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import {
  decideAccess,
  type Actor,
  type AlbumPermission,
  type LinkVisitor,
} from '../../lib/access.js';
import { sortDateOf } from '../../lib/camera-clock.js';
import { AppError, notFound, notOwner } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { albumPictureUrl, pictureUrl } from '../../lib/picture-url.js';
import { placeSigner } from '../../lib/picture-signing.js';
import { placeShownTo } from '../../lib/place-access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import {
  countAddedPhoto,
  deleteAlbumRow,
  findAlbumById,
  findAlbumsWithMembership,
  listAlbumsCoveredByFilesOf,
  lockAlbum,
  lockAlbums,
  recountAlbumPhotos,
  updateAlbumRow,
} from '../albums/albums.repository.js';
import { requireAlbumAccess } from '../albums/albums.service.js';
import { releaseFiles, requireOwnFile, rotateFile } from '../files/files.service.js';
import { listFeedReaders } from '../activity/activity.repository.js';
import {
  announceActivity,
  recordGuestUpload,
  recordPhotosAdded,
} from '../activity/activity.service.js';
import { pairLivePhotosInAlbum, settleLivePhotos } from './photos.live-photos.js';
import type { PhotoBin } from './photos.bin.js';
import {
  deletePhotoRows,
  deleteUserPhotoRows,
  findAlbumPhotoByContent,
  findAlbumPhotoByFile,
  findFirstAlbumPhotoExcept,
  findPhotosByIds,
  findFileCaptureFacts,
  findPhotoView,
  insertPhotoRows,
  insertPhotoUnlessPresent,
  listFilesShownInAlbum,
  movePhotoRows,
  listAlbumPhotoViews,
  listAlbumsWithPhotosOf,
  listUserPhotoFileIds,
  listVisibleAlbumsShowingFile,
  type LeavingPhotos,
  type PhotoView,
} from './photos.repository.js';

import { photoMediaOf } from '../../lib/photo-media.js';

function toRotation(value: number | string): Photo['rotation'] {
  const degrees = Number(value);
  return degrees === 90 || degrees === 180 || degrees === 270 ? degrees : 0;
}

/** Whether `viewerId` may see where the photo was taken (lib/place-access.ts). */
function seesPlace(view: PhotoView, viewerId: string | null): boolean {
  return placeShownTo(
    {
      fileOwnerId: view.file_owner_id,
      albumOwnerId: view.album_owner_id,
      showPlaces: view.show_places,
    },
    viewerId,
  );
}

/** The photo's place, when its file has one, for a viewer who may see it. */
function placeOf(view: PhotoView, shown: boolean): Photo['location'] | undefined {
  if (!shown || view.latitude_e7 === null || view.longitude_e7 === null) return undefined;
  return {
    latitude: Number(view.latitude_e7) / 1e7,
    longitude: Number(view.longitude_e7) / 1e7,
    altitude: view.altitude_cm === null ? null : Number(view.altitude_cm) / 100,
    ...(view.place_city !== null ? { city: view.place_city } : {}),
    ...(view.place_country !== null ? { country: view.place_country } : {}),
  };
}

/**
 * The photo's picture URL: one that names the original with its location (decision 0081) when
 * the viewer may see its place and the file (or its motion) may have a copy without it; else the
 * album's usual one, which serves that copy.
 */
function photoUrlOf(
  view: PhotoView,
  deps: Pick<AppDeps, 'config' | 'pictureSigner'>,
  shown: boolean,
): string {
  const options = { publicUrl: deps.config.publicUrl, editVersion: Number(view.edit_version) };
  const located = view.placeless_key !== null || view.motion_file_id !== null;
  if (located && shown) {
    const signature = placeSigner(deps.pictureSigner).sign(view.file_id);
    return pictureUrl(view.file_id, options.publicUrl, signature, options.editVersion);
  }
  return albumPictureUrl(view.file_id, view.album_visibility, {
    ...options,
    signer: deps.pictureSigner,
  });
}

/**
 * A photo as the API shows it to `viewerId` (null: a share link's visitor): its place when they may
 * see it, and the signed-in viewer's own marks on its file (favourite, archived: decision 0082).
 */
export function toPhoto(
  view: PhotoView,
  deps: Pick<AppDeps, 'config' | 'pictureSigner'>,
  viewerId: string | null,
): Photo {
  const shown = seesPlace(view, viewerId);
  const location = placeOf(view, shown);
  return {
    id: view.id,
    albumId: view.album_id,
    fileId: view.file_id,
    photoUrl: photoUrlOf(view, deps, shown),
    ...(location ? { location } : {}),
    placeholder: view.placeholder,
    ready: view.derived_state !== 'pending',
    thumbReady: view.derived_state !== 'pending' || view.thumb_key !== null,
    // A guest's photo is the album owner's, shown with the name the guest gave.
    createdBy: view.guest_name ?? view.owner_name,
    createdById: view.owner_id,
    ...(view.guest_name !== null ? { addedByGuest: true } : {}),
    dateCreated: view.created_at,
    width: view.width,
    height: view.height,
    dateTaken: view.date_taken,
    // Photos sort by the camera's clock reading (lib/camera-clock.ts) when it is known.
    dateTakenClock: view.date_taken === null ? null : view.sort_date,
    cameraMake: view.camera_make,
    cameraModel: view.camera_model,
    fileSize: Number(view.file_size),
    rotation: toRotation(view.rotation),
    likeCount: Number(view.like_count),
    likedByMe: Boolean(view.liked_by_viewer),
    commentCount: Number(view.comment_count),
    ...photoMediaOf(view),
    ...(viewerId !== null
      ? { favourite: Boolean(view.favourite), archived: Boolean(view.archived) }
      : {}),
  };
}

/** The list of photo ids a request names, and where (e.g. "body.photoIds"): answers name the photo refused. */
export interface PhotoList {
  field: string;
  ids: readonly string[];
}

/** 404 for a photo that does not exist, or that the actor may not see (the same answer). */
function photoNotFound(id: string, list: PhotoList | undefined): AppError {
  if (!list) return notFound('PHOTO_NOT_FOUND', 'The photo');
  return new AppError('PHOTO_NOT_FOUND', `The photo ${id} was not found.`, {
    field: `${list.field}.${list.ids.indexOf(id)}`,
  });
}

type PhotoPermission = AlbumPermission | ((photo: PhotoRow) => AlbumPermission);

/**
 * These photos (each once, in the order first named), when the actor may do this to each one's
 * album, as the access rule decides: read a batch at a time, not a photo at a time. A photo the
 * actor may not see answers exactly like one that does not exist (404 PHOTO_NOT_FOUND); one they
 * see but may not do this to, 403 NOT_OWNER. With `list`, the answer names the first photo
 * refused, by id and by its place in the request's list.
 */
export async function requirePhotosAccess(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  ids: readonly string[],
  permission: PhotoPermission,
  list?: PhotoList,
): Promise<PhotoRow[]> {
  const unique = [...new Set(ids)];
  const photos = await findPhotosByIds(deps.db, unique);
  const albums = await findAlbumsWithMembership(
    deps.db,
    [...photos.values()].map((photo) => photo.album_id),
    'kind' in actor ? null : actor.id,
  );
  return unique.map((id) => {
    const photo = photos.get(id);
    const album = photo ? albums.get(photo.album_id) : undefined;
    const wanted = photo && (typeof permission === 'function' ? permission(photo) : permission);
    const decision = photo && album && wanted ? decideAccess(actor, wanted, album) : 'hidden';
    if (decision === 'allowed' && photo) return photo;
    if (decision === 'hidden') throw photoNotFound(id, list);
    if (!list) throw notOwner('album');
    throw new AppError('NOT_OWNER', `You may not do this to the photo ${id}.`, {
      field: `${list.field}.${list.ids.indexOf(id)}`,
    });
  });
}

/** One photo, as requirePhotosAccess decides. */
export async function requirePhotoAccess(
  deps: AppDeps,
  actor: Actor,
  id: string,
  permission: PhotoPermission,
): Promise<PhotoRow> {
  const [photo] = await requirePhotosAccess(deps, actor, [id], permission);
  if (!photo) throw notFound('PHOTO_NOT_FOUND', 'The photo');
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
  return toPhoto(view, deps, viewerId);
}

/** The most albums a photo's details name. */
const DETAIL_ALBUMS_MAX = 50;

/** A scaled integer column as a number (PostgreSQL may answer a bigint as text); null stays null. */
const scaled = (value: number | string | null, factor: number) =>
  value === null ? null : Number(value) / factor;

/**
 * The photo's details (decision 0086): what its original's metadata says, and the albums showing
 * its file that `viewerId` may see, its own album first; a share link's visitor (null) is told
 * only the photo's own album, the link's.
 */
async function photoDetails(
  deps: AppDeps,
  photo: Photo,
  albumName: string,
  viewerId: string | null,
): Promise<PhotoDetails> {
  const file = await findFileCaptureFacts(deps.db, photo.fileId);
  const own = { id: photo.albumId, name: albumName };
  const others =
    viewerId === null
      ? []
      : await listVisibleAlbumsShowingFile(deps.db, photo.fileId, viewerId, DETAIL_ALBUMS_MAX);
  return {
    takenOffsetMinutes: file?.taken_offset_minutes ?? null,
    fileName: file?.original_name ?? null,
    lens: file?.lens ?? null,
    fNumber: scaled(file?.f_number_e2 ?? null, 100),
    exposureSeconds: scaled(file?.exposure_ns ?? null, 1e9),
    iso: file?.iso ?? null,
    focalLength: scaled(file?.focal_length_e2 ?? null, 100),
    focalLength35mm: file?.focal_length_35mm ?? null,
    albums: [own, ...others.filter((album) => album.id !== own.id)],
  };
}

/** One photo with its details, as `viewerId` (null: a share link's visitor) may see it. */
export async function photoWithDetails(
  deps: AppDeps,
  viewerId: string | null,
  id: string,
): Promise<Photo> {
  const view = await findPhotoView(deps.db, id, viewerId);
  if (!view) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  const photo = toPhoto(view, deps, viewerId);
  return { ...photo, details: await photoDetails(deps, photo, view.album_name, viewerId) };
}

/**
 * A photo of the album a share link opens, with its details, for the link's visitor: a photo of
 * any other album answers 404, as one that does not exist.
 */
export async function getLinkAlbumPhoto(
  deps: AppDeps,
  visitor: LinkVisitor,
  albumId: string,
  id: string,
): Promise<Photo> {
  const photo = await requirePhotoAccess(deps, visitor, id, 'album.read');
  if (photo.album_id !== albumId) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  return photoWithDetails(deps, null, id);
}

export async function getPhoto(deps: AppDeps, caller: AuthUser, id: string): Promise<Photo> {
  await requireVisiblePhoto(deps, caller, id);
  return photoWithDetails(deps, caller.id, id);
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
  const viewerId = 'kind' in actor ? null : actor.id;
  const rows = await listAlbumPhotoViews(deps.db, albumId, viewerId, {
    limit: query.limit + 1,
    after,
  });
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.sort_date, id: row.id }),
    (row) => toPhoto(row, deps, viewerId),
  );
}

/** A photo added, or (the motion of a Live Photo whose picture the album shows) the one it joined. */
export interface AddedPhoto {
  photo: Photo;
  /** False: the file became the motion of a photo the album already had, which is answered. */
  created: boolean;
}

/**
 * Adds an image or video the caller uploaded to an album they may add photos to (theirs, or one
 * they contribute to). The same bytes twice: 409. The two halves of a Live Photo become one photo
 * (photos.live-photos.ts): adding the picture when the album shows its movie answers the new
 * photo, the movie's leaving; adding the movie when the album shows its picture answers that photo,
 * not created.
 */
export async function addPhoto(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  fileId: string,
  log: FastifyBaseLogger,
): Promise<AddedPhoto> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.addPhoto');
  const file = await requireOwnFile(deps, caller, fileId, {
    field: 'body.fileId',
    refusal: 'Only images and videos you uploaded can be added to your album.',
  });
  return insertAlbumPhoto(deps, album.id, file, { ownerId: caller.id, guest: null }, log);
}

/** Who a guest is: the name they gave, and the share link they came through. */
export interface Guest {
  name: string;
  linkId: string;
}

/**
 * Adds a file the album's owner now holds (a guest's upload, stored as the owner's) to the album
 * a share link opens, marked as a guest's: the photo is the owner's (createdById), shown with the
 * guest's name (createdBy) and addedByGuest. The link must let its holder add photos (else 403
 * NOT_OWNER). The same bytes twice: 409 DUPLICATE_PHOTO.
 */
export async function addGuestPhoto(
  deps: AppDeps,
  visitor: LinkVisitor,
  albumId: string,
  file: FileRow,
  guest: Guest,
  log: FastifyBaseLogger,
): Promise<AddedPhoto> {
  const album = await requireAlbumAccess(deps, visitor, albumId, 'album.addPhoto');
  if (file.owner_id !== album.owner_id) throw notOwner('album');
  return insertAlbumPhoto(deps, album.id, file, { ownerId: album.owner_id, guest }, log);
}

async function insertAlbumPhoto(
  deps: AppDeps,
  albumId: string,
  file: FileRow,
  by: { ownerId: string; guest: Guest | null },
  log: FastifyBaseLogger,
): Promise<AddedPhoto> {
  const field = 'body.fileId';
  const now = deps.clock.now().toISOString();
  const photoId = newId();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, albumId))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    if (await findAlbumPhotoByContent(trx, albumId, file.owner_id, file.sha256)) return null;
    const sortDate = sortDateOf(file, now);
    const added = await insertPhotoUnlessPresent(trx, {
      id: photoId,
      album_id: albumId,
      file_id: file.id,
      owner_id: by.ownerId,
      created_at: now,
      sort_date: sortDate,
      guest_name: by.guest?.name ?? null,
      guest_link_id: by.guest?.linkId ?? null,
    });
    if (!added) return null;
    const pairs = file.content_id ? await pairLivePhotosInAlbum(trx, albumId, [file.id]) : [];
    if (pairs.length > 0) await recountAlbumPhotos(trx, [albumId]);
    else await countAddedPhoto(trx, albumId, sortDate);
    // In the feeds of the album's owner and members (a guest's: its owner's), unless the movie
    // joined a picture shown.
    const entry = { albumId, photoId, count: 1, now };
    const told = pairs.some((pair) => pair.motionPhotoId === photoId)
      ? []
      : by.guest
        ? await recordGuestUpload(trx, { ...entry, guestName: by.guest.name })
        : await recordPhotosAdded(trx, { ...entry, actorId: by.ownerId });
    return { pairs, told };
  });
  if (!outcome) {
    throw new AppError('DUPLICATE_PHOTO', 'This photo is already in this album.', { field });
  }
  announceActivity(deps, outcome.told, log);
  await settleLivePhotos(deps, outcome.pairs, log);
  const viewerId = by.guest ? null : by.ownerId;
  // The movie joined the picture the album showed: its photo is the answer.
  const joined = outcome.pairs.find((pair) => pair.motionPhotoId === photoId);
  if (joined)
    return { photo: await photoAnswer(deps, viewerId, joined.stillPhotoId), created: false };
  return { photo: await photoAnswer(deps, viewerId, photoId), created: true };
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

/** Who may take a photo out of its album: the album's owner any photo, a contributor their own. */
function removalOf(caller: AuthUser): (photo: PhotoRow) => AlbumPermission {
  return (photo) => (photo.owner_id === caller.id ? 'album.removeOwnPhoto' : 'album.removePhoto');
}

/**
 * In the caller's transaction, with the photos' albums locked: the photos, as access was decided
 * on them, are still in those albums (else 404, naming the photo with `list`), and each album
 * whose cover is going takes its first photo that stays as cover. An album that would keep no
 * photo: 409, nothing changes (an album keeps a photo as its cover: delete the album instead; only a new album starts empty, decision 0087).
 */
async function prepareLeaving(
  trx: Db,
  photos: readonly PhotoRow[],
  list?: PhotoList,
): Promise<void> {
  await requireStillThere(trx, photos, list);
  const byAlbum = new Map<string, PhotoRow[]>();
  for (const photo of photos) {
    byAlbum.set(photo.album_id, [...(byAlbum.get(photo.album_id) ?? []), photo]);
  }
  for (const [albumId, leaving] of byAlbum) {
    const album = await findAlbumById(trx, albumId);
    if (!leaving.some((photo) => photo.file_id === album?.cover_file_id)) continue;
    const photoIds = leaving.map((photo) => photo.id);
    if (!(await coverWithNextPhoto(trx, albumId, { photoIds }))) {
      throw new AppError(
        'CONFLICT',
        byAlbum.size === 1 && photos.length === 1
          ? 'This is the last photo of the album and its cover; delete the album instead.'
          : `These are the last photos of the album ${albumId}, with its cover; delete the album instead.`,
      );
    }
  }
}

/**
 * Deletes photos and their comments and likes, all or none, in one transaction (the album's
 * owner any photo, a contributor the photos they added): to the caller's Trash when there is a
 * bin (Trash on, decision 0080), else for good, then their files that nothing uses any more. Each
 * album whose cover goes takes its first photo that stays as cover; an album would keep no photo:
 * 409. The albums' photo facts are counted again.
 */
async function deletePhotos(
  deps: AppDeps,
  caller: AuthUser,
  ids: readonly string[],
  options: { log: FastifyBaseLogger; bin: PhotoBin | undefined; list?: PhotoList },
): Promise<number> {
  const { log, bin, list } = options;
  const photos = await requirePhotosAccess(deps, caller, ids, removalOf(caller), list);
  const albumIds = [...new Set(photos.map((photo) => photo.album_id))];
  const readers = await deps.db.transaction().execute(async (trx) => {
    await lockAlbums(trx, albumIds);
    await prepareLeaving(trx, photos, list);
    const photoIds = photos.map((photo) => photo.id);
    // The photos' entries leave their feeds with them.
    const readers = await listFeedReaders(trx, { photoIds });
    await bin?.keep(trx, photos, caller.id);
    await deletePhotoRows(trx, photoIds);
    await recountAlbumPhotos(trx, albumIds);
    return readers;
  });
  announceActivity(deps, readers, log);
  // In Trash, the files stay used.
  if (bin) return photos.length;
  await releaseFiles(
    deps,
    photos.map((photo) => photo.file_id),
    log,
  );
  return photos.length;
}

/**
 * Deletes a photo and its comments (the album's owner any photo, a contributor the photos they
 * added), to the caller's Trash with a bin, then its file when nothing uses it.
 * When the photo is the album's cover, the album's first other photo becomes the cover; the last
 * photo of an album cannot be deleted (409): an album with photos keeps one as its cover.
 */
export async function deletePhoto(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  log: FastifyBaseLogger,
  bin?: PhotoBin,
): Promise<void> {
  await deletePhotos(deps, caller, [id], { log, bin });
}

/**
 * Deletes many photos at once, as deletePhoto does one, all or none: a photo the caller may not
 * delete refuses the whole request (403, or 404 for one they may not see), naming it. Answers how
 * many were deleted (an id named twice counts once).
 */
export async function bulkDeletePhotos(
  deps: AppDeps,
  caller: AuthUser,
  ids: readonly string[],
  log: FastifyBaseLogger,
  bin?: PhotoBin,
): Promise<BulkResult> {
  const list = { field: 'body.photoIds', ids };
  return { count: await deletePhotos(deps, caller, ids, { log, bin, list }) };
}

/**
 * Adds photos the caller may see to an album they may add photos to: a new photo of the same
 * stored file each (no bytes are copied), added by the caller, keeping the photo's date. A file
 * the album already shows is skipped and not counted. With move, the photos also leave their
 * albums (only photos the caller may delete): the same photo moves, with its comments and likes;
 * one whose file the album already shows just leaves. All or none, in one transaction; the cover
 * and photo facts of every album touched are kept. The halves of a Live Photo the album then
 * shows both of become one photo (photos.live-photos.ts). Answers how many photos the album gained.
 */
export async function bulkAddPhotos(
  deps: AppDeps,
  caller: AuthUser,
  input: { photoIds: readonly string[]; albumId: string; move: boolean },
  log: FastifyBaseLogger,
): Promise<BulkResult> {
  const target = await requireAlbumAccess(deps, caller, input.albumId, 'album.addPhoto');
  const list = { field: 'body.photoIds', ids: input.photoIds };
  const photos = await requirePhotosAccess(
    deps,
    caller,
    input.photoIds,
    input.move ? removalOf(caller) : 'album.read',
    list,
  );
  // Photos already in the album stay as they are.
  const sources = photos.filter((photo) => photo.album_id !== target.id);
  const sourceAlbumIds = [...new Set(sources.map((photo) => photo.album_id))];
  const now = deps.clock.now().toISOString();
  const added = await deps.db.transaction().execute(async (trx) => {
    await lockAlbums(trx, [target.id, ...sourceAlbumIds]);
    if (!(await findAlbumById(trx, target.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    if (input.move) await prepareLeaving(trx, sources, list);
    else await requireStillThere(trx, sources, list);
    const shown = await listFilesShownInAlbum(
      trx,
      target.id,
      sources.map((photo) => photo.file_id),
    );
    const adding: PhotoRow[] = [];
    const leavingOnly: string[] = [];
    for (const photo of sources) {
      if (shown.has(photo.file_id)) {
        leavingOnly.push(photo.id);
        continue;
      }
      shown.add(photo.file_id);
      adding.push(photo);
    }
    let addedIds: string[];
    if (input.move) {
      addedIds = adding.map((photo) => photo.id);
      await movePhotoRows(trx, addedIds, target.id);
      await deletePhotoRows(trx, leavingOnly);
    } else {
      const rows = adding.map((photo) => ({
        id: newId(),
        album_id: target.id,
        file_id: photo.file_id,
        owner_id: caller.id,
        created_at: now,
        sort_date: photo.sort_date,
      }));
      addedIds = rows.map((row) => row.id);
      await insertPhotoRows(trx, rows);
    }
    // Halves of a Live Photo the album now shows both of become one photo.
    const pairs = await pairLivePhotosInAlbum(
      trx,
      target.id,
      adding.map((photo) => photo.file_id),
    );
    await recountAlbumPhotos(trx, input.move ? [target.id, ...sourceAlbumIds] : [target.id]);
    const count = adding.length - pairs.length;
    // In the feeds of the album's owner and members: one entry for the lot.
    const left = new Set(pairs.map((pair) => pair.motionPhotoId));
    const first = addedIds.find((id) => !left.has(id));
    const told = first
      ? await recordPhotosAdded(trx, {
          albumId: target.id,
          actorId: caller.id,
          photoId: first,
          count,
          now,
        })
      : [];
    return { count, pairs, told };
  });
  announceActivity(deps, added.told, log);
  await settleLivePhotos(deps, added.pairs, log);
  return { count: added.count };
}

/**
 * Saves a photo the caller may see (404 PHOTO_NOT_FOUND otherwise) to an album of theirs, or one
 * they contribute to (403 NOT_OWNER; 404 ALBUM_NOT_FOUND when they may not see it): a new photo
 * of the same stored file (no bytes are copied; a Live Photo's motion comes with its picture),
 * added by the caller, with the photo's date and none of its comments or likes. It stays theirs
 * when the photo it came from goes, or when they leave that photo's album. An album that already
 * shows the file answers that photo, not created.
 */
export async function savePhoto(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  albumId: string,
  log: FastifyBaseLogger,
): Promise<AddedPhoto> {
  const target = await requireAlbumAccess(deps, caller, albumId, 'album.addPhoto');
  const source = await requirePhotoAccess(deps, caller, photoId, 'album.read');
  const newPhotoId = newId();
  const now = deps.clock.now().toISOString();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // The source's album too: while it is locked, its photo (and so its file) cannot go.
    await lockAlbums(trx, [...new Set([target.id, source.album_id])]);
    if (!(await findAlbumById(trx, target.id))) throw notFound('ALBUM_NOT_FOUND', 'The album');
    await requireStillThere(trx, [source], undefined);
    const present = await findAlbumPhotoByFile(trx, target.id, source.file_id);
    if (present) return { photoId: present.id, created: false, pairs: [] };
    await insertPhotoRows(trx, [
      {
        id: newPhotoId,
        album_id: target.id,
        file_id: source.file_id,
        owner_id: caller.id,
        created_at: now,
        sort_date: source.sort_date,
      },
    ]);
    const pairs = await pairLivePhotosInAlbum(trx, target.id, [source.file_id]);
    await recountAlbumPhotos(trx, [target.id]);
    return { photoId: newPhotoId, created: true, pairs };
  });
  await settleLivePhotos(deps, outcome.pairs, log);
  // A movie whose picture the album shows joined it: that photo is the answer.
  const joined = outcome.pairs.find((pair) => pair.motionPhotoId === outcome.photoId);
  if (joined) {
    return { photo: await photoAnswer(deps, caller.id, joined.stillPhotoId), created: false };
  }
  return {
    photo: await photoAnswer(deps, caller.id, outcome.photoId),
    created: outcome.created,
  };
}

/**
 * In the caller's transaction, with their albums locked: the photos, as access was decided on
 * them, are still in those albums (else 404, naming the photo).
 */
async function requireStillThere(
  trx: Db,
  photos: readonly PhotoRow[],
  list: PhotoList | undefined,
): Promise<void> {
  const current = await findPhotosByIds(
    trx,
    photos.map((photo) => photo.id),
  );
  for (const photo of photos) {
    if (current.get(photo.id)?.album_id !== photo.album_id) throw photoNotFound(photo.id, list);
  }
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
 * Turns a photo a quarter turn left or right: only the person who added it, when they also
 * uploaded its file (403 NOT_OWNER for others who see it, a photo saved from someone else's
 * included; 404 for those who do not). The rotation is an edit of its file (the original
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
  // A photo saved from another shows its uploader's file: turning it would turn theirs too.
  await requireOwnFile(deps, caller, photo.file_id, {
    field: 'params.photoId',
    refusal: 'Only the person who uploaded this photo may rotate it.',
  });
  await rotateFile(deps, photo.file_id, direction, log);
  return photoWithDetails(deps, caller.id, id);
}
