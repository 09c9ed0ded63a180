import { ID_TOKEN_HEADER } from '@photo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import type { TokenVerifier } from '../lib/token-verifier.js';
import type { Db } from '../db/schema.js';
import { findUserById, insertUserIfMissing } from '../modules/users/users.repository.js';

export interface AuthUser {
  id: string;
  email: string;
}

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

/** The signed-in user of a route that requires sign-in. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth)
    throw new AppError('TOKEN_MISSING', 'Sign in first: the idToken header is missing.');
  return request.auth;
}

export interface AuthOptions {
  verifyToken: TokenVerifier;
  db: Db;
  clock: Clock;
}

/**
 * Requires a valid `idToken` header on every route of the scope unless its config says auth: false.
 * Every verified subject has a user record (made on first sight, so an interrupted sign-up still has a profile).
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions) {
  // Subjects known to have a user record, so the check costs a query only once per user and process.
  const known = new Set<string>();
  const KNOWN_MAX = 100_000;
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth === false) return;
    const header = request.headers[ID_TOKEN_HEADER.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) {
      throw new AppError('TOKEN_MISSING', 'Sign in first: the idToken header is missing.');
    }
    const identity = await options.verifyToken(token);
    if (!known.has(identity.uid)) {
      const existing = await findUserById(options.db, identity.uid);
      if (!existing) {
        await insertUserIfMissing(options.db, {
          id: identity.uid,
          email_address: identity.email,
          name: identity.email.split('@')[0] || identity.email,
          profile_pic_file_id: null,
          created_at: options.clock.now().toISOString(),
        });
      }
      if (known.size >= KNOWN_MAX) known.clear();
      known.add(identity.uid);
    }
    request.auth = { id: identity.uid, email: identity.email };
  });
}
