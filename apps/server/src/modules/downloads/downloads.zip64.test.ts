import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { DownloadTicket } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createAlbumAs, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { addBlobPhotos } from '../../test/zip.js';

/**
 * A zip past 4 GiB: ZIP64. Its bytes do not depend on the database, and 4 GiB cross the loopback:
 * run with SQLite only.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
if (onPostgres) {
  console.warn(
    'Skipping the ZIP64 zip test: it runs once, with SQLite (the database plays no part)',
  );
}

const GIB = 1024 ** 3;
/** Two originals of this size (sparse files of zeros): the third entry starts past 4 GiB. */
const BIG = Math.ceil(2.05 * GIB);
const TAIL = 1024 * 1024;

describe.skipIf(onPostgres)('a zip past 4 GiB', () => {
  const ctx = useTestContext();

  it(
    'is ZIP64: its central directory, and an entry starting past 4 GiB, read back',
    { timeout: 300_000 },
    async () => {
      const owner = await signUp(ctx.app);
      const coverBytes = await makeJpeg({ width: 30, height: 20 });
      const cover = await storeImage(ctx, owner, { bytes: coverBytes });
      const { album } = await createAlbumAs(ctx, owner, { name: 'Huge', cover });
      const ids = await addBlobPhotos(
        ctx.deps,
        { id: album.id, ownerId: owner.uid, coverFileId: cover.id },
        [Buffer.from([1]), Buffer.from([2])],
        new Date('2017-01-01T00:00:00.000Z'),
      );
      // Their originals grow to 2.05 GiB each, of zeros, taking no room on the disk.
      const keys = await ctx.deps.db
        .selectFrom('photos')
        .innerJoin('files', 'files.id', 'photos.file_id')
        .select('files.blob_key')
        .where('photos.id', 'in', ids)
        .execute();
      for (const { blob_key } of keys) {
        await fs.truncate(path.join(ctx.dataDir, 'blobs', blob_key), BIG);
      }
      // Their rows know no CRC-32 (as files stored before it was kept): the zip takes it from the
      // bytes. The cover's, kept at its upload, is stated as it is.
      await ctx.deps.db
        .updateTable('files')
        .set({ crc32: null })
        .where(
          'blob_key',
          'in',
          keys.map((key) => key.blob_key),
        )
        .execute();
      const ticket = (
        await ctx.api(owner).requestDownload({ albumId: album.id })
      ).json<DownloadTicket>();
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;

      // The whole zip crosses the socket; only its last MiB is kept.
      const { total, tail } = await new Promise<{ total: number; tail: Buffer }>(
        (resolve, reject) => {
          http
            .get(
              { host: '127.0.0.1', port, path: new URL(ticket.url, 'http://x').pathname },
              (res) => {
                const kept: Buffer[] = [];
                let keptBytes = 0;
                let count = 0;
                res.on('data', (chunk: Buffer) => {
                  count += chunk.length;
                  kept.push(chunk);
                  keptBytes += chunk.length;
                  while (keptBytes - (kept[0]?.length ?? 0) >= TAIL)
                    keptBytes -= kept.shift()!.length;
                });
                res.on('end', () => resolve({ total: count, tail: Buffer.concat(kept) }));
                res.on('error', reject);
              },
            )
            .on('error', reject);
        },
      );
      expect(total).toBeGreaterThan(2 * BIG);
      const at = (offset: number) => offset - (total - tail.length);

      // The end of central directory says "see ZIP64"; the ZIP64 locator and record say where.
      const eocd = tail.length - 22;
      expect(tail.readUInt32LE(eocd)).toBe(0x06054b50);
      expect(tail.readUInt32LE(eocd + 16)).toBe(0xffffffff);
      const locator = eocd - 20;
      expect(tail.readUInt32LE(locator)).toBe(0x07064b50);
      const record = at(Number(tail.readBigUInt64LE(locator + 8)));
      expect(tail.readUInt32LE(record)).toBe(0x06064b50);
      expect(Number(tail.readBigUInt64LE(record + 32))).toBe(3);
      const directory = Number(tail.readBigUInt64LE(record + 48));
      expect(directory).toBeGreaterThan(4 * GIB);

      // The central directory: the two big entries, then the cover, at an offset past 4 GiB.
      let cursor = at(directory);
      const entries = [];
      for (let index = 0; index < 3; index += 1) {
        expect(tail.readUInt32LE(cursor)).toBe(0x02014b50);
        const nameLength = tail.readUInt16LE(cursor + 28);
        const extraLength = tail.readUInt16LE(cursor + 30);
        const commentLength = tail.readUInt16LE(cursor + 32);
        const extra = tail.subarray(
          cursor + 46 + nameLength,
          cursor + 46 + nameLength + extraLength,
        );
        let size = tail.readUInt32LE(cursor + 24);
        let offset = tail.readUInt32LE(cursor + 42);
        if (offset === 0xffffffff) {
          expect(extra.readUInt16LE(0)).toBe(0x0001);
          size = Number(extra.readBigUInt64LE(4));
          offset = Number(extra.readBigUInt64LE(20));
        }
        entries.push({
          name: tail.toString('utf8', cursor + 46, cursor + 46 + nameLength),
          crc: tail.readUInt32LE(cursor + 16),
          method: tail.readUInt16LE(cursor + 10),
          size,
          offset,
        });
        cursor += 46 + nameLength + extraLength + commentLength;
      }
      // Each big original: its one byte written, then zeros.
      const crcOf = (first: number) => {
        let crc = crc32(Buffer.from([first]));
        const zeros = Buffer.alloc(64 * 1024 * 1024);
        for (let done = 1; done < BIG; done += zeros.length) {
          crc = crc32(zeros.subarray(0, Math.min(zeros.length, BIG - done)), crc);
        }
        return crc >>> 0;
      };
      expect(entries.slice(0, 2)).toEqual([
        { name: '2017-01-01 00.00.00.jpg', crc: crcOf(1), method: 0, size: BIG, offset: 0 },
        expect.objectContaining({ name: '2017-01-01 00.00.01.jpg', crc: crcOf(2), size: BIG }),
      ]);
      const last = entries[2]!;
      expect(last.offset).toBeGreaterThan(4 * GIB);
      expect(last.size).toBe(coverBytes.length);
      // Its bytes, after its local header, are the original's.
      const local = at(last.offset);
      expect(tail.readUInt32LE(local)).toBe(0x04034b50);
      const start = local + 30 + tail.readUInt16LE(local + 26) + tail.readUInt16LE(local + 28);
      expect(tail.subarray(start, start + last.size).equals(coverBytes)).toBe(true);
      expect(last.crc).toBe(crc32(coverBytes) >>> 0);
    },
  );
});
