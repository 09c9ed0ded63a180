import { XSRF_COOKIE, XSRF_HEADER } from '@photo/contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { newSecret } from '../lib/ids.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Responses that shared caches may keep must not set anyone's cookie. */
function isSharedCacheable(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/api/files/show/');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF protection. Every response to a browser without the cookie sets one; a
 * state-changing request that carries the cookie must echo it in the header. Clients that send no
 * cookie (scripts, mobile apps) cannot be driven by another site and are not affected.
 */
export function registerXsrf(app: FastifyInstance, options: { secure: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie && !isSharedCacheable(request.url)) {
      reply.setCookie(XSRF_COOKIE, newSecret(), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !cookie) return;
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const echoed = Array.isArray(header) ? header[0] : header;
    if (!echoed || !same(echoed, cookie)) {
      throw new AppError(
        'XSRF_MISMATCH',
        `The ${XSRF_HEADER} header must echo the ${XSRF_COOKIE} cookie.`,
      );
    }
  });
}
