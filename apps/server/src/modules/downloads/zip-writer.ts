import { Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { ZipArchiveEntry } from 'compress-commons';
import ZipStream from 'zip-stream';
import type { BlobStore } from '../../storage/blob-store.js';

type EntryDone = (error: Error | null, entry?: ZipArchiveEntry) => void;

/** Bytes of an entry passed on at once, at most (each piece costs the same, whatever its size). */
const COALESCE_BYTES = 256 * 1024;

/**
 * zip-stream, with the CRC-32 of stored entries taken by zlib (native) rather than the crc-32
 * package (JavaScript, about a third of its speed, which bounded a zip's throughput). This
 * replaces compress-commons' _smartStream for STORE entries (it is what that method does, with
 * another checksum: the version is pinned for it); deflated entries are left to it. An entry whose
 * CRC-32 is known already (taken at upload) is not checksummed: only its bytes are counted.
 */
class StoredZipStream extends ZipStream {
  /** The CRC-32 of the entry being added by storedEntry, when known; read by _smartStream. */
  #knownCrc: number | null = null;

  /** Adds a stored entry; `crc` (unsigned), when known, stands for its bytes' checksum. */
  storedEntry(
    source: Readable,
    data: { name: string; date: Date },
    crc: number | null,
    callback: (error?: Error | null) => void,
  ) {
    // entry() reaches _smartStream synchronously (compress-commons' _appendStream).
    this.#knownCrc = crc;
    try {
      this.entry(source, { ...data, store: true }, callback);
    } finally {
      this.#knownCrc = null;
    }
  }

  override _smartStream(entry: ZipArchiveEntry, callback: EntryDone) {
    if (entry.getMethod() !== 0) return super._smartStream(entry, callback);
    const known = this.#knownCrc;
    this.#knownCrc = null;
    let checksum = 0;
    let size = 0;
    let failure: Error | null = null;
    // Small reads (a bucket's answer comes 16 KiB at a time) are passed on together, up to
    // COALESCE_BYTES: each chunk costs the same on its way through the zip to the socket.
    let held: Buffer[] = [];
    let heldBytes = 0;
    const pass = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (known === null) checksum = crc32(chunk, checksum);
        size += chunk.length;
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes < COALESCE_BYTES) return done();
        const out = held.length === 1 ? chunk : Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
        done(null, out);
      },
      flush(done) {
        done(null, heldBytes > 0 ? Buffer.concat(held, heldBytes) : undefined);
      },
    });
    pass.once('end', () => {
      entry.setCrc(known ?? checksum >>> 0);
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
  /** CRC-32 of the blob's bytes (unsigned), when known; else it is taken while they are sent. */
  crc32?: number | null;
}

/**
 * A zip of these blobs, streamed: each blob is piped through in turn (STORE: photos are
 * compressed already; CRC-32 and sizes follow each entry in a data descriptor; the CRC-32 is the
 * entry's own when it has one, else taken from the bytes as they pass), with the reader's
 * backpressure, so memory stays bounded whatever the sizes and no temporary file is written. The
 * next blob is opened while one is being sent (a bucket's answer takes a round trip), never more
 * than that one. Past 4 GiB (or 65,535 entries) the central directory is ZIP64 (zip-stream's
 * compress-commons). When the reader goes away (the stream is destroyed), the blobs open are
 * closed and no other is opened. A blob that cannot be read ends the stream with that error (the
 * client sees a broken download; `onError` is told once).
 */
export function zipOfBlobs(
  entries: readonly ZipEntry[],
  blobStore: Pick<BlobStore, 'read'>,
  onError: (error: unknown) => void,
): Readable {
  const zip = new StoredZipStream({ store: true, zlib: { level: 0 } });
  const open = new Set<Readable>();
  let stopped = false;
  const closeAll = () => {
    for (const stream of open) stream.destroy();
    open.clear();
  };
  const closed = new Promise<never>((_resolve, reject) => {
    zip.once('close', () => {
      stopped = true;
      closeAll();
      reject(new Error('the zip was closed'));
    });
  });
  // Only to end the loop below when the reader leaves mid-entry: not an error.
  closed.catch(() => undefined);
  const read = async (entry: ZipEntry): Promise<Readable> => {
    const blob = await blobStore.read(entry.key);
    if (!blob) throw new Error(`no blob at ${entry.key}`);
    if (stopped) blob.stream.destroy();
    else open.add(blob.stream);
    return blob.stream;
  };

  const write = async () => {
    let next = entries[0] ? read(entries[0]) : undefined;
    for (const [index, entry] of entries.entries()) {
      if (stopped || !next) return;
      const stream = await next;
      const following = entries[index + 1];
      next = following ? read(following) : undefined;
      // Its failure is met when its turn comes (or not at all, once the zip is closed).
      next?.catch(() => undefined);
      if (stopped) return;
      const written = new Promise<void>((resolve, reject) => {
        zip.storedEntry(
          stream,
          { name: entry.name, date: entry.date },
          entry.crc32 ?? null,
          (error) => (error ? reject(error) : resolve()),
        );
      });
      await Promise.race([written, closed]);
      open.delete(stream);
    }
    zip.finalize();
  };
  write().catch((error: unknown) => {
    if (stopped) return;
    stopped = true;
    closeAll();
    onError(error);
    zip.destroy(error as Error);
  });
  return zip;
}
