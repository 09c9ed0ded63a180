/**
 * Forged, altered and misdirected ID tokens against every route the OpenAPI document says needs
 * one: each answers 401 (431 when the header is too large), never 2xx or 5xx.
 */
import { createPublicKey } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';
import { fillPath, listOperations, type Operation } from '../test/openapi-routes.js';

const ctx = useTestContext();
let alice: TestUser;
let guarded: Operation[];
let port: number;
/** A server that hands out an attacker's keys: a verifier following `jku` would fetch from it. */
let jwksServer: http.Server;
let jwksRequests = 0;
let jwksUrl: string;
let attacker: { privateKey: CryptoKey; publicJwk: JWK };

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');

beforeAll(async () => {
  alice = await signUp(ctx.app);
  guarded = (await listOperations(ctx.app)).filter((o) => o.needsToken);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;

  const pair = await generateKeyPair('ES256', { extractable: true });
  attacker = { privateKey: pair.privateKey, publicJwk: await exportJWK(pair.publicKey) };
  jwksServer = http.createServer((_req, res) => {
    jwksRequests += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...attacker.publicJwk, kid: 'attacker', alg: 'ES256' }] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as net.AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  await new Promise((resolve) => jwksServer.close(resolve));
});

/** The claims of a real token of alice's, as the identity service made them. */
function aliceClaims(): Record<string, unknown> {
  return JSON.parse(
    Buffer.from(alice.idToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
}

function realKid(): string {
  return ctx.deps.signingKeys!.kid;
}

/** Signs `claims` (alice's by default) with a key and header of the caller's choosing. */
function sign(
  key: CryptoKey | Uint8Array,
  header: Record<string, unknown>,
  claims: Record<string, unknown> = aliceClaims(),
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
}

/** Changes one bit of the token's part (0 header, 1 payload, 2 signature), keeping it base64url. */
function flipBit(token: string, part: 0 | 1 | 2): string {
  const parts = token.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

/** The forms of the public key an HMAC key-confusion attack tries as the secret. */
function publicKeySecrets(): { name: string; secret: Uint8Array }[] {
  const jwk = ctx.deps.signingKeys!.jwks.keys[0]!;
  const publicKey = createPublicKey({ key: jwk as never, format: 'jwk' });
  return [
    { name: 'the JWK as JSON', secret: Buffer.from(JSON.stringify(jwk)) },
    { name: 'the JWKS document', secret: Buffer.from(JSON.stringify(ctx.deps.signingKeys!.jwks)) },
    {
      name: 'the PEM',
      secret: Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }) as string),
    },
    { name: 'the DER', secret: publicKey.export({ type: 'spki', format: 'der' }) },
    { name: 'x', secret: Buffer.from(jwk.x!, 'base64url') },
  ];
}

