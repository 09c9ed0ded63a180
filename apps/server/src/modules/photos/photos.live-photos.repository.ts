import type { Db } from '../../db/schema.js';
import { inBatches } from '../../db/id-batches.js';

/** A Live Photo's two halves, both shown by photos of one album. */
export interface ShownHalves {
  stillPhotoId: string;
  stillFileId: string;
  motionPhotoId: string;
  motionFileId: string;
}

/**
 * The halves of Live Photos shown in the album, one of them among `fileIds`: a picture and a video
 * of the same owner with the same content identifier, the picture naming no other motion. Each
 * lookup is an index one (files_owner_content_id, photos' album and file key).
 */
export async function listShownHalves(
  db: Db,
  albumId: string,
  fileIds: readonly string[],
): Promise<ShownHalves[]> {
  // Most files are no half of a Live Photo: those with an identifier are found by their keys
  // first, so a bulk add of plain photos costs no join.
  const halves: string[] = [];
  for (const batch of inBatches([...new Set(fileIds)])) {
    const rows = await db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', batch)
      .where('content_id', 'is not', null)
      .execute();
    halves.push(...rows.map((row) => row.id));
  }
  const found: ShownHalves[] = [];
  for (const batch of inBatches(halves, 400)) {
    const rows = await db
      .selectFrom('photos as still_photo')
      .innerJoin('files as still', 'still.id', 'still_photo.file_id')
      .innerJoin('files as motion', (join) =>
        join
          .onRef('motion.owner_id', '=', 'still.owner_id')
          .onRef('motion.content_id', '=', 'still.content_id'),
      )
      .innerJoin('photos as motion_photo', (join) =>
        join
          .onRef('motion_photo.file_id', '=', 'motion.id')
          .onRef('motion_photo.album_id', '=', 'still_photo.album_id'),
      )
      .select([
        'still_photo.id as stillPhotoId',
        'still.id as stillFileId',
        'motion_photo.id as motionPhotoId',
        'motion.id as motionFileId',
      ])
      .where('still_photo.album_id', '=', albumId)
      .where('still.kind', '=', 'photo')
      .where('motion.kind', '=', 'video')
      .where('still.content_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('still.motion_file_id', 'is', null),
          eb('still.motion_file_id', '=', eb.ref('motion.id')),
        ]),
      )
      .where((eb) => eb.or([eb('still.id', 'in', batch), eb('motion.id', 'in', batch)]))
      .orderBy('still.id')
      .orderBy('motion.id')
      .execute();
    found.push(...rows);
  }
  return found;
}

/**
 * Holds the file's row until the transaction ends (an update that changes nothing), so that a job
 * changing its playback state waits, or is waited for.
 */
export async function lockFileRow(db: Db, id: string): Promise<void> {
  await db
    .updateTable('files')
    .set((eb) => ({ kind: eb.ref('kind') }))
    .where('id', '=', id)
    .execute();
}

/**
 * The still names its motion, and carries the motion's length and playback state (read in the
 * same statement). With `onlyIfPaired`, only a still that names that motion already is changed.
 */
export async function mirrorMotion(
  db: Db,
  stillId: string,
  motionId: string,
  options: { onlyIfPaired?: boolean } = {},
): Promise<void> {
  let query = db
    .updateTable('files')
    .set((eb) => ({
      motion_file_id: motionId,
      duration_ms: eb
        .selectFrom('files as motion')
        .select('motion.duration_ms')
        .where('motion.id', '=', motionId),
      video_state: eb
        .selectFrom('files as motion')
        .select('motion.video_state')
        .where('motion.id', '=', motionId),
    }))
    .where('id', '=', stillId);
  if (options.onlyIfPaired) query = query.where('motion_file_id', '=', motionId);
  await query.execute();
}
