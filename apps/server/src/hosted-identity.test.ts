import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

// The hosted path, offline: ID tokens as hosted Firebase issues them (RS256, iss
// https://securetoken.google.com/<project>, aud <project>, kid), verified against a JWKS served in
// the shape and at the path of Google's, by a server with the embedded identity service off.

const PROJECT = 'demo-photo-project';
const JWKS_PATH = '/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function makeKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

// Token verification does not touch the database: once, on SQLite (the rotation waits ~30 s).
const otherDatabase = process.env.TEST_DATABASE === 'postgres';
if (otherDatabase) {
  console.warn(
    'hosted-identity.test.ts: skipped on PostgreSQL, it runs on SQLite (no database part)',
  );
}

let published: SigningKey[] = [];
let jwksFetches = 0;
let jwksServer: http.Server;
let jwksUrl: string;
let ctx: TestContext;
let first: SigningKey;

beforeAll(async () => {
  if (otherDatabase) return;
  first = await makeKey('a1b2c3d4e5f60718293a4b5c6d7e8f9012345678');
  published = [first];
  jwksServer = http.createServer((request, response) => {
    if (request.url !== JWKS_PATH) {
      response.writeHead(404).end();
      return;
    }
    jwksFetches += 1;
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'public, max-age=21600, must-revalidate, no-transform',
    });
    response.end(JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}${JWKS_PATH}`;
  ctx = await createTestContext({
    IDENTITY_ENABLED: 'false',
    AUTH_JWKS_URL: jwksUrl,
    AUTH_ISSUER: `https://securetoken.google.com/${PROJECT}`,
    AUTH_AUDIENCE: PROJECT,
    IDENTITY_BASE_URL: 'https://identitytoolkit.googleapis.com/v1',
    IDENTITY_TOKEN_URL: 'https://securetoken.googleapis.com/v1/token',
    IDENTITY_API_KEY: 'AIza-offline-test-key',
  });
});
afterAll(async () => {
  await ctx?.close();
  if (jwksServer) await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
});

let counter = 0;
let adminToken: string;

/** An ID token with hosted Firebase's claims, signed by `key`. */
async function hostedToken(
  key: SigningKey,
  overrides: {
    kid?: string;
    iss?: string;
    aud?: string;
    expiresIn?: number;
    emailVerified?: boolean;
  } = {},
) {
  counter += 1;
  const uid = `hostedUid${counter}abcdefghijklmnop`;
  const email = `hosted${counter}@example.com`;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email,
    email_verified: overrides.emailVerified ?? true,
    user_id: uid,
    auth_time: now,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  })
    .setProtectedHeader({ alg: 'RS256', kid: overrides.kid ?? key.kid, typ: 'JWT' })
    .setIssuer(overrides.iss ?? `https://securetoken.google.com/${PROJECT}`)
    .setAudience(overrides.aud ?? PROJECT)
    .setSubject(uid)
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.expiresIn ?? 3600))
    .sign(key.privateKey);
  return { token, uid, email };
}

describe.skipIf(otherDatabase)('hosted Firebase ID tokens (AUTH_JWKS_URL)', () => {
  it('accepts a hosted token: the API knows the user by its uid and e-mail', async () => {
    const { token, uid, email } = await hostedToken(first);
    const res = await ctx.api(token).me();
    expect(res.statusCode).toBe(200);
    // The first account seen is the server's administrator.
    expect(res.json()).toMatchObject({ id: uid, emailAddress: email, isAdmin: true });
    expect(jwksFetches).toBeGreaterThanOrEqual(1);
    adminToken = token;
  });

  it('lets the administrator list the accounts, but not change addresses or passwords held by the provider', async () => {
    const other = await hostedToken(first, { emailVerified: false });
    expect((await ctx.api(other.token).me()).json()).toMatchObject({ isAdmin: false });
    const listed = await ctx.api(adminToken).adminUsers();
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: other.uid, emailVerified: false, isAdmin: false }),
    );
    for (const res of [
      await ctx.api(adminToken).adminVerifyEmail(other.uid),
      await ctx.api(adminToken).adminPasswordLink(other.uid),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'IDENTITY_NOT_EMBEDDED' } });
    }
  });

  it('refuses a token of another project, another issuer, an expired one and an unknown kid', async () => {
    const refused = async (token: string) => (await ctx.api(token).me()).statusCode;
    expect(await refused((await hostedToken(first, { aud: 'another-project' })).token)).toBe(401);
    expect(
      await refused(
        (await hostedToken(first, { iss: 'https://securetoken.google.com/another' })).token,
      ),
    ).toBe(401);
    expect(await refused((await hostedToken(first, { expiresIn: -60 })).token)).toBe(401);
    // Signed by a key nobody published, under a kid nobody published.
    const stranger = await makeKey('ffffffffffffffffffffffffffffffffffffffff');
    expect(await refused((await hostedToken(stranger)).token)).toBe(401);
    // A published kid on a token signed by another key.
    expect(await refused((await hostedToken(stranger, { kid: first.kid })).token)).toBe(401);
  });

  it('picks up a key rotation: a token under a newly published kid is accepted', async () => {
    const next = await makeKey('0123456789abcdef0123456789abcdef01234567');
    // Google publishes the next key beside the current one.
    published = [next, first];
    const { token } = await hostedToken(next);
    // The published keys are read again when an unknown kid comes, at most every 30 seconds.
    await expect
      .poll(async () => (await ctx.api(token).me()).statusCode, { timeout: 60_000, interval: 1000 })
      .toBe(200);
    // Tokens under the older kid still work while it is published.
    expect((await ctx.api((await hostedToken(first)).token).me()).statusCode).toBe(200);
  }, 90_000);

  it('tells the web app to sign in at the hosted endpoints, and lets its page call them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toMatchObject({
      identity: {
        baseUrl: 'https://identitytoolkit.googleapis.com/v1',
        tokenUrl: 'https://securetoken.googleapis.com/v1/token',
        apiKey: 'AIza-offline-test-key',
        embedded: false,
      },
    });
    expect(res.headers['content-security-policy']).toContain('https://securetoken.googleapis.com');
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp',
      payload: { email: 'x@example.com', password: 'long enough 1' },
    });
    expect(signUp.statusCode).toBe(404);
  });
});
