import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { findAlbumById, updateAlbumRow } from '../albums/albums.repository.js';
import { lockFileRow, mirrorMotion } from '../files/files.service.js';
import { listShownHalves, type ShownHalves } from './photos.live-photos.repository.js';
import { deletePhotoRows } from './photos.repository.js';

/**
 * An iPhone Live Photo is a picture (HEIC or JPEG) and a short movie (MOV) that share Apple's
 * content identifier. They are uploaded as two files; once both are shown in one album they
 * become one item there: the picture's photo, whose file names the movie as its motion
 * (files.motion_file_id) and carries its length and playback state. The movie's own photo in
 * that album goes (docs/decisions/0061-live-photos.md).
 */

/** A pair made: the photo that stays (the still's) and the one that went (the motion's). */
export type PairedLivePhoto = ShownHalves;

/**
 * In the caller's transaction, with the album locked (so two requests adding the two halves at
 * once are taken one after the other, and the second finds the first): pairs the halves of Live
 * Photos shown in the album of which one is among `fileIds`, just added. A picture takes at most
 * one motion, a movie is the motion of at most one picture here. The movie's photo in the album is
 * deleted (with its comments and likes: the halves come in one batch) and, when it was the
 * album's cover, the picture becomes the cover. Answers the pairs made; the caller counts the
 * album's photos again when there are any.
 */
export async function pairLivePhotosInAlbum(
  trx: Db,
  albumId: string,
  fileIds: readonly string[],
): Promise<PairedLivePhoto[]> {
  if (fileIds.length === 0) return [];
  const candidates = await listShownHalves(trx, albumId, fileIds);
  const stills = new Set<string>();
  const motions = new Set<string>();
  const pairs: PairedLivePhoto[] = [];
  for (const pair of candidates) {
    if (stills.has(pair.stillFileId) || motions.has(pair.motionFileId)) continue;
    stills.add(pair.stillFileId);
    motions.add(pair.motionFileId);
    pairs.push(pair);
  }
  if (pairs.length === 0) return [];
  for (const pair of pairs) {
    // The motion's row is held first: a rendition job recording its state waits for this
    // transaction, or this one reads what the job recorded.
    await lockFileRow(trx, pair.motionFileId);
    await mirrorMotion(trx, pair.stillFileId, pair.motionFileId);
  }
  await deletePhotoRows(
    trx,
    pairs.map((pair) => pair.motionPhotoId),
  );
  const album = await findAlbumById(trx, albumId);
  const coverPair = pairs.find((pair) => pair.motionFileId === album?.cover_file_id);
  if (coverPair) await updateAlbumRow(trx, albumId, { cover_file_id: coverPair.stillFileId });
  return pairs;
}

/**
 * Once the pairing is committed, each still copies its motion's state again, with the motion's
 * row held: a rendition job whose update began before the pairing was committed could not see the
 * still, and has finished by then. A failure here is only logged (the job's next update, or the
 * next pairing, puts it right).
 */
export async function settleLivePhotos(
  deps: Pick<AppDeps, 'db'>,
  pairs: readonly PairedLivePhoto[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const pair of pairs) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        await lockFileRow(trx, pair.motionFileId);
        await mirrorMotion(trx, pair.stillFileId, pair.motionFileId, { onlyIfPaired: true });
      });
    } catch (error) {
      log.warn({ err: error, fileId: pair.stillFileId }, 'could not settle a Live Photo');
    }
  }
}
