import fs from 'node:fs/promises';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Clock } from '../lib/clock.js';

export const SIGNING_ALG = 'ES256';

/**
 * The keys of the embedded identity service. `kid`, `privateKey` and `jwks` are read at each use:
 * with shared keys they change when another instance rotates.
 */
export interface SigningKeys {
  /** The key that signs now. */
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** The public keys that still verify, as a JWKS document. */
  readonly jwks: JSONWebKeySet;
  /** Key lookup for verifiers. */
  getKey: JWTVerifyGetKey;
  /** Stops looking for keys other instances made. */
  close?(): void;
}

interface KeyMaterial {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A key as the database keeps it (db/signing-keys.repository.ts). */
export interface SigningKeyRow {
  generation: number;
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
}

/** Where shared keys are kept: the database. */
export interface SigningKeyStorage {
  /** Newest generation first. */
  list(): Promise<SigningKeyRow[]>;
  /** False when that generation exists already. */
  insert(row: SigningKeyRow): Promise<boolean>;
  deleteBelow(generation: number): Promise<void>;
}

export const SIGNING_KEY_POLICY = {
  /** How often an instance looks for a key another instance made. */
  refreshMs: 60_000,
  /** A key signs for this long, then the first instance to notice makes the next one. */
  rotateAfterMs: 30 * 24 * 3600 * 1000,
  /**
   * A replaced key still verifies for this long: ID tokens live an hour (id-token.ts), and an
   * instance may sign with it until its next refresh.
   */
  retiredKeyGraceMs: 2 * 3600 * 1000,
  /** An unknown kid makes an instance read the keys again, at most this often. */
  unknownKidReloadMs: 1000,
} as const;

async function createKey(): Promise<KeyMaterial> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = await exportJWK(publicKey);
  return { kid: crypto.randomUUID(), privateJwk, publicJwk };
}

function publicEntry(key: KeyMaterial): JWK {
  return { ...key.publicJwk, kid: key.kid, alg: SIGNING_ALG, use: 'sig' };
}

/** One fixed key (tests; AUTH_SIGNING_KEY). */
async function fixedKeys(key: KeyMaterial): Promise<SigningKeys> {
  const privateKey = (await importJWK(key.privateJwk, SIGNING_ALG)) as CryptoKey;
  const jwks: JSONWebKeySet = { keys: [publicEntry(key)] };
  return { kid: key.kid, privateKey, jwks, getKey: createLocalJWKSet(jwks) };
}

/** A key kept only in memory (tests). */
export async function createEphemeralSigningKeys(): Promise<SigningKeys> {
  return fixedKeys(await createKey());
}

/**
 * The key given by configuration (AUTH_SIGNING_KEY): a private EC P-256 JWK as JSON. Every
 * instance given the same key signs and verifies alike; rotating it means changing it everywhere.
 */
export async function signingKeysFromJwk(json: string): Promise<SigningKeys> {
  const privateJwk = JSON.parse(json) as JWK;
  if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d) {
    throw new Error('AUTH_SIGNING_KEY must be a private EC P-256 key as a JWK (with "d")');
  }
  const { d: _d, kid, ...publicJwk } = privateJwk;
  return fixedKeys({
    kid: kid ?? (await calculateJwkThumbprint(publicJwk)),
    privateJwk,
    publicJwk,
  });
}

