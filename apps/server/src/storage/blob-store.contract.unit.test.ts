import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectMissingIsNull,
  expectRangeReads,
  expectReplacedWhole,
  expectStoredAndReadBack,
} from '../test/blob-store-cases.js';
import { startS3Peer, type S3Peer } from '../test/s3-peer.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import type { S3BlobStore } from './s3-blob-store.js';

/** What every BlobStore must do, run against the local folder and a real S3-protocol server. */
interface StoreFixture {
  name: string;
  setUp(): Promise<void>;
  fresh(): Promise<BlobStore>;
  /** Begins a write that never finishes (a crash in the middle of a write). */
  abandonWrite(store: BlobStore): Promise<void>;
  /** Whether removeAbandonedWrites can find such writes on this peer. */
  findsAbandonedWrites: boolean;
  tearDown(): Promise<void>;
}

let tmp: string;
let peer: S3Peer | undefined;
let bucketCount = 0;

const fixtures: StoreFixture[] = [
  {
    name: 'LocalBlobStore',
    setUp: async () => undefined,
    fresh: async () => new LocalBlobStore(await fs.mkdtemp(path.join(tmp, 'blobs-'))).init(),
    abandonWrite: async (store) => {
      await fs.writeFile(path.join((store as LocalBlobStore).root, '.tmp', 'crashed'), 'x');
    },
    findsAbandonedWrites: true,
    tearDown: async () => undefined,
  },
  {
    name: 'S3BlobStore (s3rver)',
    setUp: async () => {
      peer = await startS3Peer('contract-bucket');
    },
    fresh: async () => {
      // One bucket per test: a store that sees only its own blobs.
      bucketCount += 1;
      const bucket = `contract-${bucketCount}`;
      await peer!.createBucket(bucket);
      return peer!.store(bucket);
    },
    abandonWrite: async (store) => {
      const s3 = store as S3BlobStore;
      await s3.client.send(
        new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'originals/crashed' }),
      );
    },
    // s3rver cannot list multipart uploads; AWS, MinIO and others can.
    findsAbandonedWrites: false,
    tearDown: async () => peer?.close(),
  },
];

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'blob-contract-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

async function listKeys(store: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of store.list()) keys.push(blob.key);
  return keys.sort();
}

describe.each(fixtures)('$name', (fixture) => {
  let store: BlobStore;
  beforeAll(() => fixture.setUp(), 60_000);
  afterAll(() => fixture.tearDown());
  beforeEach(async () => {
    store = await fixture.fresh();
  });

  it('stores bytes under a key and reads them back with their size', async () => {
    await expectStoredAndReadBack(store);
    expect(await listKeys(store)).toEqual(['thumb/abc.webp']);
  });

  it('stores a large local file whole, streamed, consuming the file', async () => {
    // Larger than one part: on S3 this is a multipart upload.
    const local = path.join(tmp, `large-${fixture.name.length}-${Date.now()}.bin`);
    const out = createWriteStream(local);
    const hash = createHash('sha256');
    for (let i = 0; i < 20; i += 1) {
      const chunk = Buffer.alloc(1024 * 1024, i);
      hash.update(chunk);
      out.write(chunk);
    }
    out.end();
    await finished(out);
    await store.putFile('originals/large', local, 'image/jpeg');
    await expect(fs.access(local)).rejects.toThrow();
    const blob = await store.read('originals/large');
    expect(blob?.size).toBe(20 * 1024 * 1024);
    const readHash = createHash('sha256');
    for await (const chunk of blob!.stream) readHash.update(chunk as Buffer);
    expect(readHash.digest('hex')).toBe(hash.digest('hex'));
  }, 60_000);

  it('replaces an existing blob whole', async () => {
    await expectReplacedWhole(store);
  });

  it('reads a range of a blob, with its size; past its end, the size alone', async () => {
    await expectRangeReads(store);
  });

  it('answers null for a missing blob, and deleting twice is no error', async () => {
    await expectMissingIsNull(store);
    expect(await listKeys(store)).toEqual([]);
  });

  it('refuses keys that could leave its folder or hide files', async () => {
    for (const key of ['', '../escape', '/etc/passwd', 'a//b', '.tmp/x', 'a b']) {
      await expect(store.putBuffer(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid blob key/,
      );
      await expect(store.read(key), key).rejects.toThrow(/Invalid blob key/);
    }
    expect(await listKeys(store)).toEqual([]);
  });

  it('lists every blob, many pages of them, with the time each was stored', async () => {
    const before = Date.now() - 5000;
    const keys = Array.from({ length: 30 }, (_, i) => `thumb/k${String(i).padStart(2, '0')}.webp`);
    await Promise.all(keys.map((key) => store.putBuffer(key, Buffer.from(key), 'image/webp')));
    const listed = [];
    for await (const blob of store.list()) listed.push(blob);
    expect(listed.map((blob) => blob.key).sort()).toEqual(keys);
    for (const blob of listed) expect(blob.lastModified.getTime()).toBeGreaterThan(before);
  });

  it('does not list a write that never finished, and removes it when asked', async () => {
    await store.putBuffer('originals/done', Buffer.from('x'), 'image/jpeg');
    await fixture.abandonWrite(store);
    expect(await listKeys(store)).toEqual(['originals/done']);
    // Writes begun before an hour ago: this one is too recent.
    expect(await store.removeAbandonedWrites(new Date(Date.now() - 3600_000))).toBe(0);
    const removed = await store.removeAbandonedWrites(new Date(Date.now() + 60_000));
    expect(removed).toBe(fixture.findsAbandonedWrites ? 1 : 0);
    expect(await listKeys(store)).toEqual(['originals/done']);
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
