import { SignJWT } from 'jose';
import { SIGNING_ALG } from '../infra/signing-keys.js';
import type { TestContext, TestUser } from './harness.js';

/**
 * An ID token for `user` in which the identity provider vouches for the address
 * (email_verified: true), signed with the test application's own keys, as a provider that
 * verifies addresses would issue it. `email` stands for a token whose address differs.
 */
export async function verifiedToken(
  ctx: TestContext,
  user: Pick<TestUser, 'uid' | 'email'>,
  options: { email?: string; emailVerified?: boolean } = {},
): Promise<string> {
  const keys = ctx.deps.signingKeys;
  if (!keys) throw new Error('the test application has no embedded identity service');
  const email = options.email ?? user.email;
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT({
    email,
    email_verified: options.emailVerified ?? true,
    user_id: user.uid,
    auth_time: iat,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(user.uid)
    .setIssuer(ctx.deps.config.auth.issuer)
    .setAudience(ctx.deps.config.auth.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(keys.privateKey);
}

/** A signed-up user whose token says the address is verified. */
export async function asVerified<U extends TestUser>(ctx: TestContext, user: U): Promise<U> {
  return { ...user, idToken: await verifiedToken(ctx, user) };
}