/** The key an older version kept in DATA_DIR: it becomes the first shared one. */
async function legacyKeyOf(dataDir: string): Promise<KeyMaterial | null> {
  try {
    return JSON.parse(
      await fs.readFile(path.join(dataDir, 'identity-signing-key.json'), 'utf8'),
    ) as KeyMaterial;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

interface Current {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  lookup: JWTVerifyGetKey;
}

/**
 * Keys kept in the database, the same for every instance: the newest generation signs; a replaced
 * key stays in the JWKS for SIGNING_KEY_POLICY.retiredKeyGraceMs after its successor was made.
 */
export class SharedSigningKeys implements SigningKeys {
  #current!: Current;
  #timer: NodeJS.Timeout | undefined;
  #lastUnknownKidReload = 0;
  #reloading: Promise<void> | undefined;

  private constructor(
    private readonly storage: SigningKeyStorage,
    private readonly clock: Clock,
  ) {}

  /** Reads the shared keys, making the first one (or the next, when due) if needed. */
  static async open(
    storage: SigningKeyStorage,
    clock: Clock,
    options: { dataDir?: string; refresh?: boolean } = {},
  ): Promise<SharedSigningKeys> {
    const keys = new SharedSigningKeys(storage, clock);
    let rows = await storage.list();
    if (rows.length === 0) {
      const first =
        (options.dataDir && (await legacyKeyOf(options.dataDir))) || (await createKey());
      await keys.#insert(1, first);
      rows = await storage.list();
    }
    await keys.#load(rows);
    if (options.refresh ?? true) {
      keys.#timer = setInterval(
        () => void keys.refresh().catch(() => undefined),
        SIGNING_KEY_POLICY.refreshMs,
      );
      keys.#timer.unref();
    }
    return keys;
  }

  get kid(): string {
    return this.#current.kid;
  }
  get privateKey(): CryptoKey {
    return this.#current.privateKey;
  }
  get jwks(): JSONWebKeySet {
    return this.#current.jwks;
  }

  getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await this.#current.lookup(header, token);
    } catch (error) {
      // A key another instance made since we last looked: look again, at most once a second
      // (made-up kids must not turn every request into a database read).
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (Date.now() - this.#lastUnknownKidReload < SIGNING_KEY_POLICY.unknownKidReloadMs) {
        throw error;
      }
      this.#lastUnknownKidReload = Date.now();
      await this.refresh();
      return this.#current.lookup(header, token);
    }
  };

  /** Reads the keys again; makes the next generation when the current one is due for rotation. */
  refresh(): Promise<void> {
    this.#reloading ??= (async () => {
      try {
        const rows = await this.storage.list();
        const newest = rows[0];
        if (
          newest &&
          this.clock.now().getTime() - Date.parse(newest.created_at) >=
            SIGNING_KEY_POLICY.rotateAfterMs
        ) {
          await this.#insert(newest.generation + 1, await createKey());
          await this.#load(await this.storage.list());
        } else {
          await this.#load(rows);
        }
      } finally {
        this.#reloading = undefined;
      }
    })();
    return this.#reloading;
  }

  /** Makes a new key the one that signs, on every instance (others see it within refreshMs). */
  async rotate(): Promise<void> {
    const newest = (await this.storage.list())[0];
    await this.#insert((newest?.generation ?? 0) + 1, await createKey());
    await this.#load(await this.storage.list());
  }

  close(): void {
    clearInterval(this.#timer);
  }

  async #insert(generation: number, key: KeyMaterial): Promise<void> {
    // Another instance making the same generation at the same time wins or loses as a whole.
    await this.storage.insert({
      generation,
      kid: key.kid,
      private_jwk: JSON.stringify(key.privateJwk),
      public_jwk: JSON.stringify(key.publicJwk),
      created_at: this.clock.now().toISOString(),
    });
  }

  async #load(rows: SigningKeyRow[]): Promise<void> {
    const [newest] = rows;
    if (!newest) throw new Error('No signing key is stored');
    const now = this.clock.now().getTime();
    // A key still verifies until its successor has been signing for the grace period.
    const valid: SigningKeyRow[] = [newest];
    for (let i = 1; i < rows.length; i += 1) {
      const successorMadeAt = Date.parse(rows[i - 1]!.created_at);
      if (now - successorMadeAt >= SIGNING_KEY_POLICY.retiredKeyGraceMs) break;
      valid.push(rows[i]!);
    }
    const oldestValid = valid[valid.length - 1]!.generation;
    if (rows.some((row) => row.generation < oldestValid)) {
      // Private keys that verify nothing any more need not be kept.
      await this.storage.deleteBelow(oldestValid);
    }
    const jwks: JSONWebKeySet = {
      keys: valid.map((row) =>
        publicEntry({
          kid: row.kid,
          privateJwk: {},
          publicJwk: JSON.parse(row.public_jwk) as JWK,
        }),
      ),
    };
    const privateKey =
      this.#current?.kid === newest.kid
        ? this.#current.privateKey
        : ((await importJWK(JSON.parse(newest.private_jwk) as JWK, SIGNING_ALG)) as CryptoKey);
    this.#current = { kid: newest.kid, privateKey, jwks, lookup: createLocalJWKSet(jwks) };
  }
}
