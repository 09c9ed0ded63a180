import { sql } from 'kysely';
import { preparedQuery } from '../../../db/prepared-query.js';
import type { Db, FileRow, NewFileRow } from '../../../db/schema.js';
import { inBatches } from '../../../db/id-batches.js';
import { literalLimit } from '../../../db/literal-limit.js';
import {
  fileOnlyInTrash,
  fileOnlyLocked,
  fileShownUnsigned,
  fileUnused,
} from '../../../db/read-models/file-uses.js';
import { changeFileRow, releaseStorage, storedBytes } from './storage-use.js';
import { FILE_BLOB_COLUMNS, type DerivedKeys, type FileBlobKeys } from './blobs.js';

export function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the file unless its owner already has one with the same bytes; answers whether it did. */
export async function insertFileUnlessDuplicate(db: Db, file: NewFileRow): Promise<boolean> {
  const result = await db
    .insertInto('files')
    .values(file)
    .onConflict((oc) => oc.columns(['owner_id', 'sha256']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * The rows of those of these files that nothing uses (fileUnused, of the read model
 * db/read-models/file-uses.ts), read a batch at a time.
 */
export async function listUnusedFiles(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for (const batch of inBatches([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('files')
        .selectAll('files')
        .where('files.id', 'in', batch)
        .where(fileUnused)
        .execute()),
    );
  }
  return rows;
}

/**
 * Up to `limit` files that nothing uses (fileUnused) and that were stored before `before`: those a
 * release never reached (a crash between a deletion's commit and its release), after ids above
 * `afterId` (a pass walks them in id order).
 */
export async function listForgottenFileIds(
  db: Db,
  before: string,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('files.id')
    .where('files.id', '>', afterId)
    .where('files.created_at', '<', before)
    .where(fileUnused)
    .orderBy('files.id')
    .limit(literalLimit(limit))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the file's row if nothing uses it now (fileUnused), in one statement; answers whether
 * it did. A use added since it was listed as unused (a photo saved meanwhile) keeps it: the
 * statement deletes nothing, or, when that use is not yet committed, the foreign key of its
 * photo refuses the deletion.
 */
export async function deleteUnusedFileRow(db: Db, id: string): Promise<boolean> {
  // Its bytes, as the deletion saw them, leave its owner's storage figure in the same transaction.
  const run = async (trx: Db) => {
    const deleted = await trx
      .deleteFrom('files')
      .where('files.id', '=', id)
      .where(fileUnused)
      .returning(['owner_id', 'size', 'derived_bytes', 'extra_bytes'])
      .executeTakeFirst();
    if (!deleted) return false;
    await releaseStorage(trx, deleted.owner_id, storedBytes(deleted));
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Deletes the rows of every file of the owner; answers their blobs. */
export async function deleteOwnerFileRows(
  db: Db,
  ownerId: string,
): Promise<(FileBlobKeys & { id: string })[]> {
  const rows = await db
    .selectFrom('files')
    .select(['id', ...FILE_BLOB_COLUMNS])
    .where('owner_id', '=', ownerId)
    .execute();
  await db.deleteFrom('files').where('owner_id', '=', ownerId).execute();
  return rows;
}

/** The owner's earliest file with these bytes, if any. */
export function findFileByOwnerAndSha256(
  db: Db,
  ownerId: string,
  sha256: string,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('sha256', '=', sha256)
    .orderBy('created_at')
    .orderBy('id')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/** The blob keys of those of these files that exist. */
export async function findBlobKeysOfFiles(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', ...FILE_BLOB_COLUMNS])
    .where('id', 'in', ids)
    .execute();
}

/** What serving a file reads of its row. */
const SERVED_COLUMNS = [
  'id',
  'content_type',
  'edit_version',
  'derived_state',
  // A download's file name.
  'date_taken',
  'created_at',
  // What plays: a video, or a Live Photo's motion.
  'kind',
  'video_state',
  'motion_file_id',
  ...FILE_BLOB_COLUMNS,
] as const satisfies readonly (keyof FileRow)[];

export type ServedFileRow = Pick<FileRow, (typeof SERVED_COLUMNS)[number]>;

/** The served columns and whether the file may be shown unsigned, in one statement compiled once. */
const fileWithExposureQuery = preparedQuery((db, args: { id: string }) =>
  db
    .selectFrom('files')
    .select(SERVED_COLUMNS.map((column) => `files.${column}` as const))
    .select((eb) => fileShownUnsigned(eb).as('shown_unsigned'))
    .select((eb) => fileOnlyInTrash(eb).as('only_in_trash'))
    .select((eb) => fileOnlyLocked(eb).as('only_locked'))
    .where('files.id', '=', args.id),
);

/**
 * What serving the file needs of its row, and whether it may be shown without a signed URL
 * (fileShownUnsigned, of the read model db/read-models/file-uses.ts), read in one statement.
 */
export async function findFileWithExposure(
  db: Db,
  id: string,
): Promise<
  | (ServedFileRow & { shownUnsigned: boolean; onlyInTrash: boolean; onlyLocked: boolean })
  | undefined
> {
  const [row] = await fileWithExposureQuery(db, { id });
  if (!row) return undefined;
  const { shown_unsigned: shown, only_in_trash: inTrash, only_locked: locked, ...file } = row;
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return {
    ...file,
    shownUnsigned: Boolean(shown),
    onlyInTrash: Boolean(inTrash),
    onlyLocked: Boolean(locked),
  };
}

/** Whether the file may be shown without a signed URL (see fileShownUnsigned). */
export async function isFileShownUnsigned(db: Db, id: string): Promise<boolean> {
  return (await findFileWithExposure(db, id))?.shownUnsigned ?? true;
}

/**
 * Records an edit of the file (its rotation, size as shown and new derived keys) unless another
 * edit came first: answers whether the row was still at `fromVersion` and is now changed.
 */
export async function updateFileEdit(
  db: Db,
  id: string,
  fromVersion: number,
  changes: Pick<FileRow, 'rotation' | 'edit_version' | 'width' | 'height' | 'placeholder'> &
    DerivedKeys & { derived_bytes: number },
): Promise<boolean> {
  return changeFileRow(db, id, async (trx) => {
    const result = await trx
      .updateTable('files')
      // An edit makes every derived size itself (their bytes replace the old sizes').
      .set({ ...changes, derived_state: 'ready' })
      .where('id', '=', id)
      .where('edit_version', '=', fromVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** How many of the owner's files wait for their derived sizes. */
export async function countPendingFiles(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('derived_state', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Files stored before `before` still waiting for their derived sizes, oldest first. */
export async function listPendingFiles(
  db: Db,
  before: string,
  limit: number,
): Promise<Pick<FileRow, 'id' | 'owner_id' | 'edit_version'>[]> {
  return db
    .selectFrom('files')
    .select(['id', 'owner_id', 'edit_version'])
    .where('derived_state', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(literalLimit(limit))
    .execute();
}

/**
 * Records the derived sizes of the file's edit version `version`, unless another edit or job got
 * there first. Answers whether this one did.
 */
export async function recordDerivedImages(
  db: Db,
  id: string,
  version: number,
  keys: DerivedKeys,
  /** Bytes of the sizes stored by this turn (after the thumbnail, already counted). */
  bytes: number,
): Promise<boolean> {
  return changeFileRow(db, id, async (trx) => {
    const result = await trx
      .updateTable('files')
      .set({
        ...keys,
        derived_state: 'ready',
        derived_bytes: sql<number>`derived_bytes + ${bytes}`,
      })
      .where('id', '=', id)
      .where('edit_version', '=', version)
      .where('derived_state', '!=', 'ready')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * Records the thumbnail of a file not yet given its sizes, made before the others: files/show
 * serves it from then on, while the file stays pending (not `ready`) until every size is made.
 */
export async function recordThumbnail(
  db: Db,
  id: string,
  version: number,
  thumbKey: string,
  /** The thumbnail's bytes: the first derived size of the version. */
  bytes: number,
): Promise<boolean> {
  return changeFileRow(db, id, async (trx) => {
    const result = await trx
      .updateTable('files')
      .set({ thumb_key: thumbKey, derived_bytes: bytes })
      .where('id', '=', id)
      .where('edit_version', '=', version)
      .where('derived_state', '!=', 'ready')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * Whether a file other than `exceptId` waits for its thumbnail: its sizes pending, none made yet.
 */
export async function anotherFileWaitsForItsThumbnail(db: Db, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('derived_state', '=', 'pending')
    .where('thumb_key', 'is', null)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The file's derived sizes cannot be made: it is shown by its original. */
export async function recordDerivedImagesFailed(
  db: Db,
  id: string,
  version: number,
): Promise<void> {
  await db
    .updateTable('files')
    .set({ derived_state: 'failed' })
    .where('id', '=', id)
    .where('edit_version', '=', version)
    .where('derived_state', '=', 'pending')
    .execute();
}

/** How many files the server holds, and the bytes they take in the store (every size). */
export async function countFilesAndBytes(db: Db): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      sql<number | string | null>`sum(size + derived_bytes + extra_bytes)`.as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), bytes: Number(row.bytes ?? 0) };
}

/** Files whose row holds an older reading of their original's metadata than `version`. */
export function listFilesWithOlderFacts(
  db: Db,
  version: number,
  limit: number,
): Promise<Pick<FileRow, 'id' | 'blob_key' | 'content_type' | 'kind'>[]> {
  return db
    .selectFrom('files')
    .select(['id', 'blob_key', 'content_type', 'kind'])
    .where('facts_version', '<', version)
    .orderBy('id')
    .limit(literalLimit(limit))
    .execute();
}

/** Records a newer reading of the file's metadata (the lens, exposure and the date's time zone). */
export async function recordCaptureFacts(
  db: Db,
  id: string,
  columns: Pick<
    NewFileRow,
    | 'taken_offset_minutes'
    | 'lens'
    | 'f_number_e2'
    | 'exposure_ns'
    | 'iso'
    | 'focal_length_e2'
    | 'focal_length_35mm'
  > & { facts_version: number },
): Promise<void> {
  await db
    .updateTable('files')
    .set(columns)
    .where('id', '=', id)
    .where('facts_version', '<', columns.facts_version)
    .execute();
}

/** Located files whose place is not named by this naming yet (files_place_version_idx). */
export function listFilesToName(
  db: Db,
  version: number,
  limit: number,
): Promise<Pick<FileRow, 'id' | 'latitude_e7' | 'longitude_e7'>[]> {
  return db
    .selectFrom('files')
    .select(['id', 'latitude_e7', 'longitude_e7'])
    .where('place_version', '<', version)
    .where('latitude_e7', 'is not', null)
    .orderBy('id')
    .limit(literalLimit(limit))
    .execute();
}

/** Records the name of the place a file was taken at. */
export async function recordPlaceName(
  db: Db,
  id: string,
  columns: Pick<NewFileRow, 'place_city' | 'place_country' | 'place_version'>,
): Promise<void> {
  await db.updateTable('files').set(columns).where('id', '=', id).execute();
}
