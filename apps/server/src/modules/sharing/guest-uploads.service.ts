import fs from 'node:fs/promises';
import { GUEST_NAME_FIELD, GUEST_NAME_MAX, type Photo } from '@photo/contract';
import type { FastifyRequest } from 'fastify';
import { hitRateLimitCounter } from '../../db/rate-limit.repository.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { requireAlbumAccess } from '../albums/albums.service.js';
import { receiveFilePart, storeAndQueueUpload, type ReceivedFile } from '../files/files.service.js';
import { addGuestPhoto } from '../photos/photos.service.js';
import { guestLimitsOf, linkDeps, openLink } from './share-links.service.js';
import { findLinkByToken, releaseGuestUpload, reserveGuestUpload } from './sharing.repository.js';

const GUEST_WINDOW_MS = 60_000;

/** 413 GUEST_LIMIT_REACHED, naming the limit. */
function limitReached(what: 'photos' | 'bytes', limit: number): AppError {
  const message =
    what === 'photos'
      ? `This link takes at most ${limit} photos from guests, and has them all.`
      : `This link takes at most ${Math.floor(limit / 1024 ** 2)} MB from guests: this file would pass it.`;
  return new AppError('GUEST_LIMIT_REACHED', message, {
    field: what === 'photos' ? 'maxPhotos' : 'maxBytes',
  });
}

/** The guest's name as given: trimmed, 1..GUEST_NAME_MAX characters (else 400 on the field). */
function guestNameOf(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (name.length === 0 || Array.from(name).length > GUEST_NAME_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Your name: give 1 to ${GUEST_NAME_MAX} characters, shown with your photos.`,
      { field: GUEST_NAME_FIELD },
    );
  }
  return name;
}

/**
 * A guest adds a photo or video to the album an 'addPhotos' link opens, without an account
 * (POST shared/{token}/photos). In order: the link must work and be unlocked (404, 401); permit
 * adding (403 NOT_OWNER); the client address may send GUEST_UPLOADS_PER_MINUTE a minute through
 * it (429, counted in the shared rate-limit counters); the guest names themselves (400); the
 * link's photo and byte limits are counted in its row in one statement, so concurrent guests
 * never pass them together (413 GUEST_LIMIT_REACHED, nothing stored). The file is then stored
 * exactly as files/upload stores it, as the album owner's, and added to the album as the guest's.
 */
export async function addGuestUpload(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
  key: string | undefined,
): Promise<Photo> {
  const link = await openLink(deps, token, key);
  const album = await requireAlbumAccess(deps, link.visitor, link.albumId, 'album.addPhoto').catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_OWNER') {
        throw new AppError('NOT_OWNER', 'This link lets its holder view the album, not add to it.');
      }
      throw error;
    },
  );
  const now = deps.clock.now().getTime();
  const requests = await hitRateLimitCounter(
    deps.db,
    `guest-upload:${link.row.id}:${request.ip}`,
    GUEST_WINDOW_MS,
    now,
  );
  if (requests.count > deps.config.guestLinks.uploadsPerMinute) {
    throw new AppError('RATE_LIMITED', 'Too many uploads at once: try again in a moment.', {
      retryAfterSeconds: (requests.resetAtMs - now) / 1000,
    });
  }
  const limits = guestLimitsOf(link.row, deps);
  if (Number(link.row.guest_photo_count) >= limits.maxPhotos) {
    throw limitReached('photos', limits.maxPhotos);
  }

  let givenName: string | undefined;
  const received: ReceivedFile = await receiveFilePart(request, {
    tmpDir: deps.uploadTmpDir,
    maxBytes: deps.config.maxUploadBytes,
    onField: (name, value) => {
      if (name === GUEST_NAME_FIELD) givenName = value;
    },
  });
  let reserved = false;
  try {
    const guestName = guestNameOf(givenName);
    reserved = await reserveGuestUpload(deps.db, link.row.id, received.size, limits);
    if (!reserved) {
      const now = await findLinkByToken(deps.db, token);
      if (!now) throw new AppError('LINK_NOT_FOUND', 'This link does not work any more.');
      throw Number(now.guest_photo_count) >= limits.maxPhotos
        ? limitReached('photos', limits.maxPhotos)
        : limitReached('bytes', limits.maxBytes);
    }
    const limit = deps.config.maxUploadBytes;
    const { file } = await storeAndQueueUpload(deps, album.owner_id, received, {
      limits: { image: limit, video: limit },
      log: request.log,
    });
    // Answered as the link's page shows it: its picture URL bound to the link.
    const { photo } = await addGuestPhoto(
      linkDeps(deps, link),
      link.visitor,
      album.id,
      file,
      { name: guestName, linkId: link.row.id },
      request.log,
    );
    // The owner's 'guestUpload' activity entry was recorded with the photo (addGuestPhoto).
    return photo;
  } catch (error) {
    if (reserved) await releaseGuestUpload(deps.db, link.row.id, received.size);
    throw error;
  } finally {
    // storeAndQueueUpload removes it; an upload refused before that is removed here.
    await fs.rm(received.path, { force: true });
  }
}
