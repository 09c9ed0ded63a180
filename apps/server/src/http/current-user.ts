import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../lib/auth-user.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not public. */
    auth: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** false: the route needs no ID token. */
    auth?: boolean;
  }
}

export const tokenMissing = () =>
  new AppError('TOKEN_MISSING', 'Sign in first: the idToken header is missing.');

/** The signed-in user of a route that requires sign-in. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw tokenMissing();
  return request.auth;
}
