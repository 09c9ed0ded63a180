import type { FastifyRequest } from 'fastify';

/** The Link header value pointing at the next page of the list the request asked for. */
export function nextPageLink(request: FastifyRequest, query: Record<string, string>): string {
  const path = request.url.split('?')[0] ?? '';
  return `<${path}?${new URLSearchParams(query).toString()}>; rel="next"`;
}
