import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectMissingIsNull,
  expectReplacedWhole,
  expectStoredAndReadBack,
  readBlob,
} from '../test/blob-store-cases.js';
import { LocalBlobStore, isValidBlobKey } from './local-blob-store.js';

let dir: string;
let store: LocalBlobStore;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'blob-store-test-'));
  store = await new LocalBlobStore(path.join(dir, 'blobs')).init();
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const readAll = (key: string) => readBlob(store, key);

/** Every file under the store's folder, staging included. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describe('LocalBlobStore', () => {
  it('names the file of a stored blob on this disk, and none for a missing key', async () => {
    await store.putBuffer('originals/abc', Buffer.from('original bytes'), 'image/jpeg');
    const file = await store.localPath('originals/abc');
    expect(file).not.toBeNull();
    expect(await fs.readFile(file!, 'utf8')).toBe('original bytes');
    expect(await store.localPath('originals/missing')).toBeNull();
    await store.delete('originals/abc');
    expect(await store.localPath('originals/abc')).toBeNull();
  });

  it('stores bytes under a key and reads them back with their size', async () => {
    await expectStoredAndReadBack(store);
    expect(await filesUnder(store.root)).toEqual([path.join('thumb', 'abc.webp')]);
  });

  it('moves a local file into the store, consuming it', async () => {
    const local = path.join(dir, 'upload.bin');
    await fs.writeFile(local, Buffer.alloc(1000, 7));
    await store.putFile('originals/xyz', local, 'image/jpeg');
    await expect(fs.access(local)).rejects.toThrow();
    expect(await readAll('originals/xyz')).toEqual(Buffer.alloc(1000, 7));
  });

  it('replaces an existing blob whole', async () => {
    await expectReplacedWhole(store);
  });

  it('answers null for a missing blob, and deleting twice is no error', async () => {
    await expectMissingIsNull(store);
  });

  it('does not serve a folder as a blob', async () => {
    await store.putBuffer('originals/inside', Buffer.from('x'), 'text/plain');
    expect(await store.read('originals')).toBeNull();
    expect(await store.exists('originals')).toBe(false);
  });

  it('refuses keys that could leave its folder or hide files', async () => {
    const bad = [
      '',
      '../escape',
      'a/../../escape',
      '/etc/passwd',
      'a//b',
      'a/',
      '.tmp/x',
      'a/.hidden',
      'a/..',
      'a/.',
      'a\\b',
      'a b',
      'é',
      'x'.repeat(513),
    ];
    for (const key of bad) {
      expect(isValidBlobKey(key), key).toBe(false);
      await expect(store.putBuffer(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid blob key/,
      );
      await expect(store.read(key), key).rejects.toThrow(/Invalid blob key/);
    }
    expect(await filesUnder(dir)).toEqual([]);
    for (const key of ['originals/AbC-_09', 'thumb/x.webp', 'a/b/c.d.e']) {
      expect(isValidBlobKey(key), key).toBe(true);
    }
  });

  it('never shows a reader a partly written blob', async () => {
    const big = Buffer.alloc(16 * 1024 * 1024, 1);
    const target = path.join(store.root, 'originals', 'big');
    await fs.mkdir(path.dirname(target), { recursive: true });
    const sizesSeen = new Set<number>();
    let done = false;
    const writing = store.putBuffer('originals/big', big, 'image/jpeg').finally(() => {
      done = true;
    });
    while (!done) {
      try {
        sizesSeen.add((await fs.stat(target)).size);
      } catch {
        sizesSeen.add(-1); // not there yet
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    sizesSeen.add((await fs.stat(target)).size);
    for (const size of sizesSeen) expect([-1, big.length]).toContain(size);
    expect(sizesSeen.has(big.length)).toBe(true);
    // Nothing is left in the staging folder.
    expect(await fs.readdir(path.join(store.root, '.tmp'))).toEqual([]);
  });

  it('keeps serving the bytes a reader opened even when the blob is deleted meanwhile', async () => {
    await store.putBuffer('originals/k', Buffer.alloc(100_000, 3), 'image/jpeg');
    const blob = await store.read('originals/k');
    await store.delete('originals/k');
    expect((await buffer(blob!.stream)).length).toBe(100_000);
  });

  it('removes staging files left by writes that began before a given time', async () => {
    const staging = path.join(store.root, '.tmp');
    const stale = path.join(staging, 'stale');
    const fresh = path.join(staging, 'fresh');
    await fs.writeFile(stale, 'x');
    await fs.writeFile(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(stale, twoHoursAgo, twoHoursAgo);
    expect(await store.removeAbandonedWrites(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
    expect(await fs.readdir(staging)).toEqual(['fresh']);
  });

  it('lists every blob with the time it was stored, and no staging file', async () => {
    const local = path.join(dir, 'upload.bin');
    await fs.writeFile(local, 'original bytes');
    // An upload received long ago is stored only now.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await fs.utimes(local, yesterday, yesterday);
    const before = Date.now() - 1000;
    await store.putFile('originals/abc', local, 'image/jpeg');
    await store.putBuffer('thumb/abc.webp', Buffer.from('t'), 'image/webp');
    await fs.writeFile(path.join(store.root, '.tmp', 'in-progress'), 'x');
    const listed = [];
    for await (const blob of store.list()) listed.push(blob);
    expect(listed.map((blob) => blob.key).sort()).toEqual(['originals/abc', 'thumb/abc.webp']);
    for (const blob of listed) expect(blob.lastModified.getTime()).toBeGreaterThan(before);
  });

  it('answers ping while its folder is writable', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    await fs.rm(store.root, { recursive: true });
    await expect(store.ping()).rejects.toThrow();
  });
});
