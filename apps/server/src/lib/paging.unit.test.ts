import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './paging.js';

describe('cursors', () => {
  it('read back what they were made of', () => {
    const keyset = { key: '2026-11-23T01:02:03.004Z', id: 'c0ffee' };
    expect(decodeCursor(encodeCursor(keyset))).toEqual(keyset);
  });

  it.each([
    ['not base64url', 'not ours!'],
    ['not JSON', Buffer.from('{').toString('base64url')],
    ['not a pair of texts', Buffer.from('[1,2]').toString('base64url')],
    // PostgreSQL text cannot hold NUL: such a cursor would fail in the database.
    ['holding a NUL', Buffer.from(JSON.stringify(['', '\u0000'])).toString('base64url')],
  ])('refuse one %s with 400 on querystring.cursor', (_case, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ statusCode: 400, field: 'querystring.cursor' }),
    );
  });
});
