import type { Insertable, Selectable } from 'kysely';
import type { Db, ResumableUploadsTable } from '../../db/schema.js';

export type ResumableUploadRow = Selectable<ResumableUploadsTable>;

export async function insertResumableUpload(
  db: Db,
  row: Insertable<ResumableUploadsTable>,
): Promise<void> {
  await db.insertInto('resumable_uploads').values(row).execute();
}

export function findResumableUpload(db: Db, id: string): Promise<ResumableUploadRow | undefined> {
  return db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the upload as being stored, unless it already is (a second finishing request): whether
 * this caller got it.
 */
export async function markResumableUploadFinished(
  db: Db,
  id: string,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('resumable_uploads')
    .set({ finished_at: nowMs })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setResumableUploadFile(db: Db, id: string, fileId: string): Promise<void> {
  await db.updateTable('resumable_uploads').set({ file_id: fileId }).where('id', '=', id).execute();
}

export async function deleteResumableUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/** Uploads whose time ran out before `nowMs`, oldest first. */
export function findExpiredResumableUploads(
  db: Db,
  nowMs: number,
  limit: number,
): Promise<ResumableUploadRow[]> {
  return db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('expires_at', '<', nowMs)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
