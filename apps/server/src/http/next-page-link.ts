import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../lib/paging.js';

/** The Link header value pointing at the next page of the list the request asked for. */
export function nextPageLink(request: FastifyRequest, query: Record<string, string>): string {
  const path = request.url.split('?')[0] ?? '';
  return `<${path}?${new URLSearchParams(query).toString()}>; rel="next"`;
}

/**
 * Answers a page of a list: its items, and when there is a next page, a Link header to it with
 * the same limit and the filters given in `keep`.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page<T>,
  limit: number,
  keep: Record<string, string> = {},
): T[] {
  if (page.nextCursor) {
    reply.header(
      'Link',
      nextPageLink(request, { limit: String(limit), cursor: page.nextCursor, ...keep }),
    );
  }
  return page.items;
}
