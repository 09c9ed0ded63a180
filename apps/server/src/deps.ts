import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import type { Database } from './db/schema.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import {
  createPictureSigner,
  loadOrCreatePictureSecret,
  type PictureSigner,
} from './lib/picture-signing.js';
import { loadOrCreateSigningKeys, type SigningKeys } from './lib/signing-keys.js';
import { createTokenVerifier, remoteJwks, type TokenVerifier } from './lib/token-verifier.js';
import type { BlobStore } from './storage/blob-store.js';
import { LocalBlobStore } from './storage/local-blob-store.js';

/** Everything the routes and services need, built in one place and passed down explicitly. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  blobStore: BlobStore;
  clock: Clock;
  /** The embedded identity service's keys; null when an external provider is used. */
  signingKeys: SigningKeys | null;
  verifyToken: TokenVerifier;
  /** Outgoing e-mail: SMTP_URL, or the log when it is not set. */
  mailer: Mailer;
  /** Signs and checks the expiring picture URLs of files not everyone may see. */
  pictureSigner: PictureSigner;
  /** Folder for uploads being received, on the same disk as the blob store when local. */
  uploadTmpDir: string;
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  signingKeys?: SigningKeys;
  blobStore?: BlobStore;
  mailer?: Mailer;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const clock = overrides.clock ?? systemClock;
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'app.db'),
    onPoolError: (error) => console.error('database connection lost:', error.message),
  });
  await migrateToLatest(handle.db);
  const blobStore =
    overrides.blobStore ?? (await new LocalBlobStore(path.join(config.dataDir, 'blobs')).init());
  const signingKeys = config.identityEnabled
    ? (overrides.signingKeys ?? (await loadOrCreateSigningKeys(config.dataDir)))
    : null;
  const getKey = config.auth.jwksUrl ? remoteJwks(config.auth.jwksUrl) : signingKeys?.getKey;
  if (!getKey) {
    throw new Error(
      'Set AUTH_JWKS_URL, or enable the embedded identity service (IDENTITY_ENABLED).',
    );
  }
  const verifyToken = createTokenVerifier({
    getKey,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    clock,
  });
  return {
    config,
    db: handle.db,
    blobStore,
    clock,
    signingKeys,
    verifyToken,
    mailer: overrides.mailer ?? createMailer(config.mail),
    pictureSigner: createPictureSigner(
      await loadOrCreatePictureSecret(config.dataDir, config.pictureUrlSecret),
      clock,
    ),
    uploadTmpDir: path.join(config.dataDir, 'uploads-tmp'),
    close: () => handle.close(),
  };
}
