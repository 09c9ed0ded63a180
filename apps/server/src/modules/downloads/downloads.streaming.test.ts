import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { DownloadTicket, Photo } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createAlbumAs, storeImage } from '../../test/fixtures.js';
import { createTestContext, madeBeforeAll, signUp, useTestContext } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { startS3Peer } from '../../test/s3-peer.js';
import { addBlobPhotos, unzip } from '../../test/zip.js';

const pathOf = (ticket: DownloadTicket) => new URL(ticket.url, 'http://localhost').pathname;

describe('a zip of photos kept in a bucket (S3)', () => {
  const peer = madeBeforeAll(() => startS3Peer('zip-photos'));
  const ctx = useTestContext(() => peer.env);

  it('streams the originals from the bucket, byte for byte', async () => {
    const owner = await signUp(ctx.app);
    const first = await makeJpeg({ width: 50, height: 40, dateTaken: '2019-03-03T03:03:03.000Z' });
    const second = await makeJpeg({ width: 60, height: 40, dateTaken: '2019-03-04T03:03:03.000Z' });
    const cover = await storeImage(ctx, owner, { bytes: first, filename: 'IMG_1001.jpg' });
    const { album } = await createAlbumAs(ctx, owner, { name: 'Bucket', cover });
    const image = await storeImage(ctx, owner, { bytes: second, filename: 'IMG_1002.jpg' });
    await ctx.api(owner).addPhoto(album.id, { fileId: image.id });
    expect(await peer.keys()).toContain(`originals/${image.id}`);
    // A 6 MB original too, more than one read of the bucket's stream.
    const big = randomBytes(6 * 1024 * 1024);
    await addBlobPhotos(
      ctx.deps,
      { id: album.id, ownerId: owner.uid, coverFileId: cover.id },
      [big],
      new Date('2019-03-05T00:00:00.000Z'),
    );

    const ticket = (
      await ctx.api(owner).requestDownload({ albumId: album.id })
    ).json<DownloadTicket>();
    const res = await ctx.api().get(pathOf(ticket));
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    // Named as uploaded; the one stored without a name, by its date.
    expect(entries.map((entry) => entry.name)).toEqual([
      'IMG_1001.jpg',
      'IMG_1002.jpg',
      '2019-03-05 00.00.00.jpg',
    ]);
    expect(
      entries.map((entry, index) => entry.bytes.equals([first, second, big][index] as Buffer)),
    ).toEqual([true, true, true]);
  });
});

describe('a client that goes away mid-zip', () => {
  let logged = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
  const ctx = madeBeforeAll(() => createTestContext({ LOG_LEVEL: 'info' }, { logStream }));

  const openFiles = async () => (await fs.readdir('/proc/self/fd')).length;

  it('closes the blob being read, opens no other, logs at most one line, and the server goes on', async () => {
    const owner = await signUp(ctx.app);
    const cover = await storeImage(ctx, owner);
    const { album } = await createAlbumAs(ctx, owner, { name: 'Big', cover });
    const blobs = Array.from({ length: 4 }, () => randomBytes(16 * 1024 * 1024));
    await addBlobPhotos(
      ctx.deps,
      { id: album.id, ownerId: owner.uid, coverFileId: cover.id },
      blobs,
      new Date('2018-01-01T00:00:00.000Z'),
    );
    const ticket = (
      await ctx.api(owner).requestDownload({ albumId: album.id })
    ).json<DownloadTicket>();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const before = await openFiles();
    const logStart = logged.length;

    // Reads the first 2 MB (part of the first big original), then hangs up.
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: pathOf(ticket) }, (response) => {
        expect(response.statusCode).toBe(200);
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 2 * 1024 * 1024) {
            request.destroy();
            resolve();
          }
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    // The server notices the socket closed, then closes the file it was reading.
    const deadline = Date.now() + 5000;
    while ((await openFiles()) > before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await openFiles()).toBeLessThanOrEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = logged.slice(logStart).split('\n').filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(1);

    // Still serving: the whole zip, to the next client.
    const res = await ctx.api().get(pathOf(ticket));
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries).toHaveLength(5);
    // Dated 2018: before the cover, uploaded now.
    expect(
      entries.slice(0, 4).map((entry, index) => entry.bytes.equals(blobs[index] as Buffer)),
    ).toEqual([true, true, true, true]);
    const photos = (await ctx.api(owner).listPhotos(album.id)).json<Photo[]>();
    expect(photos).toHaveLength(5);
    // 64 MiB written as blobs, then zipped while the client goes: 7 s on a quiet machine, more
    // than the default 30 s beside the end-to-end tests.
  }, 120_000);
});
