import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_PEER_CREDENTIALS, startS3Peer, type S3Peer } from '../test/s3-peer.js';
import { S3BlobStore } from './s3-blob-store.js';

/**
 * A TCP proxy in front of the S3 peer that cuts the first `resets` connections as soon as their
 * request starts to arrive, the way a connection dropped on the way does; the others pass.
 */
async function cuttingProxy(target: URL, resets: number) {
  let cut = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (cut < resets) {
      cut += 1;
      client.once('data', () => client.resetAndDestroy());
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut: () => cut,
    // The client keeps its connections open for the next request: they are ended here.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

let peer: S3Peer;
let tmp: string;

beforeAll(async () => {
  peer = await startS3Peer('retry-bucket');
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 's3-retry-'));
});

afterAll(async () => {
  await peer.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

function storeThrough(endpoint: string) {
  return new S3BlobStore({
    bucket: peer.bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    ...S3_PEER_CREDENTIALS,
  });
}

describe('a file put in a bucket whose connection drops', () => {
  it('is sent again from the file, and stored whole', async () => {
    const proxy = await cuttingProxy(new URL(peer.endpoint), 1);
    try {
      const bytes = randomBytes(256 * 1024).toString('hex');
      const file = path.join(tmp, 'photo.bin');
      await fs.writeFile(file, bytes);
      await storeThrough(proxy.endpoint).putFile('originals/retried', file, 'text/plain');
      // The first connection was cut: the file went up on another.
      expect(proxy.cut()).toBe(1);
      const stored = await peer.store().read('originals/retried');
      expect(await text(stored!.stream)).toBe(bytes);
    } finally {
      await proxy.close();
    }
  });

  it('fails, saying why, when every try is cut', async () => {
    const proxy = await cuttingProxy(new URL(peer.endpoint), 100);
    try {
      const file = path.join(tmp, 'lost.bin');
      await fs.writeFile(file, 'bytes');
      await expect(
        storeThrough(proxy.endpoint).putFile('originals/lost', file, 'text/plain'),
      ).rejects.toThrow();
      expect(proxy.cut()).toBeGreaterThan(1);
      expect(await peer.store().read('originals/lost')).toBeNull();
      // The file stays for the caller to deal with: nothing was lost.
      expect(await fs.readFile(file, 'utf8')).toBe('bytes');
    } finally {
      await proxy.close();
    }
  });
});
