import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type {
  AlbumVisibility,
  Database,
  Db,
  DerivedState,
  FileKind,
  VideoState,
} from '../../db/schema.js';
import { literalLimit } from '../../db/literal-limit.js';
import { preparedQuery } from '../../db/prepared-query.js';
import {
  albumSeenByEveryoneSql,
  albumVisibleToSql,
  albumVisibleToUserSql,
} from '../../lib/access.js';
import { TILE_COLUMNS } from '../../lib/photo-media.js';

/** A photo as the timeline and search show it: what its tile needs. */
export interface TimelinePhotoRow {
  id: string;
  album_id: string;
  file_id: string;
  owner_id: string;
  sort_date: string;
  album_visibility: AlbumVisibility;
  width: number;
  height: number;
  edit_version: number;
  placeholder: string | null;
  derived_state: DerivedState;
  thumb_key: string | null;
  kind: FileKind;
  duration_ms: number | null;
  video_state: VideoState | null;
  motion_file_id: string | null;
  /** Whether the viewer marked the file a favourite: PostgreSQL answers a boolean, SQLite 0 or 1. */
  favourite: SqlBool;
  /** The file's date taken, and its clock's minutes east of UTC (memories read its own day). */
  date_taken: string | null;
  taken_offset_minutes: number | null;
}

/**
 * Which of the viewer's photos a page holds (decision 0082): `photos`, their Photos (what they
 * archived left out); `favourites`, those of Photos that they marked; `archive`, what they archived.
 */
export type PhotoSet = 'photos' | 'favourites' | 'archive' | 'photos-and-archive';

/**
 * What a page of photos is asked with. Every bound value is text: the prepared query binds them
 * (see preparedQuery). `from`/`until`: sort_date at or after / before (a month, a day).
 */
type PhotoPageArgs = {
  viewerId: string;
  limit: number;
  set: PhotoSet;
  afterKey: string | undefined;
  afterId: string | undefined;
  from: string | undefined;
  until: string | undefined;
  addedBy: string | undefined;
  /** SQLite: an FTS5 match expression on file_search_fts (name, camera). */
  ftsMatch: string | undefined;
  /** A LIKE pattern (escaped with \) on the file's name / camera (make and model). */
  nameLike: string | undefined;
  cameraLike: string | undefined;
  /** Only the files showing this person's faces (the viewer's own). */
  personId: string | undefined;
  /**
   * Only the viewer's own files showing at least `personsWanted` of these people (",id,id,"):
   * the names the search box read (decision 0109).
   */
  personIds: string | undefined;
  personsWanted: number | undefined;
  /** Only files the viewer uploaded: the map, memories and place names (decision 0105). */
  ownFiles: 'yes' | undefined;
  /** The viewer's files taken inside this box (degrees × 10^7; west ≤ east). */
  boxWest: number | undefined;
  boxSouth: number | undefined;
  boxEast: number | undefined;
  boxNorth: number | undefined;
  /** Files with a date taken whose MM-DD is one of these, written ",MM-DD,MM-DD,". */
  monthDays: string | undefined;
  /**
   * The one search box's text: a file whose name holds it (LIKE pattern; on SQLite the FTS5
   * expression `anyMatch` on the name for terms of three characters or more), or whose camera's
   * name is one of `anyCameras`, or, of the viewer's own files, whose place's city is one of
   * `anyCities` (in one of `anyCityCountries`) or whose country is one of `placeCountries`. The
   * lists are JSON arrays of strings, absent when empty; namesHolding learns the cameras and
   * cities the text holds.
   */
  anyLike: string | undefined;
  anyMatch: string | undefined;
  placeCountries: string | undefined;
  anyCameras: string | undefined;
  anyCities: string | undefined;
  anyCityCountries: string | undefined;
};

/**
 * Whether the photo (the row `photos` of the query) has a twin the viewer sees: another photo of
 * its file, with a smaller id, in an album they may see. The photo of smallest id stands for its
 * file. The subquery's `albums` is the twin's, and hides the outer one.
 */
