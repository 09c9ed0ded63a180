import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import type { AppDeps } from '../deps.js';
import { newFileId, newId } from '../lib/ids.js';
import { blobKeys } from '../modules/files/store/blobs.js';

/** One file of a zip, as a real reader (yauzl) reads it. */
export interface UnzippedEntry {
  name: string;
  /** The compression method: 0 STORE, 8 DEFLATE. */
  method: number;
  /** The CRC-32 the zip states for it (checked against its bytes). */
  crc32: number;
  bytes: Buffer;
}

/**
 * Every entry of a zip, in the order of its central directory. yauzl checks the sizes; the CRC-32
 * the zip states for each entry is checked here against its bytes.
 */
export function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true }, (error, archive) => {
      if (error) return reject(error);
      const entries: UnzippedEntry[] = [];
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (crc32(bytes) >>> 0 !== entry.crc32) {
              reject(new Error(`${entry.fileName}: its CRC-32 does not match its bytes`));
              return;
            }
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              crc32: entry.crc32,
              bytes,
            });
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

/**
 * Adds photos to an album whose originals are these buffers (any bytes: a zip does not read
 * them), each a file row of its own like an upload leaves (a copy of the album cover's row under
 * a new id), its original put in the app's blob store. Answers the photos' ids, in the album's
 * order.
 */
export async function addBlobPhotos(
  deps: Pick<AppDeps, 'db' | 'blobStore'>,
  album: { id: string; ownerId: string; coverFileId: string },
  blobs: readonly Buffer[],
  firstDate: Date,
): Promise<string[]> {
  const cover = await deps.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', album.coverFileId)
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [index, bytes] of blobs.entries()) {
    const fileId = newFileId();
    const key = blobKeys.original(fileId);
    await deps.blobStore.putBuffer(key, bytes, cover.content_type);
    const date = new Date(firstDate.getTime() + index * 1000).toISOString();
    await deps.db
      .insertInto('files')
      .values({
        ...cover,
        id: fileId,
        blob_key: key,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        crc32: crc32(bytes),
        thumb_key: null,
        preview_key: null,
        card_key: null,
        card3x_key: null,
        date_taken: date,
        // Stored without a name, as files were before names were kept.
        original_name: null,
      })
      .execute();
    const id = newId();
    await deps.db
      .insertInto('photos')
      .values({
        id,
        album_id: album.id,
        file_id: fileId,
        owner_id: album.ownerId,
        created_at: date,
        sort_date: date,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}
