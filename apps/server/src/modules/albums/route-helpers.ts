import { apiErrorBodySchema } from '@photo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { invalid } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/picture-url.js';

/** The error answers a route may give, for its response schema (and so the OpenAPI document). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<
    S[number],
    typeof apiErrorBodySchema
  >;
}

/** An entity id in a path or query: opaque text, as the contract has it. */
export const entityId = z.string().min(1).max(200);

/** The origins on which a picture URL may be absolute: the request's own, and PUBLIC_URL. */
export function pictureOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [requestOrigin(request)];
  if (config.publicUrl) origins.push(config.publicUrl);
  return origins;
}

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
    typeof parsed[1] !== 'string'
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

/** The Link header value pointing at the next page of the list the request asked for. */
export function nextPageLink(request: FastifyRequest, query: Record<string, string>): string {
  const path = request.url.split('?')[0] ?? '';
  return `<${path}?${new URLSearchParams(query).toString()}>; rel="next"`;
}
