import { SignJWT } from 'jose';
import type { SigningKeys } from '../../lib/signing-keys.js';
import { SIGNING_ALG } from '../../lib/signing-keys.js';

export const ID_TOKEN_LIFETIME_SECONDS = 3600;

export interface IdTokenClaims {
  uid: string;
  email: string;
  /** When the user last signed in with the password, in seconds. */
  authTime: number;
}

/** Signs an ID token shaped like the hosted provider's (sub, user_id, email, auth_time, firebase.*). */
export function signIdToken(
  keys: SigningKeys,
  claims: IdTokenClaims,
  options: { issuer: string; audience: string; now: Date },
): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({
    email: claims.email,
    email_verified: false,
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