function seenTwinBefore(eb: ExpressionBuilder<Database, 'photos'>, viewerId: string) {
  return eb.exists(
    eb
      .selectFrom('photos as twin')
      .innerJoin('albums', 'albums.id', 'twin.album_id')
      .select('twin.id')
      .whereRef('twin.file_id', '=', 'photos.file_id')
      .whereRef('twin.id', '<', 'photos.id')
      .where(albumVisibleToUserSql(viewerId)),
  );
}

/** Whether the viewer archived the file of the photo (the row `photos` of the query). */
function archivedByViewer(eb: ExpressionBuilder<Database, 'photos'>, viewerId: string) {
  return eb.exists(
    eb
      .selectFrom('archived_files')
      .select('archived_files.file_id')
      .whereRef('archived_files.file_id', '=', 'photos.file_id')
      .where('archived_files.user_id', '=', viewerId),
  );
}

/** Whether the viewer marked the file of the photo a favourite. */
function favouriteOfViewer(eb: ExpressionBuilder<Database, 'photos'>, viewerId: string) {
  return eb.exists(
    eb
      .selectFrom('favourites')
      .select('favourites.file_id')
      .whereRef('favourites.file_id', '=', 'photos.file_id')
      .where('favourites.user_id', '=', viewerId),
  );
}

/**
 * Keeps the query to the photo set: Photos leaves out the viewer's archived files (a lookup by
 * key per row); Favourites and Archive start from the viewer's marked files, then their photos by
 * photos_file_idx, as search starts from the files it finds.
 */
