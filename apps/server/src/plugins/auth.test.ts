import { generateKeyPair, SignJWT, UnsecuredJWT, decodeJwt, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';

const ctx = useTestContext();
let user: TestUser;

beforeAll(async () => {
  user = await signUp(ctx.app);
});

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
    const res = await ctx.api(user).me();
    expect(res.statusCode).toBe(200);
  });

  it('is required', async () => {
    expectUnauthorized(await ctx.api().me(), 'TOKEN_MISSING');
    expectUnauthorized(await ctx.api('').me(), 'TOKEN_MISSING');
  });

  it('refuses malformed tokens', async () => {
    expectUnauthorized(await ctx.api('not-a-token').me(), 'TOKEN_INVALID');
    expectUnauthorized(await ctx.api('a.b.c').me(), 'TOKEN_INVALID');
  });

  it('refuses a token signed by another key (forged)', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expectUnauthorized(
      await ctx.api(await tokenSignedBy(privateKey, 'ES256')).me(),
      'TOKEN_INVALID',
    );
  });

  it('refuses an unsigned token (alg: none) and a symmetric one', async () => {
    const unsigned = new UnsecuredJWT({ email: user.email })
      .setSubject(user.uid)
      .setIssuer('my-photo-application')
      .setAudience('my-photo-application')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expectUnauthorized(await ctx.api(unsigned).me(), 'TOKEN_INVALID');
    const secret = new TextEncoder().encode('a-guessable-shared-secret-of-32-bytes!');
    const hmac = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uid)
      .setIssuer('my-photo-application')
      .setAudience('my-photo-application')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expectUnauthorized(await ctx.api(hmac).me(), 'TOKEN_INVALID');
  });

  it('refuses a token for another audience or from another issuer', async () => {
    const key = ctx.deps.signingKeys!.privateKey;
    expectUnauthorized(
      await ctx.api(await tokenSignedBy(key, 'ES256', { aud: 'another-app' })).me(),
      'TOKEN_INVALID',
    );
    expectUnauthorized(
      await ctx.api(await tokenSignedBy(key, 'ES256', { iss: 'someone-else' })).me(),
      'TOKEN_INVALID',
    );
  });

  it('refuses an expired token with its own code, and a refreshed one works', async () => {
    const { exp } = decodeJwt(user.idToken);
    ctx.clock.set(new Date((exp! + 1) * 1000));
    expectUnauthorized(await ctx.api(user).me(), 'TOKEN_EXPIRED');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const res = await ctx.api(refreshed.json<{ id_token: string }>().id_token).me();
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
    const profile = await ctx.api(res.json<{ idToken: string }>().idToken).me();
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      emailAddress: 'interrupted@example.com',
      name: 'interrupted',
    });
  });
});
