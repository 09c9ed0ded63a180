import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';

export interface VerifiedIdentity {
  /** The token's subject: the user's id everywhere in the API. */
  uid: string;
  email: string;
  /** Whether the provider vouches that the subject owns the address (`email_verified`). */
  emailVerified: boolean;
  /**
   * When the person last proved who they are (`auth_time`, seconds since the epoch: a password, a
   * passkey or a second factor; a refreshed token keeps it). Tokens without one: their `iat`.
   */
  authTime: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

/** Asymmetric algorithms only: "none" and HMAC tokens are refused. */
const ALGORITHMS = ['ES256', 'RS256', 'EdDSA', 'Ed25519'];

export interface TokenVerifierOptions {
  getKey: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  clock: Clock;
  /** How many verified tokens to remember (a signature check costs far more than the request). */
  cacheSize?: number;
}

const expired = () =>
  new AppError('TOKEN_EXPIRED', 'The ID token has expired; refresh it and try again.');

/** Verifies an ID token by JWKS: signature, issuer, audience, expiry. Same path for every provider. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const cacheSize = options.cacheSize ?? 10_000;
  // Token text -> what its verified signature proved, until it expires. Only these exact bytes hit.
  const verified = new Map<string, VerifiedIdentity & { expiresAtMs: number }>();

  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (options.clock.now().getTime() >= known.expiresAtMs) {
        verified.delete(token);
        throw expired();
      }
      return {
        uid: known.uid,
        email: known.email,
        emailVerified: known.emailVerified,
        authTime: known.authTime,
      };
    }
    try {
      const { payload } = await jwtVerify(token, options.getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        currentDate: options.clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.email !== 'string' || payload.email.length === 0 || !payload.sub) {
        throw new AppError('TOKEN_INVALID', 'The ID token carries no e-mail address.');
      }
      const identity = {
        uid: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!,
      };
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
      verified.set(token, { ...identity, expiresAtMs: payload.exp! * 1000 });
      return identity;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw expired();
      throw new AppError('TOKEN_INVALID', 'The ID token is not valid.', { cause: error });
    }
  };
}

export function remoteJwks(url: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url));
}
