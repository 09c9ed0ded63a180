import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/schema.js';
import { albumVisibleToUserSql } from '../../lib/access.js';
import { TILE_COLUMNS } from '../../lib/photo-media.js';
import type { TimelinePhotoRow } from '../timeline/timeline.repository.js';

/** A box in degrees × 10^7 (the files' columns): west ≤ east, south ≤ north. */
export interface BoxE7 {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One cell of the map's grid: how many of the owner's files it holds, where, and one photo. */
export interface PlaceCell {
  count: number;
  /** How many of those are inside the box asked for (the cells are read with a margin). */
  inBox: number;
  latitude: number;
  longitude: number;
  south: number;
  north: number;
  west: number;
  east: number;
  /** The smallest id of the cell's files: its cover. */
  fileId: string;
}

/**
 * The viewer's own located files inside `box`, counted per cell of a grid `cellE7` wide (each
 * file once, whatever albums show it), from photos they still see: a locked or trashed photo has
 * left `photos`, so it is in no cell and no count. Their archived files only when `archived`.
 * Read by files_owner_place_idx; a cell's bounds are shifted to be positive, so the integer
 * division is a floor on both engines.
 */
export async function countPlaceCells(
  db: Db,
  args: { viewerId: string; box: BoxE7; margin: BoxE7; cellE7: number; archived: boolean },
): Promise<PlaceCell[]> {
  const { viewerId, box, margin, cellE7 } = args;
  const cell = sql.lit(cellE7);
  // Each file once: a semi-join to a photo of it the viewer still sees, stopping at the first.
  let query = db
    .selectFrom('files')
    .where('files.owner_id', '=', viewerId)
    .where('files.latitude_e7', '>=', margin.south)
    .where('files.latitude_e7', '<=', margin.north)
    .where('files.longitude_e7', '>=', margin.west)
    .where('files.longitude_e7', '<=', margin.east)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('photos')
          .innerJoin('albums', 'albums.id', 'photos.album_id')
          .select('photos.id')
          .whereRef('photos.file_id', '=', 'files.id')
          .where(albumVisibleToUserSql(viewerId)),
      ),
    );
  if (!args.archived) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('archived_files')
            .select('archived_files.file_id')
            .whereRef('archived_files.file_id', '=', 'files.id')
            .where('archived_files.user_id', '=', viewerId),
        ),
      ),
    );
  }
  const inBox = sql<SqlBool>`files.latitude_e7 >= ${box.south} and files.latitude_e7 <= ${box.north} and files.longitude_e7 >= ${box.west} and files.longitude_e7 <= ${box.east}`;
  const rows = await query
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      sql<number | string>`sum(case when ${inBox} then 1 else 0 end)`.as('in_box'),
      sql<number | string>`avg(files.latitude_e7)`.as('latitude'),
      sql<number | string>`avg(files.longitude_e7)`.as('longitude'),
      eb.fn.min('files.latitude_e7').as('south'),
      eb.fn.max('files.latitude_e7').as('north'),
      eb.fn.min('files.longitude_e7').as('west'),
      eb.fn.max('files.longitude_e7').as('east'),
      eb.fn.min('files.id').as('file_id'),
    ])
    .groupBy([
      sql`(cast(files.latitude_e7 as bigint) + 900000000) / ${cell}`,
      sql`(cast(files.longitude_e7 as bigint) + 1800000000) / ${cell}`,
    ])
    .execute();
  return rows.map((row) => ({
    count: Number(row.count),
    inBox: Number(row.in_box),
    latitude: Number(row.latitude) / 1e7,
    longitude: Number(row.longitude) / 1e7,
    south: Number(row.south) / 1e7,
    north: Number(row.north) / 1e7,
    west: Number(row.west) / 1e7,
    east: Number(row.east) / 1e7,
    fileId: String(row.file_id),
  }));
}

/**
 * The tiles of these files of the viewer's (the clusters' covers), as the timeline makes them:
 * for each, its photo of smallest id in an album the viewer sees.
 */
export async function listCoverRows(
  db: Db,
  viewerId: string,
  fileIds: readonly string[],
): Promise<TimelinePhotoRow[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .innerJoin('files', 'files.id', 'photos.file_id')
    .select((eb) => [
      'photos.id',
      'photos.album_id',
      'photos.file_id',
      'photos.owner_id',
      'photos.sort_date',
      'albums.visibility as album_visibility',
      ...TILE_COLUMNS,
      eb
        .exists(
          eb
            .selectFrom('favourites')
            .select('favourites.file_id')
            .whereRef('favourites.file_id', '=', 'photos.file_id')
            .where('favourites.user_id', '=', viewerId),
        )
        .as('favourite'),
    ])
    .where('photos.file_id', 'in', [...fileIds])
    .where('files.owner_id', '=', viewerId)
    .where(albumVisibleToUserSql(viewerId))
    .orderBy('photos.id')
    .execute();
  const first = new Map<string, TimelinePhotoRow>();
  for (const row of rows) if (!first.has(row.file_id)) first.set(row.file_id, row);
  return [...first.values()];
}
