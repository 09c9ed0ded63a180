import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The API requests the server makes to itself to draw a page (decision 0100) carry this header,
 * with a value only this process knows: the request log counts the page, not each of them.
 */
export const INNER_REQUEST_HEADER = 'x-photo-inner-request';

const secret = randomBytes(24).toString('base64url');

/** The header's value for the server's own requests. */
export const innerRequestMark = (): string => secret;

export function isInnerRequest(request: FastifyRequest): boolean {
  return request.headers[INNER_REQUEST_HEADER] === secret;
}
