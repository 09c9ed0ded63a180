import { sql } from 'kysely';
import type { Db, FileRow, VideoState } from '../../../db/schema.js';
import { changeFileRow } from '../store/storage-use.js';
import { literalLimit } from '../../../db/literal-limit.js';

/** What the rendition job reads of a video. */
export type RenditionSource = Pick<
  FileRow,
  | 'id'
  | 'owner_id'
  | 'blob_key'
  | 'content_type'
  | 'kind'
  | 'video_state'
  | 'rendition_key'
  | 'duration_ms'
>;

export function findRenditionSource(db: Db, id: string): Promise<RenditionSource | undefined> {
  return db
    .selectFrom('files')
    .select([
      'id',
      'owner_id',
      'blob_key',
      'content_type',
      'kind',
      'video_state',
      'rendition_key',
      'duration_ms',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Records a video's playback state, and its rendition when one was made, while it is still
 * 'processing'. The stills of Live Photos whose motion it is take the same state in the same
 * statement (they mirror it; the rendition stays the video's own). Answers whether the video's
 * row changed: false when it was deleted, or another turn recorded it first.
 */
export async function recordVideoState(
  db: Db,
  id: string,
  state: Exclude<VideoState, 'processing'>,
  renditionKey: string | null,
  /** The rendition's bytes, counted in the video's owner's storage. */
  renditionBytes = 0,
): Promise<boolean> {
  let updated = false;
  await changeFileRow(db, id, async (trx) => {
    const result = await trx
      .updateTable('files')
      .set((eb) => ({
        video_state: state,
        rendition_key: eb
          .case()
          .when('id', '=', id)
          .then(renditionKey)
          .else(eb.ref('rendition_key'))
          .end(),
        extra_bytes: eb
          .case()
          .when('id', '=', id)
          .then(sql<number>`extra_bytes + ${renditionBytes}`)
          .else(sql<number>`extra_bytes`)
          .end(),
      }))
      .where((eb) => eb.or([eb('id', '=', id), eb('motion_file_id', '=', id)]))
      .where('video_state', '=', 'processing')
      .executeTakeFirst();
    updated = Number(result.numUpdatedRows) > 0;
    return updated;
  });
  if (!updated) return false;
  const row = await db
    .selectFrom('files')
    .select('rendition_key')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && row.rendition_key === renditionKey;
}

/** Videos still waiting for their rendition, stored before `before` (oldest first). */
export function listProcessingVideos(
  db: Db,
  before: string,
  limit: number,
): Promise<Pick<FileRow, 'id' | 'owner_id'>[]> {
  return db
    .selectFrom('files')
    .select(['id', 'owner_id'])
    .where('kind', '=', 'video')
    .where('video_state', '=', 'processing')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(literalLimit(limit))
    .execute();
}
