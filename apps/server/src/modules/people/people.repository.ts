import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { Db, FacesTable, FaceScanState } from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';

/** The queries of people, their faces and the scans of files for faces (decision 0102). */

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Whether the face (of the alias `counted` or `best`) is of a file in its owner's library: shown by a
 * photo (neither in Trash nor in the locked place, whose photos leave `photos`: `shown`, kept by
 * triggers, so faces_person_idx alone answers it), and not archived. Faces of other files count
 * nowhere.
 */
function inLibrary(faces: 'counted' | 'best') {
  const fileId = sql.ref(`${faces}.file_id`);
  return sql<SqlBool>`(${sql.ref(`${faces}.shown`)} = 1 and not exists (select 1 from archived_files where archived_files.file_id = ${fileId}))`;
}

export interface PersonRow {
  id: string;
  name: string | null;
  hidden: number;
  count: number | string;
  cover_face_id: string | null;
}

/**
 * The owner's people with their count of files in the library and their clearest face there;
 * people with none are left out. Named people first (by name), then by count. Each person's count
 * and cover read their own faces by faces_person_idx (a subquery per person), never every face of
 * the owner's.
 */
export function listPeople(
  db: Db,
  ownerId: string,
  options: { includeHidden: boolean; nameLike?: string; limit?: number; ids?: readonly string[] },
): Promise<PersonRow[]> {
  let people = db
    .selectFrom('people')
    .select((eb) => [
      'people.id',
      'people.name',
      'people.hidden',
      eb
        .selectFrom('faces as counted')
        .select((inner) => inner.fn.count<number | string>('counted.file_id').distinct().as('n'))
        .whereRef('counted.person_id', '=', 'people.id')
        .where(inLibrary('counted'))
        .$narrowType<{ n: number | string }>()
        .as('count'),
      eb
        .selectFrom('faces as best')
        .select('best.id')
        .whereRef('best.person_id', '=', 'people.id')
        .where(inLibrary('best'))
        .orderBy('best.score', 'desc')
        .orderBy('best.id')
        .limit(literalLimit(1))
        .as('cover_face_id'),
    ])
    .where('people.owner_id', '=', ownerId);
  if (!options.includeHidden) people = people.where('people.hidden', '=', 0);
  if (options.ids) {
    if (options.ids.length === 0) return Promise.resolve([]);
    people = people.where('people.id', 'in', options.ids);
  }
  if (options.nameLike !== undefined) {
    people = people.where(
      isPostgres(db)
        ? sql<SqlBool>`people.name ilike ${options.nameLike} escape '\\'`
        : sql<SqlBool>`people.name like ${options.nameLike} escape '\\'`,
    );
  }
  // Materialized, the list is a query of its own: merged into the outer one, each count would be
  // computed again for the filter and the order.
  return db
    .with(
      (cte) => cte('listed').materialized(),
      () => people,
    )
    .selectFrom('listed')
    .selectAll()
    .$narrowType<{ count: number | string }>()
    .where('listed.count', '>', 0)
    .orderBy(sql`case when listed.name is null then 1 else 0 end`)
    .orderBy('listed.count', 'desc')
    .orderBy('listed.name')
    .orderBy('listed.id')
    .limit(literalLimit(options.limit ?? 10_000))
    .execute();
}

/** The owner's named people who are not hidden: the names search reads in its text. */
export async function listNamedPeople(
  db: Db,
  ownerId: string,
): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('people')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('hidden', '=', 0)
    .where('name', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.name === null ? [] : [{ id: row.id, name: row.name }]));
}

export function findPerson(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('people')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export async function updatePerson(
  db: Db,
  id: string,
  change: { name?: string | null; hidden?: number },
): Promise<void> {
  await db.updateTable('people').set(change).where('id', '=', id).execute();
}

export async function insertPerson(
  db: Db,
  person: { id: string; owner_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('people')
    .values({ ...person, name: null, hidden: 0 })
    .execute();
}

/** Every face of `fromId` goes to `toId`; then `fromId` is gone. */
export async function mergePeople(db: Db, fromId: string, toId: string): Promise<void> {
  await db.updateTable('faces').set({ person_id: toId }).where('person_id', '=', fromId).execute();
  await db.deleteFrom('people').where('id', '=', fromId).execute();
}

/** Removes the person when no face is theirs any more. */
export async function deletePersonIfEmpty(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('people')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('faces').select('faces.id').where('faces.person_id', '=', id)),
      ),
    )
    .execute();
}

export type FaceRow = Omit<FacesTable, 'descriptor' | 'crop' | 'shown'>;

const FACE_COLUMNS = [
  'faces.id',
  'faces.file_id',
  'faces.owner_id',
  'faces.person_id',
  'faces.box_x',
  'faces.box_y',
  'faces.box_w',
  'faces.box_h',
  'faces.score',
  'faces.pinned',
  'faces.created_at',
] as const;

