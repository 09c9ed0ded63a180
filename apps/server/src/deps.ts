import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import type { Redis } from 'ioredis';
import { deleteEndedRateLimitCounters, hitRateLimitCounter } from './db/rate-limit.repository.js';
import type { Database } from './db/schema.js';
import {
  deleteSigningKeysBelow,
  insertSigningKey,
  listSigningKeys,
} from './db/signing-keys.repository.js';
import { systemClock, type Clock } from './lib/clock.js';
import {
  createInProcessEventBus,
  createPostgresEventBus,
  type EventBus,
} from './infra/event-bus.js';
import { createInProcessJobQueue, type JobQueue } from './infra/job-queue.js';
import { createMailer, type Mailer } from './infra/mailer.js';
import { createPgBossJobQueue } from './infra/pg-boss-queue.js';
import {
  connectRedis,
  databaseRateLimitStore,
  type RateLimitStorage,
} from './infra/rate-limit-store.js';
import { ChangeFeed } from './infra/change-feed.js';
import { loadOrCreatePictureSecret } from './infra/picture-secret.js';
import { createPictureSigner, type PictureSigner } from './lib/picture-signing.js';
import { SharedSigningKeys, signingKeysFromJwk, type SigningKeys } from './infra/signing-keys.js';
import { createTokenVerifier, remoteJwks, type TokenVerifier } from './infra/token-verifier.js';
import type { BlobStore } from './storage/blob-store.js';
import { LocalBlobStore } from './storage/local-blob-store.js';
import { S3BlobStore } from './storage/s3-blob-store.js';

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
  /** Events for live features, to every instance (in-process on SQLite; LISTEN/NOTIFY on PostgreSQL). */
  eventBus: EventBus;
  /** That a photo's comments changed, told to every instance's streams over the event bus. */
  /** A photo's comments changed: live comment streams wake on every instance. */
  commentChanges: ChangeFeed;
  /** A person's activity feed has new entries: their live streams wake on every instance. */
  activityChanges: ChangeFeed;
  /** A photo's likes changed (keyed by the photo's id): its live streams send the new count. */
  likeChanges: ChangeFeed;
  /** Work done after the request (derived image sizes): pg-boss on PostgreSQL, else in-process. */
  jobQueue: JobQueue;
  /** Migrations this start applied (none when another instance did, or nothing was pending). */
  appliedMigrations: string[];
  /** Where request counters live: Redis (REDIS_URL), the database (PostgreSQL), or memory. */
  rateLimitStorage: RateLimitStorage;
  /** Signs and checks the expiring picture URLs of files not everyone may see. */
  pictureSigner: PictureSigner;
  /** Key of the tokens in e-mail digests' unsubscribe links (HMAC of the user id). */
  unsubscribeKey: Buffer;
  /** Key that seals second-factor secrets and hashes recovery codes (decision 0071). */
  mfaSecretKey: Buffer;
  /** Folder for uploads being received, on the same disk as the blob store when local. */
  uploadTmpDir: string;
  /**
   * When the sizes after a thumbnail wait for a batch of uploads to pass (DerivePace in
   * files/derive/derive.ts); its default when absent.
   */
  derivePace?: { quietMs: number; maxDeferrals: number };
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  signingKeys?: SigningKeys;
  blobStore?: BlobStore;
  mailer?: Mailer;
  derivePace?: { quietMs: number; maxDeferrals: number };
}

/** The bucket when S3_BUCKET is set, else DATA_DIR/blobs. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  return config.s3
    ? new S3BlobStore(config.s3)
    : new LocalBlobStore(path.join(config.dataDir, 'blobs')).init();
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const clock = overrides.clock ?? systemClock;
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'app.db'),
    onPoolError: (error) => console.error('database connection lost:', error.message),
  });
  const appliedMigrations = await migrateToLatest(handle.db);
  const blobStore = overrides.blobStore ?? (await createBlobStore(config));
  const signingKeys = config.identityEnabled
    ? (overrides.signingKeys ??
      (config.auth.signingKey
        ? await signingKeysFromJwk(config.auth.signingKey)
        : await SharedSigningKeys.open(
            {
              list: () => listSigningKeys(handle.db),
              insert: (row) => insertSigningKey(handle.db, row),
              deleteBelow: (generation) => deleteSigningKeysBelow(handle.db, generation),
            },
            clock,
            { dataDir: config.dataDir },
          )))
    : null;
  let redis: Redis | undefined;
  let rateLimitStorage: RateLimitStorage = {};
  if (config.redis.url) {
    redis = await connectRedis(config.redis.url, (error) =>
      console.error('redis connection error:', error.message),
    );
    rateLimitStorage = {
      redis,
      nameSpace: `${config.redis.keyPrefix}rate-limit:`,
      skipOnError: true,
    };
  } else if (config.databaseUrl) {
    rateLimitStorage = {
      store: databaseRateLimitStore(
        (key, windowMs, nowMs) => hitRateLimitCounter(handle.db, key, windowMs, nowMs),
        (beforeMs) => deleteEndedRateLimitCounters(handle.db, beforeMs),
      ),
      skipOnError: true,
    };
  }
  // Its PostgreSQL connection opens on first use.
  const eventBus = config.databaseUrl
    ? createPostgresEventBus(config.databaseUrl, (error) =>
        console.error('event bus:', (error as Error).message),
      )
    : createInProcessEventBus((error) => console.error('event bus:', (error as Error).message));
  const onJobFailed = (name: string, data: unknown, error: unknown) =>
    console.error(`job ${name} failed for good:`, JSON.stringify(data), (error as Error).message);
  const jobQueue = config.databaseUrl
    ? await createPgBossJobQueue({
        connectionString: config.databaseUrl,
        eventBus,
        onError: (error) => console.error('job queue:', (error as Error).message),
        onFailed: onJobFailed,
      })
    : createInProcessJobQueue(onJobFailed);
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
  const pictureSecret = await loadOrCreatePictureSecret(config.dataDir, config.pictureUrlSecret);
  return {
    config,
    db: handle.db,
    blobStore,
    clock,
    signingKeys,
    verifyToken,
    mailer: overrides.mailer ?? createMailer(config.mail),
    pictureSigner: createPictureSigner(pictureSecret, clock),
    // Derived from the same shared secret, so every instance checks the links every other made.
    unsubscribeKey: createHmac('sha256', pictureSecret).update('digest-unsubscribe').digest(),
    mfaSecretKey: createHmac('sha256', pictureSecret).update('identity-mfa-secrets').digest(),
    uploadTmpDir: path.join(config.dataDir, 'uploads-tmp'),
    ...(overrides.derivePace ? { derivePace: overrides.derivePace } : {}),
    rateLimitStorage,
    eventBus,
    commentChanges: new ChangeFeed(eventBus, 'comments'),
    activityChanges: new ChangeFeed(eventBus, 'activity'),
    likeChanges: new ChangeFeed(eventBus, 'likes'),
    jobQueue,
    appliedMigrations,
    close: async () => {
      await jobQueue.stop();
      await eventBus.close();
      signingKeys?.close?.();
      await redis?.quit().catch(() => redis?.disconnect());
      await handle.close();
    },
  };
}