function inPhotoSet<Q extends SelectQueryBuilder<Database, 'photos', object>>(
  query: Q,
  set: PhotoSet,
  viewerId: string,
): Q {
  if (set === 'photos-and-archive') return query;
  if (set === 'archive') {
    return query.where('photos.file_id', 'in', (eb) =>
      eb
        .selectFrom('archived_files')
        .select('archived_files.file_id')
        .where('archived_files.user_id', '=', viewerId),
    ) as Q;
  }
  const unarchived = query.where((eb) => eb.not(archivedByViewer(eb, viewerId))) as Q;
  if (set === 'photos') return unarchived;
  return unarchived.where('photos.file_id', 'in', (eb) =>
    eb
      .selectFrom('favourites')
      .select('favourites.file_id')
      .where('favourites.user_id', '=', viewerId),
  ) as Q;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `value LIKE pattern` with \ as the escape, case-insensitive on both engines. */
function likeSql(db: Db, value: ReturnType<typeof sql.ref>, pattern: string) {
  return isPostgres(db)
    ? sql<SqlBool>`${value} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${value} like ${pattern} escape '\\'`;
}

/** What a page reads of each photo's file: its tile, and whether it is shown twice or more. */
const TILE_FILE_COLUMNS = [...TILE_COLUMNS, 'files.photo_count'] as const;

/**
 * The photos with their albums and the viewer's membership, and each photo's file. On PostgreSQL
 * the file is a subquery per photo, looked up by files_pkey (decision 0097): as a join, the planner
 * may read and hash the whole files table for a month of a few hundred photos (told a month's true
 * count, it did: 56–97 ms a page at 100,000 files), where the page needs as many files as it
 * shows. SQLite joins by key anyway.
 */
function photosWithFiles(db: Db, viewerId: string) {
  const photos = db
    .selectFrom('photos')
    .leftJoin('albums', 'albums.id', 'photos.album_id')
    .leftJoin('album_members as membership', (join) =>
      join
        .onRef('membership.album_id', '=', 'photos.album_id')
        .on('membership.user_id', '=', viewerId),
    );
  const byKey = photos.leftJoinLateral(
    (eb) =>
      eb
        .selectFrom('files')
        .select(TILE_FILE_COLUMNS)
        .whereRef('files.id', '=', 'photos.file_id')
        .limit(literalLimit(1))
        .as('files'),
    (join) => join.onTrue(),
  );
  if (isPostgres(db)) return byKey;
  // The same columns, and more, by a join: typed as the subquery's, so no query reads others.
  return photos.leftJoin('files', 'files.id', 'photos.file_id') as unknown as typeof byKey;
}

/**
 * The photos `viewerId` may see (albumVisibleToSql, the rule everywhere), newest first by
 * (sort_date, id), walking photos_sort_idx, which holds what the page reads of the photo (decision
 * 0097); a file shown in several albums they see appears once, by its photo with the smallest id
 * among those. Albums, membership and files are left-joined: a left join keeps SQLite walking
 * photos in the index's order (see albums.repository).
 */
function photoPageQuery(db: Db, args: PhotoPageArgs) {
  let query = photosWithFiles(db, args.viewerId)
    .select([
      'photos.id',
      'photos.album_id',
      'photos.file_id',
      'photos.owner_id',
      'photos.sort_date',
      'albums.visibility as album_visibility',
      ...TILE_COLUMNS,
    ])
    .select((eb) => favouriteOfViewer(eb, args.viewerId).as('favourite'))
    .$narrowType<{
      album_visibility: AlbumVisibility;
      width: number;
      height: number;
      edit_version: number;
      derived_state: DerivedState;
      kind: FileKind;
    }>()
    .where((eb) => albumVisibleToSql(args.viewerId, eb('membership.user_id', 'is not', null)))
    .where((eb) =>
      eb.or([eb('files.photo_count', '<=', 1), eb.not(seenTwinBefore(eb, args.viewerId))]),
    );
  query = inPhotoSet(query, args.set, args.viewerId);
  const { afterKey, afterId, from, until, addedBy, ftsMatch, nameLike, cameraLike, personId } =
    args;
  if (personId !== undefined) {
    query = query.where('photos.file_id', 'in', (eb) =>
      eb
        .selectFrom('faces')
        .select('faces.file_id')
        .where('faces.person_id', '=', personId)
        .where('faces.owner_id', '=', args.viewerId),
    );
  }
  const { personIds, personsWanted } = args;
  if (personIds !== undefined && personsWanted !== undefined) {
    const named = isPostgres(db)
      ? sql<SqlBool>`position(',' || shown.person_id || ',' in ${personIds}) > 0`
      : sql<SqlBool>`instr(${personIds}, ',' || shown.person_id || ',') > 0`;
    query = query.where(
      sql<SqlBool>`(select count(distinct shown.person_id) from faces as shown where shown.file_id = photos.file_id and shown.owner_id = ${args.viewerId} and ${named}) >= ${personsWanted}`,
    );
  }
  if (afterKey !== undefined && afterId !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('photos.sort_date', 'photos.id'), '<', eb.tuple(afterKey, afterId)),
    );
  }
  if (from !== undefined) query = query.where('photos.sort_date', '>=', from);
  if (until !== undefined) query = query.where('photos.sort_date', '<', until);
  if (addedBy !== undefined) query = query.where('photos.owner_id', '=', addedBy);
  query = withOwnFileFilters(db, query, args);
  if (ftsMatch !== undefined || nameLike !== undefined || cameraLike !== undefined) {
    if (isPostgres(db)) {
      // The files whose name holds the text, found by the pg_trgm index; those of a camera whose
      // name holds it, by the camera names' index (decision 0129).
      if (nameLike !== undefined) {
        query = query.where('photos.file_id', 'in', () =>
          db
            .selectFrom('files as named')
            .select('named.id')
            .where(likeSql(db, sql.ref('named.original_name'), nameLike)),
        );
      }
      if (cameraLike !== undefined) {
        query = query.where(
          sql<SqlBool>`photos.file_id in (select id from files where ${CAMERA_NAME} in (${cameraNamesLike(db, cameraLike)}))`,
        );
      }
    } else {
      // The files whose name / camera hold the text, found by the FTS5 trigram index (terms of
      // three characters or more) or by reading file_search (shorter ones).
      const conditions = [
        ...(ftsMatch !== undefined
          ? [
              sql`file_search.id in (select rowid from file_search_fts where file_search_fts match ${ftsMatch})`,
            ]
          : []),
        ...(nameLike !== undefined ? [likeSql(db, sql.ref('file_search.name'), nameLike)] : []),
        ...(cameraLike !== undefined
          ? [likeSql(db, sql.ref('file_search.camera'), cameraLike)]
          : []),
      ];
      query = query.where(
        sql<SqlBool>`photos.file_id in (select file_search.file_id from file_search where ${sql.join(conditions, sql` and `)})`,
      );
    }
  }
  return query
    .orderBy('photos.sort_date', 'desc')
    .orderBy('photos.id', 'desc')
    .limit(literalLimit(args.limit));
}

