import type { Readable } from 'node:stream';
import ZipStream from 'zip-stream';
import type { BlobStore } from '../../storage/blob-store.js';

/** One file of a zip: a blob of the store, under a name, dated. */
export interface ZipEntry {
  name: string;
  key: string;
  date: Date;
}

/**
 * A zip of these blobs, streamed: each blob is opened when its turn comes and piped through
 * (STORE: photos are compressed already; CRC-32 and sizes follow each entry in a data
 * descriptor), with the reader's backpressure, so memory stays bounded whatever the sizes and no
 * temporary file is written. Past 4 GiB (or 65,535 entries) the central directory is ZIP64
 * (zip-stream's compress-commons). When the reader goes away (the stream is destroyed), the
 * blob being read is closed and no other is opened. A blob that cannot be read ends the stream
 * with that error (the client sees a broken download; `onError` is told once).
 */
export function zipOfBlobs(
  entries: readonly ZipEntry[],
  blobStore: Pick<BlobStore, 'read'>,
  onError: (error: unknown) => void,
): Readable {
  const zip = new ZipStream({ store: true, zlib: { level: 0 } });
  let reading: Readable | undefined;
  let stopped = false;
  const closed = new Promise<never>((_resolve, reject) => {
    zip.once('close', () => {
      stopped = true;
      reading?.destroy();
      reject(new Error('the zip was closed'));
    });
  });
  // Only to end the loop below when the reader leaves mid-entry: not an error.
  closed.catch(() => undefined);

  const write = async () => {
    for (const entry of entries) {
      if (stopped) return;
      const blob = await blobStore.read(entry.key);
      if (!blob) throw new Error(`no blob at ${entry.key}`);
      if (stopped) {
        blob.stream.destroy();
        return;
      }
      reading = blob.stream;
      const written = new Promise<void>((resolve, reject) => {
        zip.entry(blob.stream, { name: entry.name, date: entry.date, store: true }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      await Promise.race([written, closed]);
      reading = undefined;
    }
    zip.finalize();
  };
  write().catch((error: unknown) => {
    if (stopped) return;
    stopped = true;
    reading?.destroy();
    onError(error);
    zip.destroy(error as Error);
  });
  return zip;
}
