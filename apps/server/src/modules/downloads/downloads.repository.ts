import type { Insertable, Selectable } from 'kysely';
import { inBatches } from '../../db/id-batches.js';
import type { Db, DownloadTicketsTable } from '../../db/schema.js';

export type DownloadTicketRow = Selectable<DownloadTicketsTable>;

export async function insertDownloadTicket(
  db: Db,
  row: Insertable<DownloadTicketsTable>,
): Promise<void> {
  await db.insertInto('download_tickets').values(row).execute();
}

export function findDownloadTicket(db: Db, id: string): Promise<DownloadTicketRow | undefined> {
  return db.selectFrom('download_tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Forgets the tickets that expired before `nowSeconds`. */
export async function deleteExpiredDownloadTickets(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('download_tickets').where('expires_at', '<', nowSeconds).execute();
}

/** What a zip needs of a photo: its blob, and what its entry is named and dated by. */
export interface ZipPhotoRow {
  id: string;
  blob_key: string;
  content_type: string;
  date_taken: string | null;
  created_at: string;
  /** The name the file was uploaded under; null for files stored before names were kept. */
  original_name: string | null;
  /** CRC-32 of the original, taken at upload (PostgreSQL answers its bigint as text); null before. */
  crc32: number | string | null;
  /** A Live Photo's motion (its movie's original, also in the zip); null for other photos. */
  motion_blob_key: string | null;
  motion_content_type: string | null;
  motion_original_name: string | null;
  motion_crc32: number | string | null;
  /**
   * The copies without location (decision 0081), served unless the zip's maker may see the
   * place (lib/place-access.ts: whose file, whose album, whether it shows places).
   */
  placeless_key: string | null;
  placeless_crc32: number | string | null;
  motion_placeless_key: string | null;
  motion_placeless_crc32: number | string | null;
  file_owner_id: string;
  album_owner_id: string;
  show_places: number;
}

function selectZipPhotos(db: Db) {
  return db
    .selectFrom('photos')
    .innerJoin('files', 'files.id', 'photos.file_id')
    .leftJoin('files as motion', 'motion.id', 'files.motion_file_id')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select([
      'photos.id',
      'files.blob_key',
      'files.content_type',
      'files.date_taken',
      'files.original_name',
      'files.crc32',
      'photos.created_at',
      'motion.blob_key as motion_blob_key',
      'motion.content_type as motion_content_type',
      'motion.original_name as motion_original_name',
      'motion.crc32 as motion_crc32',
      'files.placeless_key',
      'files.placeless_crc32',
      'motion.placeless_key as motion_placeless_key',
      'motion.placeless_crc32 as motion_placeless_crc32',
      'files.owner_id as file_owner_id',
      'albums.owner_id as album_owner_id',
      'albums.show_places',
    ]);
}

/** The album's photos for its zip, in the album's order (sort_date, id). */
export function listAlbumZipPhotos(db: Db, albumId: string): Promise<ZipPhotoRow[]> {
  return selectZipPhotos(db)
    .where('photos.album_id', '=', albumId)
    .orderBy('photos.sort_date', 'asc')
    .orderBy('photos.id', 'asc')
    .execute();
}

/** These photos for a zip, in the order named (those that exist), a batch of ids per statement. */
export async function listZipPhotos(db: Db, ids: readonly string[]): Promise<ZipPhotoRow[]> {
  const found = new Map<string, ZipPhotoRow>();
  for (const batch of inBatches(ids)) {
    for (const row of await selectZipPhotos(db).where('photos.id', 'in', batch).execute()) {
      found.set(row.id, row);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
