import type { Db } from '../../db/schema.js';

/** What a preview tells of an album, and its cover's blobs. */
export interface PreviewAlbumRow {
  id: string;
  name: string;
  owner_id: string;
  owner_name: string;
  visibility: 'everyone' | 'invited' | 'owner';
  photo_count: number;
  /** null: the album holds no photo, and has no cover (decision 0087). */
  cover_file_id: string | null;
  cover_preview_key: string | null;
  cover_still_key: string | null;
  cover_blob_key: string | null;
  cover_rotation: number;
  cover_edit_version: number;
}

export async function findPreviewAlbum(
  db: Db,
  albumId: string,
): Promise<PreviewAlbumRow | undefined> {
  const row = await db
    .selectFrom('albums')
    .innerJoin('users as owner', 'owner.id', 'albums.owner_id')
    .leftJoin('files as cover', 'cover.id', 'albums.cover_file_id')
    .select([
      'albums.id',
      'albums.name',
      'albums.owner_id',
      'owner.name as owner_name',
      'albums.visibility',
      'albums.photo_count',
      'albums.cover_file_id',
      'cover.preview_key as cover_preview_key',
      'cover.still_key as cover_still_key',
      'cover.blob_key as cover_blob_key',
      'cover.rotation as cover_rotation',
      'cover.edit_version as cover_edit_version',
    ])
    .where('albums.id', '=', albumId)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      photo_count: Number(row.photo_count),
      cover_rotation: Number(row.cover_rotation),
      cover_edit_version: Number(row.cover_edit_version),
    }
  );
}
