import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import { ManualClock } from './lib/clock.js';
import { SIGNING_KEY_POLICY, type SharedSigningKeys } from './infra/signing-keys.js';
import { ApiClient } from './test/api-client.js';
import { buildApp, signUp } from './test/harness.js';
import { createTestPostgresDatabase } from './test/postgres.js';

/**
 * Two instances on one database (PostgreSQL when TEST_DATABASE=postgres, else one SQLite file),
 * each with its own data folder, as on two machines.
 */
interface Instance {
  deps: AppDeps;
  app: FastifyInstance;
  dataDir: string;
}

const clock = new ManualClock(new Date());
let postgres: { url: string; drop: () => Promise<void> } | undefined;
let sharedDir: string;
let a: Instance;
let b: Instance;

async function startInstance(): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-instance-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  // Both SQLite instances open the same file; with PostgreSQL the data folder holds nothing shared.
  if (!postgres) Object.assign(config, { dataDir: sharedDir });
  const deps = await createDeps(config, { clock });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return { deps, app, dataDir };
}

async function jwksOf(instance: Instance): Promise<JSONWebKeySet> {
  const res = await instance.app.inject({ method: 'GET', url: '/identity/v1/jwks.json' });
  return res.json<JSONWebKeySet>();
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const keysOf = (instance: Instance) => instance.deps.signingKeys as SharedSigningKeys;

async function signIn(instance: Instance, email: string, password: string): Promise<string> {
  const res = await instance.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email, password, returnSecureToken: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ idToken: string }>().idToken;
}

beforeAll(async () => {
  postgres =
    process.env.TEST_DATABASE === 'postgres' ? await createTestPostgresDatabase() : undefined;
  sharedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-shared-'));
  // Started at the same moment: the first key is made once.
  [a, b] = await Promise.all([startInstance(), startInstance()]);
});

afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    await instance?.deps.close();
    await fs.rm(instance?.dataDir ?? '', { recursive: true, force: true });
  }
  await postgres?.drop();
  await fs.rm(sharedDir, { recursive: true, force: true });
});

describe('signing keys shared by instances', () => {
  it('gives both instances the same key, made once, and no key file in a data folder', async () => {
    expect(a.deps.signingKeys!.kid).toBe(b.deps.signingKeys!.kid);
    expect((await jwksOf(a)).keys).toEqual((await jwksOf(b)).keys);
    expect((await jwksOf(a)).keys).toHaveLength(1);
    for (const dir of [a.dataDir, b.dataDir, sharedDir]) {
      await expect(fs.access(path.join(dir, 'identity-signing-key.json'))).rejects.toThrow();
    }
  });

  it('accepts on one instance an ID token issued by the other', async () => {
    const user = await signUp(a.app);
    const onB = await new ApiClient(b.app, user.idToken).me();
    expect(onB.statusCode).toBe(200);
    expect(onB.json<{ emailAddress: string }>().emailAddress).toBe(user.email);
    const fromB = await signIn(b, user.email, user.password);
    expect((await new ApiClient(a.app, fromB).me()).statusCode).toBe(200);
  });

  it('rotates: the new key signs everywhere, tokens of the old one verify until their grace ends', async () => {
    const user = await signUp(b.app);
    const oldToken = user.idToken;
    const oldKid = kidOf(oldToken);

    await keysOf(a).rotate();
    const newToken = await signIn(a, user.email, user.password);
    expect(kidOf(newToken)).not.toBe(oldKid);
    // B has not looked yet: the unknown kid makes it read the keys again.
    expect((await new ApiClient(b.app, newToken).me()).statusCode).toBe(200);
    expect((await new ApiClient(b.app, oldToken).me()).statusCode).toBe(200);
    expect((await jwksOf(b)).keys.map((key) => key.kid).sort()).toEqual(
      [oldKid, kidOf(newToken)].sort(),
    );
    // B signs with the new key too.
    expect(kidOf(await signIn(b, user.email, user.password))).toBe(kidOf(newToken));

    // Past the grace, the old key leaves the JWKS of both.
    clock.advance(SIGNING_KEY_POLICY.retiredKeyGraceMs + 1000);
    await Promise.all([keysOf(a).refresh(), keysOf(b).refresh()]);
    for (const instance of [a, b]) {
      expect((await jwksOf(instance)).keys.map((key) => key.kid)).toEqual([kidOf(newToken)]);
    }
  });

  it('makes the next key on its own when the current one is due, once for all instances', async () => {
    const before = a.deps.signingKeys!.kid;
    clock.advance(SIGNING_KEY_POLICY.rotateAfterMs);
    await Promise.all([keysOf(a).refresh(), keysOf(b).refresh()]);
    await Promise.all([keysOf(a).refresh(), keysOf(b).refresh()]);
    expect(a.deps.signingKeys!.kid).not.toBe(before);
    expect(b.deps.signingKeys!.kid).toBe(a.deps.signingKeys!.kid);
    expect((await jwksOf(a)).keys.map((key) => key.kid).sort()).toEqual(
      [before, a.deps.signingKeys!.kid].sort(),
    );
  });
});

describe('signing keys from elsewhere', () => {
  async function withInstance(
    env: Record<string, string>,
    use: (instance: Instance) => Promise<void>,
    dataDir?: string,
  ) {
    const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'photo-keys-')));
    const deps = await createDeps(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }));
    const app = await buildApp(deps, { logger: false });
    try {
      await use({ deps, app, dataDir: dir });
    } finally {
      await app.close();
      await deps.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  it('AUTH_SIGNING_KEY: instances given the same key accept each other’s tokens', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const env = { AUTH_SIGNING_KEY: JSON.stringify(await exportJWK(privateKey)) };
    let token = '';
    let uid = '';
    await withInstance(env, async (first) => {
      ({ idToken: token, uid } = await signUp(first.app));
    });
    await withInstance(env, async (second) => {
      expect((await jwksOf(second)).keys).toHaveLength(1);
      // Another database holds no account for this user (the API would answer that it is
      // gone); what this checks is that the other instance accepts the token's signature.
      await expect(second.deps.verifyToken(token)).resolves.toMatchObject({ uid });
    });
  });

  it('AUTH_SIGNING_KEY that is not a private P-256 JWK stops the start with a clear message', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-keys-'));
    await expect(
      createDeps(loadConfig({ DATA_DIR: dir, AUTH_SIGNING_KEY: '{"kty":"oct","k":"abc"}' })),
    ).rejects.toThrow(/AUTH_SIGNING_KEY must be a private EC P-256 key/);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps the key an older version left in the data folder, so its tokens still verify', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-keys-'));
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    await fs.writeFile(
      path.join(dir, 'identity-signing-key.json'),
      JSON.stringify({
        kid: 'legacy-key',
        privateJwk: await exportJWK(privateKey),
        publicJwk: await exportJWK(publicKey),
      }),
    );
    await withInstance(
      {},
      async (instance) => {
        expect(instance.deps.signingKeys!.kid).toBe('legacy-key');
        expect((await jwksOf(instance)).keys.map((key) => key.kid)).toEqual(['legacy-key']);
      },
      dir,
    );
  });
});
