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
