import type { FileRow } from '../../../db/schema.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { blobKeys, type DerivedKeys } from '../store/blobs.js';
import {
  DERIVED_CONTENT_TYPE,
  countFrames,
  makeDerivedSizes,
  makeLaterSizes,
  type DerivedImages,
  type LaterImages,
  type Rotation,
} from '../media/images.js';

const DERIVED_SIZES = ['thumb', 'preview', 'card', 'card3x'] as const;

/** The file's size upright: the row's size is as shown, so that turned back by its rotation. */
export function uprightSize(file: Pick<FileRow, 'width' | 'height' | 'rotation'>) {
  return file.rotation % 180 !== 0
    ? { width: file.height, height: file.width }
    : { width: file.width, height: file.height };
}

/**
 * The original for libvips: its file when the store is on this disk (libvips then reads only what
 * it decodes, and no copy of the whole file is held in memory), else its bytes; null when gone.
 */
export async function readOriginal(
  blobStore: BlobStore,
  key: string,
): Promise<string | Buffer | null> {
  if (blobStore.localPath) return blobStore.localPath(key);
  const blob = await blobStore.read(key);
  return blob ? Buffer.concat(await blob.stream.toArray()) : null;
}

/** Every derived size of a stored file, from its original's bytes, turned by `rotation`. */
export async function deriveFromOriginal(
  original: string | Buffer,
  file: Pick<FileRow, 'width' | 'height' | 'rotation'>,
  rotation: Rotation,
): Promise<DerivedImages> {
  const frames = await countFrames(original);
  return makeDerivedSizes(original, { ...uprightSize(file), frames }, rotation);
}

/** The sizes after the thumbnail of a stored file, from its original's bytes, turned by `rotation`. */
export async function deriveLaterFromOriginal(
  original: string | Buffer,
  file: Pick<FileRow, 'width' | 'height' | 'rotation'>,
  rotation: Rotation,
): Promise<LaterImages> {
  const frames = await countFrames(original);
  return makeLaterSizes(original, { ...uprightSize(file), frames }, rotation);
}

/**
 * Stores the derived images under the keys of the file's edit version `version` and answers the
 * keys of all four sizes (a thumbnail left out was stored before, under its key). When a write
 * fails, what was written is deleted and the error thrown.
 */
export async function putDerivedImages(
  blobStore: BlobStore,
  fileId: string,
  version: number,
  derived: DerivedImages | LaterImages,
): Promise<DerivedKeys> {
  const written: string[] = [];
  try {
    for (const size of DERIVED_SIZES) {
      const bytes = (derived as Partial<DerivedImages>)[size];
      if (!bytes) continue;
      const key = blobKeys.derived(fileId, size, version);
      await blobStore.putBuffer(key, bytes, DERIVED_CONTENT_TYPE);
      written.push(key);
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => blobStore.delete(key)));
    throw error;
  }
  return {
    thumb_key: blobKeys.derived(fileId, 'thumb', version),
    preview_key: blobKeys.derived(fileId, 'preview', version),
    card_key: blobKeys.derived(fileId, 'card', version),
    card3x_key: blobKeys.derived(fileId, 'card3x', version),
  };
}

/** Stores the thumbnail of the file's edit version `version`; answers its key. */
export async function putThumbnail(
  blobStore: BlobStore,
  fileId: string,
  version: number,
  thumb: Buffer,
): Promise<string> {
  const key = blobKeys.derived(fileId, 'thumb', version);
  await blobStore.putBuffer(key, thumb, DERIVED_CONTENT_TYPE);
  return key;
}
