import type { CardImageSize, ImageSize } from '@photo/contract';
import type { FileRow } from '../../../db/schema.js';
import type { BlobStore } from '../../../storage/blob-store.js';

/** Blob keys: generated from the file id, never from the user's file name. */
export const blobKeys = {
  original: (id: string) => `originals/${id}`,
  /** Each edit of the file (a rotation) gets new keys: bytes under a key never change. */
  derived: (id: string, size: ImageSize | CardImageSize, editVersion = 0) =>
    editVersion === 0 ? `${size}/${id}.webp` : `${size}/${id}.v${editVersion}.webp`,
  /** The picture sizes are made from when libvips cannot read the original (JPEG). */
  still: (id: string) => `stills/${id}.jpg`,
  /**
   * The picture a chat app shows for a share link whose album has this file as its cover (1200 x
   * 630 JPEG, modules/link-previews): made on first request, named by no row, so the sweeper
   * removes it a day after it was made and the next request makes it again.
   */
  linkPreview: (id: string, editVersion = 0) =>
    editVersion === 0 ? `og/${id}.jpg` : `og/${id}.v${editVersion}.jpg`,
  /** A video's browser-safe copy (MP4). */
  rendition: (id: string) => `renditions/${id}.mp4`,
  /** The original without its location, served to everyone but its owner (decision 0081). */
  placeless: (id: string) => `placeless/${id}`,
};

/** The columns of a file's row that name the blobs of its derived sizes. */
export const DERIVED_BLOB_COLUMNS = ['thumb_key', 'preview_key', 'card_key', 'card3x_key'] as const;

/**
 * The columns of a file's row that name its blobs: its original, its still, rendition and copy
 * without location (made once, never edited), then its derived sizes.
 */
export const FILE_BLOB_COLUMNS = [
  'blob_key',
  'still_key',
  'rendition_key',
  'placeless_key',
  ...DERIVED_BLOB_COLUMNS,
] as const;

export type DerivedKeys = Pick<FileRow, (typeof DERIVED_BLOB_COLUMNS)[number]>;
export type FileBlobKeys = Pick<FileRow, (typeof FILE_BLOB_COLUMNS)[number]>;

/** The blobs a row names for its derived sizes, those it has. */
export function derivedBlobKeysOf(row: DerivedKeys): string[] {
  return DERIVED_BLOB_COLUMNS.map((column) => row[column]).filter((key): key is string =>
    Boolean(key),
  );
}

/** Every blob a file's row names: its original, still, rendition, copy without location and derived sizes, those it has. */
export function blobKeysOf(row: FileBlobKeys): string[] {
  const own = [row.still_key, row.rendition_key, row.placeless_key].filter((key): key is string =>
    Boolean(key),
  );
  return [row.blob_key, ...own, ...derivedBlobKeysOf(row)];
}

/** Deletes every blob of a file whose row is gone (run once that deletion is committed). */
export async function deleteFileBlobs(blobStore: BlobStore, row: FileBlobKeys): Promise<void> {
  await Promise.all(blobKeysOf(row).map((key) => blobStore.delete(key)));
}
