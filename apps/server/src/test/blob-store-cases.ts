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