/** A file's camera as PostgreSQL's search reads it: make and model (files_camera_name_idx's key). */
const CAMERA_NAME = sql`(coalesce(camera_make, '') || ' ' || coalesce(camera_model, ''))`;

/**
 * `value` is one of a list given as one argument, a JSON array of strings. PostgreSQL is given an
 * array (`= any`), which it matches by index; as `in (select …)` it planned a read of every file.
 */
const isOneOf = (db: Db, value: ReturnType<typeof sql>, list: string) =>
  isPostgres(db)
    ? sql`${value} = any(array(select jsonb_array_elements_text(${list}::jsonb)))`
    : sql`${value} in (select value from json_each(${list}))`;

/**
 * Every camera's name (make and model) whose name holds the pattern, learnt by walking an index
 * of the names one name at a time (a few dozen steps, not a read of every file; decision 0129):
 * files_camera_name_idx on PostgreSQL, file_search_camera_idx on SQLite.
 */
function cameraNamesLike(db: Db, pattern: string) {
  const [table, name] = isPostgres(db)
    ? [sql`files`, CAMERA_NAME]
    : [sql`file_search`, sql`camera`];
  return sql<{ name: string }>`with recursive cameras(name) as (
      select min(${name}) from ${table}
      union all
      select (select min(${name}) from ${table} where ${name} > cameras.name)
      from cameras where cameras.name is not null
    )
    select name from cameras where ${likeSql(db, sql.ref('name'), pattern)}`;
}

/** The ids of the files of the cameras so named, read from the camera names' index alone. */
function filesOfCameras(db: Db, names: string) {
  return isPostgres(db)
    ? sql`select id from files where ${isOneOf(db, CAMERA_NAME, names)}`
    : // Told the index, SQLite looks each name up; left to choose, it read the whole table.
      sql`select file_id from file_search indexed by file_search_camera_idx where ${isOneOf(db, sql`camera`, names)}`;
}

/**
 * The names the one search box's text may mean besides files' names (decision 0129): the cameras
 * whose name holds the pattern, and the viewer's cities whose name holds it, with their
 * countries, each list a JSON array (absent when empty). The viewer's countries, then each
 * country's cities, are learnt by walking files_owner_place_name_idx one name at a time (its
 * condition written as the index's own). Asked before the page, so that the page reads only lists
 * that can match, each by equality from an index.
 */
async function namesHolding(db: Db, viewerId: string, pattern: string) {
  const own = sql`owner_id = ${viewerId} and place_version > 0`;
  const { rows } = await sql<{
    camera: string | null;
    country: string | null;
    city: string | null;
  }>`
    with recursive countries(country) as (
      select min(place_country) from files where ${own}
      union all
      select (select min(place_country) from files where ${own} and place_country > countries.country)
      from countries where countries.country is not null
    ), cities(country, city) as (
      select country, (select min(place_city) from files where ${own} and place_country = countries.country)
      from countries where countries.country is not null
      union all
      select country, (select min(place_city) from files where ${own} and place_country = cities.country and place_city > cities.city)
      from cities where cities.city is not null
    )
    select name as camera, null as country, null as city from (${cameraNamesLike(db, pattern)}) as cameras
    union all
    select null, country, city from cities where ${likeSql(db, sql.ref('city'), pattern)}
  `.execute(db);
  const list = (names: (string | null)[]) => {
    const given = [...new Set(names.filter((name): name is string => name !== null))];
    return given.length > 0 ? JSON.stringify(given) : undefined;
  };
  return {
    anyCameras: list(rows.map((row) => row.camera)),
    anyCities: list(rows.map((row) => row.city)),
    anyCityCountries: list(rows.map((row) => row.country)),
  };
}

