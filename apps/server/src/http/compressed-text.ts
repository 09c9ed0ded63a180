import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type TextEncoding = 'br' | 'gzip';

/**
 * Which of brotli and gzip an `Accept-Encoding` header takes, brotli first; null for neither (or
 * both refused with q=0).
 */
export function acceptedEncoding(header: string | undefined): TextEncoding | null {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return null;
}

/**
 * A text answer compressed as the request takes it, for a handler @fastify/compress does not
 * reach (its hooks are added to routes; the not-found handler is none). Brotli at quality 4, as
 * the plugin's own setting.
 */
export async function compressText(
  text: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer | string; encoding: TextEncoding | null }> {
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === 'br') {
    const body = await brotli(text, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    return { body, encoding };
  }
  if (encoding === 'gzip') return { body: await gzip(text), encoding };
  return { body: text, encoding: null };
}
