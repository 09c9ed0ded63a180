import type { Db } from '../../../db/schema.js';

/*
 * The file-row statements of a Live Photo's pairing (photos/photos.live-photos.ts pairs the halves
 * in the album's transaction and asks these of the files module).
 */

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