/**
 * The filters on the viewer's own files (the map's box, memories' days) and the one search box's
 * text, each a subquery of files: the owner's located files by files_owner_place_idx.
 */
function withOwnFileFilters<Q extends SelectQueryBuilder<Database, 'photos', object>>(
  db: Db,
  query: Q,
  args: PhotoPageArgs,
): Q {
  const { viewerId, boxWest, boxSouth, boxEast, boxNorth, monthDays } = args;
  if (args.ownFiles !== undefined) {
    query = query.where('photos.file_id', 'in', () => {
      let own = db.selectFrom('files as own').select('own.id').where('own.owner_id', '=', viewerId);
      if (
        boxWest !== undefined &&
        boxSouth !== undefined &&
        boxEast !== undefined &&
        boxNorth !== undefined
      ) {
        own = own
          .where('own.latitude_e7', '>=', boxSouth)
          .where('own.latitude_e7', '<=', boxNorth)
          .where('own.longitude_e7', '>=', boxWest)
          .where('own.longitude_e7', '<=', boxEast);
      }
      if (monthDays !== undefined) {
        own = own
          .where('own.date_taken', 'is not', null)
          .where(
            isPostgres(db)
              ? sql<SqlBool>`position(',' || substr(own.date_taken, 6, 5) || ',' in ${monthDays}) > 0`
              : sql<SqlBool>`instr(${monthDays}, ',' || substr(own.date_taken, 6, 5) || ',') > 0`,
          );
      }
      return own;
    }) as Q;
  }
  const { anyLike, anyMatch, placeCountries, anyCameras, anyCities, anyCityCountries } = args;
  if (anyLike === undefined && anyMatch === undefined) return query;
  const pattern = anyLike ?? '';
  // Each a list of files' ids read from an index (decisions 0120 and 0129): the files named so;
  // of the cameras and of the viewer's cities so named (namesHolding); of the viewer's countries
  // named. Lists that cannot match are left out: a text that names no camera and no place finds
  // its photos from the few files named so. The viewer's places are written as the index's own
  // condition, never bound, so that both engines know files_owner_place_name_idx holds them.
  const ownPlaces = (where: ReturnType<typeof sql>) =>
    sql`select placed.id from files as placed where placed.owner_id = ${viewerId} and placed.place_version > 0 and ${where}`;
  const lists = [
    isPostgres(db)
      ? sql`select named.id from files as named where ${likeSql(db, sql.ref('named.original_name'), pattern)}`
      : anyMatch !== undefined
        ? sql`select file_search.file_id from file_search where file_search.id in (select rowid from file_search_fts where file_search_fts match ${anyMatch})`
        : sql`select file_search.file_id from file_search where ${likeSql(db, sql.ref('file_search.name'), pattern)}`,
    ...(anyCameras !== undefined ? [filesOfCameras(db, anyCameras)] : []),
    ...(anyCities !== undefined && anyCityCountries !== undefined
      ? [
          ownPlaces(
            sql`${isOneOf(db, sql`placed.place_country`, anyCityCountries)} and ${isOneOf(db, sql`placed.place_city`, anyCities)}`,
          ),
        ]
      : []),
    ...(placeCountries !== undefined
      ? [ownPlaces(isOneOf(db, sql`placed.place_country`, placeCountries))]
      : []),
  ];
  // SQLite: `+photos.file_id` keeps it walking photos_sort_idx newest first, each photo looked up
  // in the lists of files (each read once, with a Bloom filter), until the page is full. Allowed
  // to look photos up by file instead, it read every photo of every file found and sorted them:
  // 110 ms for a camera in a quarter of 100,000 files (decision 0120).
  const file = isPostgres(db) ? sql`photos.file_id` : sql`+photos.file_id`;
  return query.where(
    sql<SqlBool>`(${sql.join(
      lists.map((list) => sql`${file} in (${list})`),
      sql` or `,
    )})`,
  ) as Q;
}

