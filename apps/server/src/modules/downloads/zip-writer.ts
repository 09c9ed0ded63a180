import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { ZipArchiveEntry } from 'compress-commons';
import ZipStream from 'zip-stream';
import type { BlobStore } from '../../storage/blob-store.js';

type EntryDone = (error: Error | null, entry?: ZipArchiveEntry) => void;

/**
 * zip-stream, with the CRC-32 of stored entries taken by zlib (native) rather than the crc-32
 * package (JavaScript, about a third of its speed, which bounded a zip's throughput). This
 * replaces compress-commons' _smartStream for STORE entries (it is what that method does, with
 * another checksum: the version is pinned for it); deflated entries are left to it.
 */
class StoredZipStream extends ZipStream {
  override _smartStream(entry: ZipArchiveEntry, callback: EntryDone) {
    if (entry.getMethod() !== 0) return super._smartStream(entry, callback);
    let checksum = 0;
    let size = 0;
    let failure: Error | null = null;
    const pass = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        checksum = crc32(chunk, checksum);
        size += chunk.length;
        done(null, chunk);
      },
    });
    pass.once('end', () => {
      entry.setCrc(checksum >>> 0);
      entry.setSize(size);
      entry.setCompressedSize(size);
      this._afterAppend(entry);
      callback(failure, entry);
    });
    pass.once('error', (error) => {
      failure = error;
    });
    pass.pipe(this, { end: false });
    return pass as unknown as ReturnType<ZipStream['_smartStream']>;
  }
}

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
  const zip = new StoredZipStream({ store: true, zlib: { level: 0 } });
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
