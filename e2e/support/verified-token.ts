import path from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT, importJWK, type JWK } from 'jose';
import type { TestUser } from './api';

/**
 * An ID token for `user` that says the address is verified, signed with the test server's own
 * identity key (read from its database), as the identity service issues once the user has
 * followed the verification e-mail. The shared test server sends no e-mail, so the sharing
 * tests sign the token themselves; e2e/account.spec.ts follows the e-mail for real.
 */
export async function verifiedIdToken(user: Pick<TestUser, 'id' | 'email'>): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  let stored: { kid: string; private_jwk: string } | undefined;
  try {
    stored = db
      .prepare(
        'SELECT kid, private_jwk FROM identity_signing_keys ORDER BY generation DESC LIMIT 1',
      )
      .get() as { kid: string; private_jwk: string } | undefined;
  } finally {
    db.close();
  }
  if (!stored) throw new Error('the test server has no signing key yet');
  const key = await importJWK(JSON.parse(stored.private_jwk) as JWK, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: user.email,
    email_verified: true,
    user_id: user.id,
    auth_time: now,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  })
    .setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer('my-photo-application')
    .setAudience('my-photo-application')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}
