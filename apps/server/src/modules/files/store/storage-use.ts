import { sql } from 'kysely';
import type { Db } from '../../../db/schema.js';
import {
  addToStorage,
  addToStorageWithinQuota,
  readStorageFigure,
  takeFromStorage,
} from './storage-figure.js';
import { AppError } from '../../../lib/errors.js';

/**
 * Each person's storage figure (users.storage_used, moved by the statements of
 * store/storage-figure.ts): the bytes their files take in the store (originals, stills, derived
 * sizes, video renditions), plus those reserved by uploads being stored. Every change of a file's
 * bytes moves it in the same transaction, so the figure stays the sum over the person's files
 * (plus reservations in flight) under concurrent uploads and deletions.
 */

/** "1.5 GB": a quota for people, in powers of 1024. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown} ${units[unit]}`;
}

/** 413 QUOTA_EXCEEDED, naming the limit. */
export function quotaExceeded(quota: number, used: number): AppError {
  return new AppError(
    'QUOTA_EXCEEDED',
    `This upload would pass the storage quota of ${formatBytes(quota)} (${quota} bytes): ` +
      `${formatBytes(used)} are used.`,
  );
}

/** The person's figure and quota, as numbers (PostgreSQL answers bigint columns as text). */
export async function findStorageOf(
  db: Db,
  userId: string,
): Promise<{ used: number; quota: number | null } | undefined> {
  const row = await readStorageFigure(db, userId);
  if (!row) return undefined;
  return {
    used: Number(row.storage_used),
    quota: row.quota_bytes === null ? null : Number(row.quota_bytes),
  };
}

/**
 * Reserves `bytes` of the person's quota before they are stored: one conditional UPDATE, so
 * concurrent uploads near the limit never pass it together. 413 QUOTA_EXCEEDED when they do not
 * fit (nothing reserved). `derivedBytes` (a thumbnail made with the upload) are reserved with them
 * but, as every derived size, not held against the quota. A person without a record (never the
 * case after sign-in) has no quota.
 */
export async function reserveStorage(
  db: Db,
  userId: string,
  bytes: number,
  derivedBytes = 0,
): Promise<void> {
  if (await addToStorageWithinQuota(db, userId, bytes, derivedBytes)) return;
  const now = await findStorageOf(db, userId);
  if (now?.quota !== null && now?.quota !== undefined) throw quotaExceeded(now.quota, now.used);
}

/** Gives back what reserveStorage took (the upload failed, or was already stored). */
export async function releaseStorage(db: Db, userId: string, bytes: number): Promise<void> {
  if (bytes === 0) return;
  await takeFromStorage(db, userId, bytes);
}

/**
 * Whether `bytes` more would fit in the person's quota now (a resumable upload's declared length,
 * checked when it is created; the bytes are reserved when it is finished). 413 when not.
 */
export async function requireRoomFor(db: Db, userId: string, bytes: number): Promise<void> {
  const now = await findStorageOf(db, userId);
  if (now && now.quota !== null && now.used + bytes > now.quota) {
    throw quotaExceeded(now.quota, now.used);
  }
}

/** The bytes a file's row says it takes in the store. */
export const storedBytes = (row: {
  size: number;
  derived_bytes: number | string;
  extra_bytes: number | string;
}) => Number(row.size) + Number(row.derived_bytes) + Number(row.extra_bytes);

/**
 * Runs `change` on a file's row (a conditional update or deletion answering whether it took) in
 * one transaction that first holds the row, then moves its owner's figure by how much the file's
 * stored bytes changed. Answers what `change` answered; false when the row is gone.
 */
export async function changeFileRow(
  db: Db,
  fileId: string,
  change: (trx: Db) => Promise<boolean>,
): Promise<boolean> {
  const run = async (trx: Db): Promise<boolean> => {
    // A write first: PostgreSQL locks the row, SQLite takes its write lock; before and after
    // below are then this change's alone.
    await trx
      .updateTable('files')
      .set({ derived_bytes: sql<number>`derived_bytes` })
      .where('id', '=', fileId)
      .execute();
    const read = () =>
      trx
        .selectFrom('files')
        .select(['owner_id', 'size', 'derived_bytes', 'extra_bytes'])
        .where('id', '=', fileId)
        .executeTakeFirst();
    const before = await read();
    if (!before) return false;
    if (!(await change(trx))) return false;
    const after = await read();
    const delta = (after ? storedBytes(after) : 0) - storedBytes(before);
    if (delta !== 0) await addToStorage(trx, before.owner_id, delta);
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Bytes of the images given (the sizes stored for a file), those absent counting nothing. */
export function bytesOf(images: object): number {
  let total = 0;
  for (const value of Object.values(images)) if (Buffer.isBuffer(value)) total += value.length;
  return total;
}
