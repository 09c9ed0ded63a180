import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DownloadRequest, DownloadTicket } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../lib/access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError, notFound } from '../../lib/errors.js';
import { placeShownTo } from '../../lib/place-access.js';
import { requireAlbumAccess } from '../albums/albums.service.js';
import { requirePhotosAccess } from '../photos/photos.service.js';
import { findUserById } from '../users/users.repository.js';
import {
  deleteExpiredDownloadTickets,
  findDownloadTicket,
  insertDownloadTicket,
  listAlbumZipPhotos,
  listZipPhotos,
  type ZipPhotoRow,
} from './downloads.repository.js';
import {
  motionEntryName,
  photosZipName,
  uniqueNames,
  zipDisposition,
  zipEntryName,
} from './zip-names.js';
import { zipOfBlobs } from './zip-writer.js';

/** Where a ticket is downloaded: GET /api/downloads/{ticket}. */
export const DOWNLOADS_PATH = '/api/downloads/';

/** A ticket: "<row id>.<exp>.<sig>", the signature made with the picture URL key. */
const TICKET_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/;

/** What the signature covers: the row, so that no other value passes for a ticket. */
const signedSubject = (rowId: string) => `download\n${rowId}`;

/** A zip ready to stream: its Content-Disposition and its bytes. */
export interface ZipDownload {
  disposition: string;
  stream: Readable;
}

/**
 * A ticket for a zip of the photos named, or of an album, once the caller may read each (404 for
 * an album or a photo they may not see, naming the photo). The ticket names a row holding what
 * was asked, signed and valid as long as a picture URL (at most an hour); expired rows are
 * forgotten as new ones are made.
 */
