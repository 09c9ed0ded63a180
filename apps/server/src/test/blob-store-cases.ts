import { buffer } from 'node:stream/consumers';
import { expect } from 'vitest';
import type { BlobStore } from '../storage/blob-store.js';

/** Cases every BlobStore passes, shared by the contract suite and a store's own tests. */

export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await store.read(key);
  return blob ? buffer(blob.stream) : null;
}

/** Stores bytes under a key and reads them back with their size. */
export async function expectStoredAndReadBack(store: BlobStore) {
  await store.putBuffer('thumb/abc.webp', Buffer.from('hello'), 'image/webp');
  const blob = await store.read('thumb/abc.webp');
  expect(blob?.size).toBe(5);
  expect((await buffer(blob!.stream)).toString()).toBe('hello');
  expect(await store.exists('thumb/abc.webp')).toBe(true);
}

export async function expectReplacedWhole(store: BlobStore) {
  await store.putBuffer('a/b', Buffer.from('first'), 'text/plain');
  await store.putBuffer('a/b', Buffer.from('second, longer'), 'text/plain');
  expect((await readBlob(store, 'a/b'))?.toString()).toBe('second, longer');
}

/** A missing blob reads as null, and deleting one twice is no error. */
export async function expectMissingIsNull(store: BlobStore) {
  expect(await store.read('originals/none')).toBeNull();
  expect(await store.exists('originals/none')).toBe(false);
  await store.putBuffer('originals/gone', Buffer.from('x'), 'text/plain');
  await store.delete('originals/gone');
  await store.delete('originals/gone');
  expect(await store.read('originals/gone')).toBeNull();
}

/** Range reads: a slice, to the end, the last bytes, past the end, and a missing blob. */
export async function expectRangeReads(store: BlobStore) {
  const bytes = Buffer.from('0123456789abcdefghij');
  await store.putBuffer('renditions/r.mp4', bytes, 'video/mp4');
  const slice = await store.readRange('renditions/r.mp4', { start: 2, end: 5 });
  expect(slice).toMatchObject({ start: 2, end: 5, size: 20 });
  expect((await buffer(slice!.stream!)).toString()).toBe('2345');
  const rest = await store.readRange('renditions/r.mp4', { start: 15 });
  expect(rest).toMatchObject({ start: 15, end: 19, size: 20 });
  expect((await buffer(rest!.stream!)).toString()).toBe('fghij');
  const beyond = await store.readRange('renditions/r.mp4', { start: 18, end: 99 });
  expect((await buffer(beyond!.stream!)).toString()).toBe('ij');
  const last = await store.readRange('renditions/r.mp4', { suffix: 3 });
  expect(last).toMatchObject({ start: 17, end: 19, size: 20 });
  expect((await buffer(last!.stream!)).toString()).toBe('hij');
  expect(await store.readRange('renditions/r.mp4', { start: 20 })).toEqual({
    stream: null,
    size: 20,
  });
  expect(await store.readRange('renditions/none.mp4', { start: 0 })).toBeNull();
  await store.delete('renditions/r.mp4');
}
