import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressText } from './compressed-text.js';

describe('a text answer compressed as the request takes it', () => {
  it('takes brotli first, then gzip, and neither when both are refused', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('answers bytes that decode to the same text', async () => {
    const text = '<!doctype html><p>Photos</p>'.repeat(200);
    const br = await compressText(text, 'br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(br.body.length).toBeLessThan(text.length / 10);
    const gz = await compressText(text, 'gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(text);
    expect(await compressText(text, undefined)).toEqual({ body: text, encoding: null });
  });
});
