import yauzl from 'yauzl';

/** One file of a zip, as a real reader (yauzl) reads it. */
export interface UnzippedEntry {
  name: string;
  /** The compression method: 0 STORE, 8 DEFLATE. */
  method: number;
  bytes: Buffer;
}

/** Every entry of a zip, in the order of its central directory; CRC-32 checked by the reader. */
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
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              bytes: Buffer.concat(chunks),
            });
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
