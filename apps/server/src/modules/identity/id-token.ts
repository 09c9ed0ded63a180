import { SignJWT, jwtVerify } from 'jose';
import type { SigningKeys } from '../../infra/signing-keys.js';
import { SIGNING_ALG } from '../../infra/signing-keys.js';

export const ID_TOKEN_LIFETIME_SECONDS = 3600;

export interface IdTokenClaims {
  uid: string;
  email: string;
  /** Whether the owner proved the address (a verification code came back). */
  emailVerified: boolean;
  displayName: string | null;
  /** When the user last signed in with the password, in seconds. */
  authTime: number;
}

interface TokenOptions {
  issuer: string;
  audience: string;
  now: Date;
}

/** Signs an ID token shaped like the hosted provider's (sub, user_id, email, auth_time, firebase.*). */
export function signIdToken(
  keys: SigningKeys,
  claims: IdTokenClaims,
  options: TokenOptions,
): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({
    ...(claims.displayName ? { name: claims.displayName } : {}),
    email: claims.email,
    email_verified: claims.emailVerified,
    user_id: claims.uid,
    auth_time: claims.authTime,
    firebase: { identities: { email: [claims.email] }, sign_in_provider: 'password' },
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(claims.uid)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFETIME_SECONDS)
    .sign(keys.privateKey);
}

export interface VerifiedIdToken {
  uid: string;
  /** Seconds since the epoch. */
  authTime: number;
  issuedAt: number;
}

/** Verifies an ID token this service issued; null when it is not one (or has expired). */
export async function verifyOwnIdToken(
  keys: SigningKeys,
  token: string,
  options: TokenOptions,
): Promise<VerifiedIdToken | null> {
  try {
    const { payload } = await jwtVerify(token, keys.getKey, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: [SIGNING_ALG],
      currentDate: options.now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!;
    return { uid: payload.sub!, authTime, issuedAt: payload.iat! };
  } catch {
    return null;
  }
}
