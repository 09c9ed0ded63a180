import { invalid } from './errors.js';

/** A position in a list ordered by (key, id): the last item of the page before. */
export interface Keyset {
  key: string;
  id: string;
}

/** The opaque cursor clients get in a Link header: base64url of the keyset. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.key, keyset.id]), 'utf8').toString('base64url');
}

/** Reads a cursor back; a cursor that is not one of ours is refused with 400 on querystring.cursor. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const refuse = () =>
    invalid(
      'querystring.cursor',
      'is not a cursor given by this server; start from the first page.',
    );
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    // No key or id of ours holds a NUL, and PostgreSQL text cannot.
    parsed.some((part) => (part as string).includes('\u0000'))
  ) {
    throw refuse();
  }
  return { key: parsed[0], id: parsed[1] };
}

/** A page of a keyset-paginated list, and where the next one starts (when there is one). */
export interface Page<T> {
  items: T[];
  nextCursor: string | undefined;
}

/**
 * Turns `limit + 1` rows read after the cursor into a page: the extra row only says a next page
 * exists; the cursor points after the page's last row.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  keysetOf: (row: R) => Keyset,
  map: (row: R) => T,
): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(keysetOf(last)) : undefined;
  return { items: pageRows.map(map), nextCursor };
}