const listPhotoPageQuery = preparedQuery(photoPageQuery, { literals: ['limit', 'set'] });

export interface PhotoPageOptions {
  viewerId: string;
  limit: number;
  /** Photos (the default), its favourites, or the viewer's Archive. */
  set?: PhotoSet | undefined;
  after: { key: string; id: string } | undefined;
  /** sort_date at or after this text (a month YYYY-MM, a day YYYY-MM-DD). */
  from?: string | undefined;
  /** sort_date before this text. */
  until?: string | undefined;
  addedBy?: string | undefined;
  /** Text the file's name must hold (case-insensitive). */
  name?: string | undefined;
  /** Text the file's camera make or model must hold (case-insensitive). */
  camera?: string | undefined;
  /** Only photos showing this person of the viewer's (modules/people). */
  personId?: string | undefined;
  /** Only photos showing `count` of these people of the viewer's (a name may call several). */
  people?: { ids: readonly string[]; count: number } | undefined;
  /** Only the viewer's own uploads; with `box`, those taken inside it (degrees). */
  ownFiles?: boolean | undefined;
  box?: { west: number; south: number; east: number; north: number } | undefined;
  /** Only files taken (date taken known) on one of these days of the year, MM-DD. */
  monthDays?: readonly string[] | undefined;
  /** The one search box's text: file name, camera, or the place of one's own files. */
  anyText?: string | undefined;
  /** With anyText: the countries (ISO codes) whose names hold it. */
  placeCountries?: readonly string[] | undefined;
}

/**
 * What every sort_date (ISO-8601 text) of the month `YYYY-MM` sorts below: the next month. For
 * that bound PostgreSQL's statistics estimate the month's photos well, where for `YYYY-MM-32` they
 * guess a row or two and plan for it (decision 0097). December of 9999 has no next month of four
 * digits: its bound is `9999-12-32`, as no day is 32.
 */
export function endOfMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  if (next <= 12) return `${month.slice(0, 4)}-${String(next).padStart(2, '0')}`;
  return year < 9999 ? `${String(year + 1).padStart(4, '0')}-01` : `${month}-32`;
}

/** Escapes LIKE's wildcards (and its escape, \) in text to find as it is. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The trigram tokenizer finds substrings of three characters or more. */
const TRIGRAM = 3;

/** An FTS5 phrase of the text, in a column: its characters as they are. */
function ftsPhrase(column: string, text: string): string {
  return `${column} : "${text.replace(/"/g, '""')}"`;
}

