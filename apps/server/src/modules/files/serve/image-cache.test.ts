import { FILES_SHOW_PATH } from '@photo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlbumAs, showStatus, storeImage } from '../../../test/fixtures.js';
import { createTestContext, signUp, type TestContext } from '../../../test/harness.js';
import { ImageCache } from './image-cache.js';

describe('ImageCache', () => {
  const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

  it('holds at most its bytes, letting the least recently used go first', () => {
    const cache = new ImageCache(300, 200);
    cache.set('a', bytes(100));
    cache.set('b', bytes(100));
    cache.set('c', bytes(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('d', bytes(100));
    expect(cache.bytes).toBe(300);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key)?.length)).toEqual([100, 100, 100]);
  });

  it('never keeps an image over its per-image limit, and nothing when its limit is 0', () => {
    const cache = new ImageCache(1000, 200);
    cache.set('big', bytes(201));
    expect(cache.get('big')).toBeUndefined();
    const none = new ImageCache(0, 200);
    none.set('a', bytes(10));
    expect(none.get('a')).toBeUndefined();
    expect(none.bytes).toBe(0);
  });

  it('counts an image stored again once', () => {
    const cache = new ImageCache(1000, 500);
    cache.set('a', bytes(100));
    cache.set('a', bytes(300, 2));
    expect(cache.bytes).toBe(300);
    expect(cache.get('a')?.[0]).toBe(2);
  });
});

describe('GET /api/files/show from memory', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers a thumbnail it has sent before from memory, and a deleted file never', async () => {
    ctx = await createTestContext();
    const owner = await signUp(ctx.app);
    const { album, cover } = await createAlbumAs(ctx, owner);
    const url = `${FILES_SHOW_PATH}${cover.id}?size=thumb`;
    const first = await ctx.api().get(url);
    expect(first.statusCode).toBe(200);
    // The blob store loses the bytes: memory still has them.
    await ctx.deps.blobStore.delete(`thumb/${cover.id}.webp`);
    const second = await ctx.api().get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/webp');
    expect(Number(second.headers['content-length'])).toBe(first.rawPayload.length);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Deleting the album releases its cover: the file is gone, memory or not.
    expect((await ctx.api(owner).deleteAlbum(album.id)).statusCode).toBeLessThan(300);
    expect(await showStatus(ctx, url)).toBe(404);
  });

  it('keeps nothing with IMAGE_CACHE_BYTES=0', async () => {
    ctx = await createTestContext({ IMAGE_CACHE_BYTES: '0' });
    const owner = await signUp(ctx.app);
    const image = await storeImage(ctx, owner);
    const thumb = `${FILES_SHOW_PATH}${image.id}?size=thumb`;
    expect(await showStatus(ctx, thumb)).toBe(200);
    await ctx.deps.blobStore.delete(`thumb/${image.id}.webp`);
    expect(await showStatus(ctx, thumb)).toBe(404);
  });
});
