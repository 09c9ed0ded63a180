import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, importJWK, type JWK } from 'jose';
import type { TestUser } from './api';

/**
 * An ID token for `user` that says the address is verified, signed with the test server's own
 * identity key (read from its data folder), as the identity service will issue once the user
 * has verified their address. The embedded service does not verify addresses yet.
 */
export async function verifiedIdToken(user: Pick<TestUser, 'id' | 'email'>): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const stored = JSON.parse(
    await fs.readFile(path.join(dataDir, 'identity-signing-key.json'), 'utf8'),
  ) as { kid: string; privateJwk: JWK };
  const key = await importJWK(stored.privateJwk, 'ES256');
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
