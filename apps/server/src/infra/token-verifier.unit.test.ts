import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { createTokenVerifier } from './token-verifier.js';

async function setup(cacheSize = 10) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
  let keyLookups = 0;
  const jwks = createLocalJWKSet({ keys: [jwk] });
  const clock = new ManualClock('2026-06-01T00:00:00Z');
  const verify = createTokenVerifier({
    getKey: (header, token) => {
      keyLookups += 1;
      return jwks(header, token);
    },
    issuer: 'iss',
    audience: 'aud',
    clock,
    cacheSize,
  });
  const sign = (sub: string, claims: Record<string, unknown> = {}) =>
    new SignJWT({ email: `${sub}@example.com`, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer('iss')
      .setAudience('aud')
      .setIssuedAt(clock.now())
      .setExpirationTime(new Date(clock.now().getTime() + 3600_000))
      .sign(privateKey);
  return { verify, sign, clock, lookups: () => keyLookups };
}

describe('token verifier', () => {
  it('checks a signature once per token, and still enforces expiry on later uses', async () => {
    const { verify, sign, clock, lookups } = await setup();
    const token = await sign('alice');
    // No auth_time: when it was issued stands for it.
    const issued = Math.floor(clock.now().getTime() / 1000);
    const alice = {
      uid: 'alice',
      email: 'alice@example.com',
      emailVerified: false,
      authTime: issued,
    };
    expect(await verify(token)).toEqual(alice);
    expect(await verify(token)).toEqual(alice);
    expect(lookups()).toBe(1);
    clock.advance(3600_000);
    await expect(verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('tells whether the provider vouches for the address (email_verified: true only)', async () => {
    const { verify, sign } = await setup();
    expect(await verify(await sign('v', { email_verified: true }))).toMatchObject({
      emailVerified: true,
    });
    for (const claim of [false, 'true', 1, null]) {
      expect(await verify(await sign('u', { email_verified: claim }))).toMatchObject({
        emailVerified: false,
      });
    }
  });

  it('tells when the person last signed in (auth_time), kept by a refreshed token', async () => {
    const { verify, sign, clock } = await setup();
    const signedIn = Math.floor(clock.now().getTime() / 1000) - 600;
    const token = await sign('r', { auth_time: signedIn });
    expect(await verify(token)).toMatchObject({ authTime: signedIn });
    // Read again from the cache: the same.
    expect(await verify(token)).toMatchObject({ authTime: signedIn });
  });

  it('does not let a token with a changed byte ride on a cached one', async () => {
    const { verify, sign } = await setup();
    const token = await sign('alice');
    await verify(token);
    // The signature's first character carries only signature bits (its last may carry padding).
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const first = signature.startsWith('A') ? 'B' : 'A';
    const tampered = `${header}.${payload}.${first}${signature.slice(1)}`;
    await expect(verify(tampered)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('remembers a bounded number of tokens', async () => {
    const { verify, sign, lookups } = await setup(2);
    const [a, b, c] = [await sign('a'), await sign('b'), await sign('c')];
    await verify(a);
    await verify(b);
    await verify(c);
    await verify(a);
    expect(lookups()).toBe(4);
  });
});