export function findFace(db: Db, ownerId: string, id: string): Promise<FaceRow | undefined> {
  return db
    .selectFrom('faces')
    .select(FACE_COLUMNS)
    .where('faces.id', '=', id)
    .where('faces.owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** The owner's faces in a file, left to right. */
export function listFileFaces(db: Db, ownerId: string, fileId: string): Promise<FaceRow[]> {
  return db
    .selectFrom('faces')
    .select(FACE_COLUMNS)
    .where('faces.file_id', '=', fileId)
    .where('faces.owner_id', '=', ownerId)
    .orderBy('faces.box_x')
    .orderBy('faces.id')
    .execute();
}

export async function setFacePerson(
  db: Db,
  id: string,
  personId: string | null,
  pinned: boolean,
): Promise<void> {
  await db
    .updateTable('faces')
    .set({ person_id: personId, pinned: pinned ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Gives these faces to the person (grouping: not pinned). */
export async function assignFaces(db: Db, ids: readonly string[], personId: string) {
  if (ids.length === 0) return;
  await db.updateTable('faces').set({ person_id: personId }).where('id', 'in', ids).execute();
}

/**
 * A face's crop, with whose face it is, while a photo shows its file (`shown`, decision 0129): a
 * face of a photo in Trash or in the locked place is none (an archived photo's still is: its owner
 * opens it from the Archive).
 */
export function findFaceCrop(db: Db, id: string) {
  return db
    .selectFrom('faces')
    .select(['faces.owner_id', 'faces.crop'])
    .where('faces.id', '=', id)
    .where('faces.shown', '=', 1)
    .executeTakeFirst();
}

/** What grouping reads of each of an owner's faces (their numbers: listFaceDescriptors). */
export interface FaceToGroupRow {
  id: string;
  person_id: string | null;
  pinned: number;
}

/** The owner's faces, oldest first: the order grouping takes them in. */
export function listFacesToGroup(db: Db, ownerId: string): Promise<FaceToGroupRow[]> {
  return db
    .selectFrom('faces')
    .select(['id', 'person_id', 'pinned'])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Beyond this many faces, listFaceDescriptors reads all the owner's in one query. */
const DESCRIPTORS_BY_ID = 1_000;

/**
 * The numbers (JSON) of these faces of the owner, a face deleted left out: by their ids, or when
 * there are many, all the owner's faces' (one query rather than a list of ids beyond what either
 * engine takes well).
 */
export function listFaceDescriptors(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<{ id: string; descriptor: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = db.selectFrom('faces').select(['id', 'descriptor']).where('owner_id', '=', ownerId);
  return (ids.length > DESCRIPTORS_BY_ID ? query : query.where('id', 'in', ids)).execute();
}

/**
 * Keeps grouping of one owner's faces to one transaction at a time on PostgreSQL (two workers
 * indexing two photos of one person would each make them a new person); SQLite writes one
 * transaction at a time anyway.
 */
export async function lockOwnerGrouping(db: Db, ownerId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`faces:${ownerId}`}))`.execute(db);
}

export function findScan(db: Db, fileId: string) {
  return db.selectFrom('face_scans').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export interface NewFace {
  id: string;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  score: number;
  descriptor: string;
  crop: string;
}

/** The faces found in a file's edit version take the place of those found before. */
export async function replaceFileFaces(
  db: Db,
  file: { id: string; ownerId: string; version: number },
  faces: readonly NewFace[],
  now: string,
): Promise<void> {
  const emptied = await db
    .deleteFrom('faces')
    .where('file_id', '=', file.id)
    .returning('person_id')
    .execute();
  if (faces.length > 0) {
    await db
      .insertInto('faces')
      .values(
        faces.map((face) => ({
          ...face,
          file_id: file.id,
          owner_id: file.ownerId,
          person_id: null,
          pinned: 0,
          created_at: now,
        })),
      )
      .execute();
  }
  for (const personId of new Set(emptied.map((row) => row.person_id))) {
    if (personId !== null) await deletePersonIfEmpty(db, personId);
  }
  await recordScan(db, file, { state: 'done', face_count: faces.length, error: null }, now);
}

export async function recordScan(
  db: Db,
  file: { id: string; version: number },
  outcome: { state: FaceScanState; face_count: number; error: string | null },
  now: string,
): Promise<void> {
  const row = { edit_version: file.version, ...outcome, scanned_at: now };
  await db
    .insertInto('face_scans')
    .values({ file_id: file.id, ...row })
    .onConflict((oc) => oc.column('file_id').doUpdateSet(row))
    .execute();
}

/**
 * The next photo files (by id, after `afterId`) whose current edit version has no scan: what a
 * backfill queues.
 */
export function listUnscannedPhotoFiles(db: Db, afterId: string, limit: number) {
  return db
    .selectFrom('files')
    .leftJoin('face_scans', 'face_scans.file_id', 'files.id')
    .select(['files.id', 'files.edit_version'])
    .where('files.kind', '=', 'photo')
    .where('files.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('face_scans.file_id', 'is', null),
        eb('face_scans.edit_version', '<>', eb.ref('files.edit_version')),
      ]),
    )
    .orderBy('files.id')
    .limit(literalLimit(limit))
    .execute();
}

/** How many photo files are stored, and how many of them are scanned, and failed. */
export async function countScans(db: Db) {
  const photos = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', 'photo')
    .executeTakeFirstOrThrow();
  const scans = await db
    .selectFrom('face_scans')
    .innerJoin('files', 'files.id', 'face_scans.file_id')
    .select(['face_scans.state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('files.kind', '=', 'photo')
    .whereRef('face_scans.edit_version', '=', 'files.edit_version')
    .groupBy('face_scans.state')
    .execute();
  const of = (state: FaceScanState) => Number(scans.find((row) => row.state === state)?.n ?? 0);
  return { photos: Number(photos.n), done: of('done'), failed: of('failed') };
}

/** The latest failed scans, newest first. */
export function listFailedScans(db: Db, limit: number) {
  return db
    .selectFrom('face_scans')
    .select(['file_id', 'error', 'scanned_at'])
    .where('state', '=', 'failed')
    .orderBy('scanned_at', 'desc')
    .limit(literalLimit(limit))
    .execute();
}
