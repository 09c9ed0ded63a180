import { generateKeyPair, SignJWT, UnsecuredJWT, decodeJwt, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  inject,
  signUp,
  type TestContext,
  type TestUser,
} from '../test/harness.js';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const me = (token: string | null) =>
  inject(ctx.app, token, { method: 'GET', url: '/api/users/me' });

function expectUnauthorized(res: { statusCode: number; json: () => unknown }, code: string) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

/** A token signed with the right claims, by a key of the caller's choice. */
async function tokenSignedBy(
  key: CryptoKey,
  alg: string,
  claims: { sub?: string; email?: string; iss?: string; aud?: string; exp?: number } = {},
) {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT({ email: claims.email ?? user.email })
    .setProtectedHeader({ alg, kid: ctx.deps.signingKeys!.kid })
    .setSubject(claims.sub ?? user.uid)
    .setIssuer(claims.iss ?? 'my-photo-application')
    .setAudience(claims.aud ?? 'my-photo-application')
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 3600)
    .sign(key);
}

describe('the idToken header', () => {
  it('lets a valid token in', async () => {
    const res = await me(user.idToken);
    expect(res.statusCode).toBe(200);
  });

  it('is required', async () => {
    expectUnauthorized(await me(null), 'TOKEN_MISSING');
    expectUnauthorized(await me(''), 'TOKEN_MISSING');
  });

  it('refuses malformed tokens', async () => {
    expectUnauthorized(await me('not-a-token'), 'TOKEN_INVALID');
    expectUnauthorized(await me('a.b.c'), 'TOKEN_INVALID');
  });

  it('refuses a token signed by another key (forged)', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expectUnauthorized(await me(await tokenSignedBy(privateKey, 'ES256')), 'TOKEN_INVALID');
  });

  it('refuses an unsigned token (alg: none) and a symmetric one', async () => {
    const unsigned = new UnsecuredJWT({ email: user.email })
      .setSubject(user.uid)
      .setIssuer('my-photo-application')
      .setAudience('my-photo-application')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expectUnauthorized(await me(unsigned), 'TOKEN_INVALID');
    const secret = new TextEncoder().encode('a-guessable-shared-secret-of-32-bytes!');
    const hmac = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uid)
      .setIssuer('my-photo-application')
      .setAudience('my-photo-application')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expectUnauthorized(await me(hmac), 'TOKEN_INVALID');
  });

  it('refuses a token for another audience or from another issuer', async () => {
    const key = ctx.deps.signingKeys!.privateKey;
    expectUnauthorized(
      await me(await tokenSignedBy(key, 'ES256', { aud: 'another-app' })),
      'TOKEN_INVALID',
    );
    expectUnauthorized(
      await me(await tokenSignedBy(key, 'ES256', { iss: 'someone-else' })),
      'TOKEN_INVALID',
    );
  });

  it('refuses an expired token with its own code, and a refreshed one works', async () => {
    const { exp } = decodeJwt(user.idToken);
    ctx.clock.set(new Date((exp! + 1) * 1000));
    expectUnauthorized(await me(user.idToken), 'TOKEN_EXPIRED');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const res = await me(refreshed.json<{ id_token: string }>().id_token);
    expect(res.statusCode).toBe(200);
    user.refreshToken = refreshed.json<{ refresh_token: string }>().refresh_token;
  });

  it('gives a profile even to a user whose sign-up was interrupted before addNewUser', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: {
        email: 'interrupted@example.com',
        password: 'password123',
        returnSecureToken: true,
      },
    });
    const profile = await me(res.json<{ idToken: string }>().idToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      emailAddress: 'interrupted@example.com',
      name: 'interrupted',
    });
  });
});
