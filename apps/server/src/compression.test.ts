import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser, useTestContext } from './test/harness.js';
import { createAlbumAs, storeImage } from './test/fixtures.js';

let owner: TestUser;

// A built web app as the web build leaves it: each text file with its .br and .gz beside it.
const script = `export const words = ${JSON.stringify('a fairly repetitive bundle '.repeat(400))};\n`;
const page = `<!doctype html><html><head><title>My Photo Application</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

const built = (file: string, text: string) => ({
  [file]: text,
  [`${file}.br`]: zlib.brotliCompressSync(text),
  [`${file}.gz`]: zlib.gzipSync(text),
});

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

const ctx = useTestContext(
  {},
  {
    webFiles: {
      ...built('index.html', page),
      ...built('assets/index-abcd.js', script),
      'assets/tiny-1234.js': 'console.log(1)',
    },
  },
);
beforeAll(async () => {
  owner = await signUp(ctx.app);
  const cover = await storeImage(ctx, owner);
  for (let i = 0; i < 12; i += 1) {
    await createAlbumAs(ctx, owner, { name: `A long enough album name number ${i}`, cover });
  }
});

describe('compressed answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends a built script precompressed to a browser accepting %s, decoding to the same bytes',
    async (accept, expected) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/assets/index-abcd.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.rawPayload.length).toBeLessThan(script.length / 4);
      expect(decode(expected, res.rawPayload)).toBe(script);
    },
  );

  it('sends the plain file to a client accepting no encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abcd.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('sends a file the build left uncompressed intact', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/tiny-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe('console.log(1)');
  });

  it('sends the app page compressed, for the root and for a client-side route', async () => {
    for (const url of ['/', '/albums/recent']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', res.rawPayload), url).toBe(page);
    }
  });

  it('compresses a JSON answer over 1 KB, decoding to the same JSON', async () => {
    const plain = await ctx.api(owner).listAlbums('?limit=50');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await ctx
        .api(owner)
        .get('/api/albumsDb?limit=50', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }
  });

  it('leaves a small JSON answer and an image as they are', async () => {
    const health = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });

    const image = await storeImage(ctx, owner, { width: 800, height: 600 });
    const shown = await ctx
      .api()
      .get(`${image.url}?size=preview`, { 'accept-encoding': 'br, gzip' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-encoding']).toBeUndefined();
    expect(shown.headers['content-type']).toMatch(/^image\//);
  });
});
