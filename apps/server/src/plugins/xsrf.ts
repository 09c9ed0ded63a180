import { XSRF_COOKIE, XSRF_HEADER } from '@photo/contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { newSecret } from '../lib/ids.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a state-changing request needs no XSRF header: for routes whose path holds a
     * capability another site cannot know (the one-click unsubscribe link of an e-mail).
     */
    xsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an answer hands out the cookie: the app's pages and their scripts do, so a browser holds
 * it before its first call. The API and the identity service do not: every browser has loaded a
 * page before calling them, and their other clients (scripts, mobile apps) have no use for it.
 * Built assets never do: shared caches may keep them, and must not keep anyone's cookie.
 */
function handsOutCookie(url: string): boolean {
  return !url.startsWith('/api/') && !url.startsWith('/identity/') && !url.startsWith('/assets/');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF protection. A page loaded by a browser without the cookie sets one; a
 * state-changing API request that carries the cookie must echo it in the header. Clients that send
 * no cookie (scripts, mobile apps) cannot be driven by another site and are not affected.
 */
export function registerXsrf(app: FastifyInstance, options: { secure: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie && handsOutCookie(request.url)) {
      reply.setCookie(XSRF_COOKIE, newSecret(), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !cookie) return;
    if (request.routeOptions.config.xsrf === false) return;
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
