import { ID_TOKEN_HEADER } from '@photo/contract';
import type { FastifyInstance } from 'fastify';
import { tokenMissing } from '../http/current-user.js';
import type { AuthUser } from '../lib/auth-user.js';
import type { TokenVerifier } from '../infra/token-verifier.js';

export interface AuthOptions {
  verifyToken: TokenVerifier;
  /**
   * Makes sure a verified user has a user record (and that what their token proves is applied);
   * called once per user, address and verification state, per process.
   */
  ensureUser(user: AuthUser): Promise<void>;
  /** Refuses a disabled account's still valid ID tokens (401 ACCOUNT_DISABLED). */
  checkAccount?: (userId: string) => Promise<void>;
}

/**
 * Requires a valid `idToken` header on every route of the scope unless its config says auth: false.
 * Every verified subject has a user record (made on first sight, so an interrupted sign-up still has a profile).
 */
/** What the scope's auth keeps about users, for the code that deletes one. */
export interface AuthRegistry {
  /** Forgets that the user has a record: their next request checks again (after a deletion). */
  forget: (userId: string) => void;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): AuthRegistry {
  // User id -> what was last ensured for it (address, verification), so the check costs a query
  // only once per user and state, per process.
  const known = new Map<string, string>();
  const KNOWN_MAX = 100_000;
  app.decorateRequest('auth', null);
  // The OpenAPI document says what this hook does: a public route needs no token.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth === false) route.schema = { ...route.schema, security: [] };
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth === false) return;
    const header = request.headers[ID_TOKEN_HEADER.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw tokenMissing();
    const identity = await options.verifyToken(token);
    await options.checkAccount?.(identity.uid);
    const user: AuthUser = {
      id: identity.uid,
      email: identity.email,
      emailVerified: identity.emailVerified,
      authTime: identity.authTime,
    };
    const state = `${user.email}\n${user.emailVerified ? 'verified' : ''}`;
    if (known.get(user.id) !== state) {
      await options.ensureUser(user);
      if (known.size >= KNOWN_MAX) known.clear();
      known.set(user.id, state);
    }
    request.auth = user;
  });
  return { forget: (userId) => void known.delete(userId) };
}