export async function createDownload(
  deps: AppDeps,
  caller: AuthUser,
  request: DownloadRequest,
): Promise<DownloadTicket> {
  if ('albumId' in request) {
    refuseEmpty(await requireAlbumAccess(deps, caller, request.albumId, 'album.read'));
  } else {
    await requirePhotosAccess(deps, caller, request.photoIds, 'album.read', {
      field: 'body.photoIds',
      ids: request.photoIds,
    });
  }
  const id = randomUUID();
  const { exp, sig } = deps.pictureSigner.sign(signedSubject(id));
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  await deleteExpiredDownloadTickets(deps.db, nowSeconds);
  await insertDownloadTicket(deps.db, {
    id,
    user_id: caller.id,
    album_id: 'albumId' in request ? request.albumId : null,
    photo_ids: 'photoIds' in request ? JSON.stringify([...new Set(request.photoIds)]) : null,
    expires_at: exp,
  });
  return {
    url: `${deps.config.publicUrl ?? ''}${DOWNLOADS_PATH}${id}.${exp}.${sig}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** An album without photos has no zip: 409, said before anything is downloaded (decision 0087). */
function refuseEmpty(album: { photo_count: number | string }): void {
  if (Number(album.photo_count) === 0) {
    throw new AppError('CONFLICT', 'This album has no photos to download yet.');
  }
}

const ticketNotFound = () => notFound('NOT_FOUND', 'The download');

/**
 * The zip a ticket names, with access decided again now, for the user who asked: an expired or
 * forged ticket, or one whose photos or album that user may no longer see (a removed member),
 * answers 404, exactly like a ticket that never existed.
 */
export async function openDownload(
  deps: AppDeps,
  ticket: string,
  log: FastifyBaseLogger,
): Promise<ZipDownload> {
  const match = TICKET_PATTERN.exec(ticket);
  const [, id = '', exp = '', sig = ''] = match ?? [];
  if (!match || !deps.pictureSigner.verify(signedSubject(id), Number(exp), sig)) {
    throw ticketNotFound();
  }
  const row = await findDownloadTicket(deps.db, id);
  const user = row ? await findUserById(deps.db, row.user_id) : undefined;
  if (!row || !user) throw ticketNotFound();
  const actor: AuthUser = {
    id: user.id,
    email: user.email_address,
    emailVerified: user.verified_email !== null,
  };
  try {
    if (row.album_id !== null) return await albumZip(deps, actor, row.album_id, log);
    const ids = JSON.parse(row.photo_ids ?? '[]') as string[];
    await requirePhotosAccess(deps, actor, ids, 'album.read');
    const photos = await listZipPhotos(deps.db, ids);
    if (photos.length !== ids.length) throw ticketNotFound();
    return zipDownload(deps, photos, photosZipName(deps.clock.now()), actor.id, log);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw ticketNotFound();
    }
    throw error;
  }
}

/** The album's zip for an actor who may read it (a signed-in user, or a share link's visitor). */
export async function albumZip(
  deps: AppDeps,
  actor: Actor,
  albumId: string,
  log: FastifyBaseLogger,
): Promise<ZipDownload> {
  const album = await requireAlbumAccess(deps, actor, albumId, 'album.read');
  refuseEmpty(album);
  const viewerId = 'kind' in actor ? null : actor.id;
  return zipDownload(deps, await listAlbumZipPhotos(deps.db, album.id), album.name, viewerId, log);
}

/**
 * The blobs a photo's entries are read from for this viewer: the originals as uploaded when they
 * may see its place, else the copies without location where there are (decision 0081).
 */
function zipBlobsOf(photo: ZipPhotoRow, viewerId: string | null) {
  const place = placeShownTo(
    {
      fileOwnerId: photo.file_owner_id,
      albumOwnerId: photo.album_owner_id,
      showPlaces: photo.show_places,
    },
    viewerId,
  );
  const pick = (
    original: string,
    crc: number | string | null,
    placeless: string | null,
    placelessCrc: number | string | null,
  ) =>
    !place && placeless !== null
      ? { key: placeless, crc32: placelessCrc === null ? null : Number(placelessCrc) }
      : { key: original, crc32: crc === null ? null : Number(crc) };
  return {
    still: pick(photo.blob_key, photo.crc32, photo.placeless_key, photo.placeless_crc32),
    motion:
      photo.motion_blob_key === null
        ? null
        : pick(
            photo.motion_blob_key,
            photo.motion_crc32,
            photo.motion_placeless_key,
            photo.motion_placeless_crc32,
          ),
  };
}

function zipDownload(
  deps: Pick<AppDeps, 'blobStore'>,
  photos: readonly ZipPhotoRow[],
  name: string,
  viewerId: string | null,
  log: FastifyBaseLogger,
): ZipDownload {
  const stillNames = uniqueNames(
    photos.map((photo) =>
      zipEntryName({
        originalName: photo.original_name,
        date: photo.date_taken ?? photo.created_at,
        contentType: photo.content_type,
      }),
    ),
  );
  // A Live Photo's movie goes next to its picture, named alike (IMG_0001.HEIC, IMG_0001.MOV);
  // the pictures' names come first, so only a movie's name can take a " (2)".
  const motionNames = photos.map((photo, index) =>
    photo.motion_blob_key === null || photo.motion_content_type === null
      ? null
      : motionEntryName(stillNames[index] ?? photo.id, {
          originalName: photo.motion_original_name,
          contentType: photo.motion_content_type,
        }),
  );
  const present = motionNames.filter((name): name is string => name !== null);
  const unique = uniqueNames([...stillNames, ...present]).slice(stillNames.length);
  let motionAt = 0;
  const entries = photos.flatMap((photo, index) => {
    const date = new Date(photo.date_taken ?? photo.created_at);
    const blobs = zipBlobsOf(photo, viewerId);
    const still = { name: stillNames[index] ?? photo.id, date, ...blobs.still };
    if (motionNames[index] === null || blobs.motion === null) return [still];
    const motion = { name: unique[motionAt++] ?? `${photo.id}.mov`, date, ...blobs.motion };
    return [still, motion];
  });
  const stream = zipOfBlobs(entries, deps.blobStore, (error) =>
    log.error({ err: error }, 'zip download stopped: a photo could not be read'),
  );
  return { disposition: zipDisposition(name), stream };
}
