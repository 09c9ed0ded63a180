import fs from 'node:fs/promises';
import path from 'node:path';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

export const SIGNING_ALG = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public keys, as a JWKS document. */
  jwks: JSONWebKeySet;
  /** Key lookup for verifiers. */
  getKey: JWTVerifyGetKey;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** Loads the identity service's signing key from the data folder, making one on first start. */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(dataDir, 'identity-signing-key.json');
  let stored: StoredKey;
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as StoredKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    stored = await createKey();
    await fs.mkdir(dataDir, { recursive: true });
    // "wx": two processes starting together never overwrite each other's key.
    try {
      await fs.writeFile(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      stored = JSON.parse(await fs.readFile(file, 'utf8')) as StoredKey;
    }
  }
  return fromStored(stored);
}

/** A key kept only in memory (tests). */
export async function createEphemeralSigningKeys(): Promise<SigningKeys> {
  return fromStored(await createKey());
}

async function createKey(): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = await exportJWK(publicKey);
  const kid = crypto.randomUUID();
  return { kid, privateJwk, publicJwk };
}

async function fromStored(stored: StoredKey): Promise<SigningKeys> {
  const privateKey = (await importJWK(stored.privateJwk, SIGNING_ALG)) as CryptoKey;
  const jwks: JSONWebKeySet = {
    keys: [{ ...stored.publicJwk, kid: stored.kid, alg: SIGNING_ALG, use: 'sig' }],
  };
  return { kid: stored.kid, privateKey, jwks, getKey: createLocalJWKSet(jwks) };
}