/** A page of the photos the viewer may see, newest first (see photoPageQuery). */
export async function listVisiblePhotos(
  db: Db,
  options: PhotoPageOptions,
): Promise<TimelinePhotoRow[]> {
  const args: PhotoPageArgs = {
    viewerId: options.viewerId,
    limit: options.limit,
    set: options.set ?? 'photos',
    afterKey: options.after?.key,
    afterId: options.after?.id,
    from: options.from,
    until: options.until,
    addedBy: options.addedBy,
    ftsMatch: undefined,
    nameLike: undefined,
    cameraLike: undefined,
    personId: options.personId,
    personIds: options.people && `,${options.people.ids.join(',')},`,
    personsWanted: options.people?.count,
    ownFiles: options.ownFiles ? 'yes' : undefined,
    boxWest: options.box && Math.round(options.box.west * 1e7),
    boxSouth: options.box && Math.round(options.box.south * 1e7),
    boxEast: options.box && Math.round(options.box.east * 1e7),
    boxNorth: options.box && Math.round(options.box.north * 1e7),
    monthDays: options.monthDays && `,${options.monthDays.join(',')},`,
    anyLike: undefined,
    anyMatch: undefined,
    placeCountries:
      options.placeCountries && options.placeCountries.length > 0
        ? JSON.stringify(options.placeCountries)
        : undefined,
    anyCameras: undefined,
    anyCities: undefined,
    anyCityCountries: undefined,
  };
  if (options.anyText !== undefined) {
    args.anyLike = containsPattern(options.anyText);
    Object.assign(args, await namesHolding(db, options.viewerId, args.anyLike));
    if (!isPostgres(db) && Array.from(options.anyText).length >= TRIGRAM) {
      args.anyMatch = ftsPhrase('name', options.anyText);
    }
  }
  const terms = [['name', options.name] as const, ['camera', options.camera] as const].filter(
    (term): term is readonly ['name' | 'camera', string] => term[1] !== undefined,
  );
  if (isPostgres(db)) {
    for (const [column, text] of terms) args[`${column}Like`] = containsPattern(text);
  } else {
    const phrases: string[] = [];
    for (const [column, text] of terms) {
      if (Array.from(text).length >= TRIGRAM) phrases.push(ftsPhrase(column, text));
      else args[`${column}Like`] = containsPattern(text);
    }
    if (phrases.length > 0) args.ftsMatch = phrases.join(' AND ');
  }
  return await listPhotoPageQuery(db, args);
}

/**
 * Photos per month of the albums the viewer sees: the months of every album seen by everyone
 * (everyone_months, a row per month), and those of the viewer's other albums that the rule lets
 * them see (their own, and those they are a member of), found from the viewer by index.
 */
function monthCountsQuery(db: Db, args: { viewerId: string }) {
  const seenByEveryone = db
    .selectFrom('everyone_months')
    .select(['everyone_months.month as month', 'everyone_months.photo_count as n']);
  const others = db
    .selectFrom('photo_months')
    .innerJoin('albums', 'albums.id', 'photo_months.album_id')
    .leftJoin('album_members as membership', (join) =>
      join
        .onRef('membership.album_id', '=', 'photo_months.album_id')
        .on('membership.user_id', '=', args.viewerId),
    )
    .select(['photo_months.month as month', 'photo_months.photo_count as n'])
    .where('photo_months.everyone', '=', 0)
    .where('photo_months.album_id', 'in', (eb) =>
      eb
        .selectFrom('albums as own')
        .select('own.id')
        .where('own.owner_id', '=', args.viewerId)
        .unionAll(
          eb
            .selectFrom('album_members as mine')
            .select('mine.album_id as id')
            .where('mine.user_id', '=', args.viewerId),
        ),
    )
    .where(albumSeenByEveryoneSql(false))
    .where((eb) => albumVisibleToSql(args.viewerId, eb('membership.user_id', 'is not', null)));
  return db
    .selectFrom(seenByEveryone.unionAll(others).as('counted'))
    .select((eb) => ['counted.month', eb.fn.sum<number | string>('counted.n').as('count')])
    .groupBy('counted.month');
}

/**
 * The photos the viewer sees twice or more (their file is in several albums they see) but the
 * timeline shows once, per month: every such photo but the one with the smallest id. Starts from
 * the few files shown more than once (files_shown_twice_idx).
 */