async function forgedTokens(): Promise<{ name: string; token: string | null }[]> {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const claims = aliceClaims();
  const realKey = ctx.deps.signingKeys!.privateKey;
  const tokens: { name: string; token: string | null }[] = [
    { name: 'missing', token: null },
    { name: 'empty', token: '' },
    { name: 'garbage', token: 'not-a-token' },
    { name: 'three garbage parts', token: 'a.b.c' },
    { name: 'Bearer prefix on a real token', token: `Bearer ${alice.idToken}` },
    { name: 'unicode', token: 'ÿ€\u2028.\u0000.x' },
    {
      name: 'alg none',
      token: `${b64(JSON.stringify({ alg: 'none', typ: 'JWT', kid: realKid() }))}.${b64(JSON.stringify(claims))}.`,
    },
    {
      name: 'alg none with the real signature',
      token: `${b64(JSON.stringify({ alg: 'none', kid: realKid() }))}.${alice.idToken.split('.')[1]}.${alice.idToken.split('.')[2]}`,
    },
    { name: 'a flipped header bit', token: flipBit(alice.idToken, 0) },
    { name: 'a flipped payload bit', token: flipBit(alice.idToken, 1) },
    { name: 'a flipped signature bit', token: flipBit(alice.idToken, 2) },
    { name: 'no signature', token: alice.idToken.split('.').slice(0, 2).join('.') + '.' },
    {
      name: 'expired (the real key)',
      token: await sign(
        realKey,
        { alg: 'ES256', kid: realKid() },
        { ...claims, iat: now - 7200, exp: now - 3600 },
      ),
    },
    {
      name: 'issued in the future (the real key)',
      token: await sign(
        realKey,
        { alg: 'ES256', kid: realKid() },
        { ...claims, iat: now + 3600, exp: now + 7200, nbf: now + 3600 },
      ),
    },
    {
      name: 'wrong iss (the real key)',
      token: await sign(
        realKey,
        { alg: 'ES256', kid: realKid() },
        { ...claims, iss: 'someone-else' },
      ),
    },
    {
      name: 'wrong aud (the real key)',
      token: await sign(
        realKey,
        { alg: 'ES256', kid: realKid() },
        { ...claims, aud: 'another-app' },
      ),
    },
    {
      name: 'wrong iss (another key)',
      token: await sign(
        attacker.privateKey,
        { alg: 'ES256', kid: 'attacker' },
        { ...claims, iss: 'someone-else' },
      ),
    },
    {
      name: 'wrong aud (another key)',
      token: await sign(
        attacker.privateKey,
        { alg: 'ES256', kid: 'attacker' },
        { ...claims, aud: 'another-app' },
      ),
    },
    {
      name: 'another key with the same kid',
      token: await sign(attacker.privateKey, { alg: 'ES256', kid: realKid() }),
    },
    {
      name: 'another key without a kid',
      token: await sign(attacker.privateKey, { alg: 'ES256' }),
    },
    {
      name: 'an embedded jwk',
      token: await sign(attacker.privateKey, {
        alg: 'ES256',
        kid: realKid(),
        jwk: attacker.publicJwk,
      }),
    },
    {
      name: 'an embedded jwk, no kid',
      token: await sign(attacker.privateKey, { alg: 'ES256', jwk: attacker.publicJwk }),
    },
    {
      name: 'a jku',
      token: await sign(attacker.privateKey, { alg: 'ES256', kid: 'attacker', jku: jwksUrl }),
    },
    {
      name: 'a jku and the real kid',
      token: await sign(attacker.privateKey, { alg: 'ES256', kid: realKid(), jku: jwksUrl }),
    },
    {
      name: 'an x5u',
      token: await sign(attacker.privateKey, { alg: 'ES256', kid: realKid(), x5u: jwksUrl }),
    },
    {
      name: 'no sub (the real key)',
      token: await sign(realKey, { alg: 'ES256', kid: realKid() }, { ...claims, sub: undefined }),
    },
    {
      name: 'no email (the real key)',
      token: await sign(realKey, { alg: 'ES256', kid: realKid() }, { ...claims, email: undefined }),
    },
  ];
  for (const alg of ['HS256', 'HS512'] as const) {
    for (const { name, secret } of publicKeySecrets()) {
      tokens.push({
        name: `${alg} keyed with ${name}`,
        token: await sign(secret, { alg, kid: realKid(), typ: 'JWT' }),
      });
    }
  }
  // An RSA key of the attacker's, announced under the real kid.
  const rsa = await generateKeyPair('RS256', { extractable: true });
  tokens.push({
    name: 'RS256, another key, the real kid',
    token: await sign(rsa.privateKey, { alg: 'RS256', kid: realKid() }),
  });
  return tokens;
}

function requestFor(operation: Operation, token: string | null) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.idToken = token;
  const query = operation.parameters.some((p) => p.in === 'query' && p.required) ? '?id=x' : '';
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return {
    method: operation.method,
    url: fillPath(operation.path) + query,
    headers,
    ...(hasBody ? { payload: {} } : {}),
  };
}

describe('ID tokens', () => {
  it('a real token opens every guarded route (the control)', async () => {
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    for (const operation of guarded) {
      const res = await ctx.app.inject(requestFor(operation, alice.idToken));
      expect(res.statusCode, `${operation.method} ${operation.path}`).not.toBe(401);
      expect(res.statusCode, `${operation.method} ${operation.path}`).toBeLessThan(500);
    }
  });

  it('every forged, altered or misdirected token is refused with 401 on every guarded route', async () => {
    const tokens = await forgedTokens();
    let checked = 0;
    const accepted: string[] = [];
    for (const { name, token } of tokens) {
      for (const operation of guarded) {
        const res = await ctx.app.inject(requestFor(operation, token));
        if (res.statusCode !== 401) {
          accepted.push(`${name} → ${operation.method} ${operation.path}: ${res.statusCode}`);
          continue;
        }
        // A HEAD answer has no body: its status says it all.
        if (operation.method.toUpperCase() !== 'HEAD') {
          expect(res.json(), name).toMatchObject({
            error: { code: expect.stringMatching(/^TOKEN_(MISSING|INVALID|EXPIRED)$/) },
          });
        }
        checked += 1;
      }
    }
    expect(accepted).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(500);
    expect(jwksRequests, 'the verifier fetched keys named by a token').toBe(0);
    // Over 500 requests: 2 s on a quiet machine, 28 s and more beside the end-to-end tests.
  }, 120_000);

  it('an expired token says so, so that a client knows to refresh', async () => {
    ctx.clock.advance(2 * 3600 * 1000);
    try {
      const res = await ctx.app.inject(requestFor(guarded[0]!, alice.idToken));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    } finally {
      ctx.clock.advance(-2 * 3600 * 1000);
    }
  });

  it('a token too large for the headers gets 431 on every guarded route, over a real socket', async () => {
    const huge = `${alice.idToken}.${'A'.repeat(100 * 1024)}`;
    for (const operation of guarded) {
      const url = requestFor(operation, null).url;
      const response = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(data));
        socket.write(
          `${operation.method} ${url} HTTP/1.1\r\nHost: localhost\r\nidToken: ${huge}\r\n\r\n`,
        );
      });
      expect(response, `${operation.method} ${operation.path}`).toMatch(/^HTTP\/1\.1 431 /);
    }
  });
});