function monthRepeatsQuery(db: Db, args: { viewerId: string }) {
  // PostgreSQL is given the files as an array (computed once), which it looks photos up by on
  // photos_file_idx; as a join, it reads photos whole (decision 0052).
  const shownTwice = isPostgres(db)
    ? sql<SqlBool>`photos.file_id = any(array(select files.id from files where files.photo_count > 1))`
    : sql<SqlBool>`photos.file_id in (select files.id from files where files.photo_count > 1)`;
  return db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .leftJoin('album_members as membership', (join) =>
      join
        .onRef('membership.album_id', '=', 'photos.album_id')
        .on('membership.user_id', '=', args.viewerId),
    )
    .select((eb) => [
      sql<string>`substr(photos.sort_date, 1, 7)`.as('month'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where(shownTwice)
    .where((eb) => albumVisibleToSql(args.viewerId, eb('membership.user_id', 'is not', null)))
    .where((eb) => seenTwinBefore(eb, args.viewerId))
    .groupBy(sql`substr(photos.sort_date, 1, 7)`);
}

/**
 * Per month, the tiles the timeline shows of the viewer's marked files (their favourites, or
 * what they archived): photos of those files in albums they see, one per file (no twin before),
 * favourites without what they archived. Starts from the viewer's marks (their key's prefix), then
 * the photos of each file by photos_file_idx: as many rows as the viewer marked.
 */
function markedMonthsQuery(db: Db, args: { viewerId: string; mark: 'favourites' | 'archived' }) {
  const marked =
    args.mark === 'favourites'
      ? db
          .selectFrom('favourites')
          .select('favourites.file_id')
          .where('favourites.user_id', '=', args.viewerId)
      : db
          .selectFrom('archived_files')
          .select('archived_files.file_id')
          .where('archived_files.user_id', '=', args.viewerId);
  let query = db
    .selectFrom(marked.as('marked'))
    .innerJoin('photos', 'photos.file_id', 'marked.file_id')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .leftJoin('album_members as membership', (join) =>
      join
        .onRef('membership.album_id', '=', 'photos.album_id')
        .on('membership.user_id', '=', args.viewerId),
    )
    .select((eb) => [
      sql<string>`substr(photos.sort_date, 1, 7)`.as('month'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where((eb) => albumVisibleToSql(args.viewerId, eb('membership.user_id', 'is not', null)))
    .where((eb) => eb.not(seenTwinBefore(eb, args.viewerId)));
  if (args.mark === 'favourites') {
    query = query.where((eb) => eb.not(archivedByViewer(eb, args.viewerId)));
  }
  return query.groupBy(sql`substr(photos.sort_date, 1, 7)`);
}

const monthCounts = preparedQuery(monthCountsQuery);
const monthRepeats = preparedQuery(monthRepeatsQuery);
const markedMonths = preparedQuery(markedMonthsQuery, { literals: ['mark'] });

type MonthCount = { month: string; count: number };

/** The months holding photos, newest month first, from per-month counts added up. */
function toMonths(parts: { rows: { month: string; count: number | string }[]; sign: 1 | -1 }[]) {
  const byMonth = new Map<string, number>();
  for (const { rows, sign } of parts) {
    for (const row of rows) {
      byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + sign * Number(row.count));
    }
  }
  return [...byMonth]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, count]): MonthCount => ({ month, count }));
}

/**
 * How many photos the viewer's timeline holds in each month, newest month first: the counts kept
 * by triggers, less a file's second photos and the viewer's archived files (their Photos); or, for
 * their favourites, counted from the favourites themselves.
 */
export async function countVisiblePhotosByMonth(
  db: Db,
  viewerId: string,
  set: 'photos' | 'favourites' = 'photos',
): Promise<MonthCount[]> {
  if (set === 'favourites') {
    const rows = await markedMonths(db, { viewerId, mark: 'favourites' });
    return toMonths([{ rows, sign: 1 }]);
  }
  const [counts, repeats, archived] = await Promise.all([
    monthCounts(db, { viewerId }),
    monthRepeats(db, { viewerId }),
    markedMonths(db, { viewerId, mark: 'archived' }),
  ]);
  return toMonths([
    { rows: counts, sign: 1 },
    { rows: repeats, sign: -1 },
    { rows: archived, sign: -1 },
  ]);
}
