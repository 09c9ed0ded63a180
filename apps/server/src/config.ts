import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_MAX_VIDEO_BYTES } from '@photo/contract';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. The README lists them. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z
    .url()
    .refine((url) => /^https?:$/.test(new URL(url).protocol) && new URL(url).pathname === '/', {
      message: 'must be an http(s) origin without a path, e.g. https://photos.example.org',
    })
    .transform((url) => new URL(url).origin)
    .optional(),
  /**
   * An OpenStreetMap-style tile server for the map (https://tiles.example.org/{z}/{x}/{y}.png);
   * unset: the map draws only the country shapes it carries. The page's CSP allows its origin.
   */
  MAP_TILE_URL: z
    .url()
    .refine((url) => /^https?:$/.test(new URL(url).protocol), { message: 'must be an http(s) URL' })
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => decodeURI(url).includes(part)), {
      message: 'must hold {z}, {x} and {y}',
    })
    .transform((url) => decodeURI(url))
    .optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
  MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_VIDEO_BYTES),
  /** What guests may add through one share link when its owner set no limits. */
  GUEST_LINK_MAX_PHOTOS: z.coerce.number().int().min(1).max(100_000).default(500),
  GUEST_LINK_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 ** 3),
  /** Guest uploads one client address may send through one link in a minute. */
  GUEST_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** ffmpeg and ffprobe to run; unset: those on the PATH, else the builds shipped in npm packages. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .default(1024 * 1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  IMAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  /** Verify ID tokens of an external provider instead of the embedded one. */
  AUTH_JWKS_URL: z.url().optional(),
  AUTH_ISSUER: z.string().min(1).default('my-photo-application'),
  AUTH_AUDIENCE: z.string().min(1).default('my-photo-application'),
  IDENTITY_ENABLED: booleanFromEnv.default(true),
  /** The embedded identity service's key, as a private JWK; without it, keys live in the database. */
  AUTH_SIGNING_KEY: z.string().min(2).optional(),
  /** Other origins whose pages may call the embedded identity service (comma-separated). */
  IDENTITY_CORS_ORIGINS: z.string().default(''),
  /** Where the web client sends accounts:* calls; default: this server's /identity/v1. */
  IDENTITY_BASE_URL: z.url().optional(),
  /** Where the web client refreshes tokens; default: beside IDENTITY_BASE_URL. */
  IDENTITY_TOKEN_URL: z.url().optional(),
  /** The hosted project's Web API key, passed by the web client as ?key=. */
  IDENTITY_API_KEY: z.string().default(''),
  /** Single sign-on with an OpenID provider: its issuer, and this app's client there. */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The login screen's "Sign in with ‹label›"; default: the issuer's host name. */
  OIDC_BUTTON_LABEL: z.string().min(1).max(40).optional(),
  /** A verified address without an account gets one on its first single sign-on. */
  OIDC_AUTO_CREATE: booleanFromEnv.default(false),
  WEB_DIST_DIR: z.string().optional(),
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:port); without it mail is logged. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), {
      message: 'must be an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('My Photo Application <no-reply@localhost>'),
  /** Counters shared by instances (request limits) go to this Redis instead of the database. */
  REDIS_URL: z
    .url()
    .refine((url) => /^rediss?:$/.test(new URL(url).protocol), {
      message: 'must be a redis:// or rediss:// URL',
    })
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('photo:'),
  /** Photos go to this S3-compatible bucket instead of DATA_DIR/blobs. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** files/show redirects to a short-lived presigned URL of the bucket instead of streaming. */
  S3_PRESIGN: booleanFromEnv.default(false),
  /** Key of signed picture URLs; several instances must share one. Default: made in DATA_DIR. */
  PICTURE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** all: serve the API and process jobs; api: serve only; worker: process jobs only. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Accounts with these addresses (comma-separated) are administrators, besides the first one. */
  ADMIN_EMAILS: z.string().default(''),
  /** The storage quota of each new account, in bytes; unset: unlimited. */
  DEFAULT_QUOTA_BYTES: z.coerce.number().int().min(0).optional(),
  /** How often each instance reads again which accounts are disabled (seconds, at most 60). */
  DISABLED_ACCOUNTS_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /** Image jobs (derived sizes) one instance runs at once: one decodes while another encodes. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Faces found in photos and grouped into people (decision 0102); false: no face is indexed. */
  ML_ENABLED: booleanFromEnv.default(true),
  /** Face-indexing jobs one instance runs at once (each holds a decoded picture and the model). */
  ML_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Days a deleted photo stays in Trash before the purge removes it; 0: no Trash, deleting is final. */
  TRASH_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  maxUploadBytes: number;
  /** Largest video accepted (MAX_VIDEO_BYTES), through the resumable endpoint. */
  maxVideoBytes: number;
  /** Share links' guest uploads: the default limits per link, and requests per address. */
  guestLinks: { maxPhotos: number; maxBytes: number; uploadsPerMinute: number };
  /** FFMPEG_PATH / FFPROBE_PATH, when set. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  logLevel: string;
  /** Log bytes held while the output is slower than the server; beyond, lines are dropped. */
  logBufferBytes: number;
  trustProxy: boolean;
  /** Bytes of thumbnails and card crops kept in memory for files/show; 0 keeps none. */
  imageCacheBytes: number;
  auth: {
    jwksUrl: string | undefined;
    issuer: string;
    audience: string;
    /** A private JWK (JSON) given by configuration. */
    signingKey: string | undefined;
  };
  identityEnabled: boolean;
  /** Origins allowed to call the embedded identity service from a browser (CORS). */
  identityCorsOrigins: string[];
  /** The identity endpoints the web client uses (absent: the embedded service on this origin). */
  identityClient: { baseUrl: string | undefined; tokenUrl: string | undefined; apiKey: string };
  /** Single sign-on with an OpenID provider (OIDC_*); undefined: not offered. */
  sso: SsoConfig | undefined;
  webDistDir: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  pictureUrlSecret: string | undefined;
  redis: { url: string | undefined; keyPrefix: string };
  /** The bucket for photos; undefined: local disk. */
  s3: S3Config | undefined;
  role: 'all' | 'api' | 'worker';
  jobConcurrency: number;
  /** ML_ENABLED, ML_CONCURRENCY: face indexing on or off, and its jobs at once per instance. */
  ml: { enabled: boolean; concurrency: number };
  /** TRASH_DAYS: how long a deleted photo stays in Trash; 0: deleting is final. */
  trashDays: number;
  /** MAP_TILE_URL: the map's tile server, {z}/{x}/{y} in it; undefined: none. */
  mapTileUrl: string | undefined;
  /** Administration: ADMIN_EMAILS (lower-cased), DEFAULT_QUOTA_BYTES, DISABLED_ACCOUNTS_CHECK_SECONDS. */
  admin: { emails: string[]; defaultQuotaBytes: number | null; disabledCheckSeconds: number };
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  presign: boolean;
}

export interface SsoConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  autoCreate: boolean;
}

export class ConfigError extends Error {}

/** OIDC_*: all three of issuer, client id and secret, or none; https but on this machine. */
function ssoConfig(e: z.infer<typeof envSchema>): SsoConfig | undefined {
  const set = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (set === 0) return undefined;
  if (set < 3 || !e.OIDC_ISSUER_URL || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
    );
  }
  const issuer = new URL(e.OIDC_ISSUER_URL);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && loopback)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL must be an https:// URL (http:// only on this machine)',
    );
  }
  if (!e.IDENTITY_ENABLED) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL is set, but single sign-on signs people in to the embedded ' +
        'identity service, which is off (IDENTITY_ENABLED=false)',
    );
  }
  return {
    issuerUrl: e.OIDC_ISSUER_URL,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    buttonLabel: e.OIDC_BUTTON_LABEL ?? issuer.hostname,
    autoCreate: e.OIDC_AUTO_CREATE,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  if (e.AUTH_JWKS_URL && e.IDENTITY_ENABLED) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_JWKS_URL is set, so ID tokens of another provider are verified, ' +
        'but the embedded identity service is on (IDENTITY_ENABLED) and would issue tokens the API refuses. ' +
        'Set IDENTITY_ENABLED=false to use the other provider, or unset AUTH_JWKS_URL.',
    );
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE=${e.ROLE} splits serving from processing between instances, ` +
        'which share their jobs through PostgreSQL: set DATABASE_URL, or use ROLE=all (the default) on SQLite.',
    );
  }
  const corsOrigins: string[] = [];
  for (const entry of e.IDENTITY_CORS_ORIGINS.split(',').map((item) => item.trim())) {
    if (!entry) continue;
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if (/^https?:$/.test(url.protocol) && url.origin === entry.replace(/\/$/, '')) {
        origin = url.origin;
      }
    } catch {
      origin = undefined;
    }
    if (!origin) {
      throw new ConfigError(
        `Invalid configuration:\n  IDENTITY_CORS_ORIGINS: "${entry}" is not an http(s) origin such as https://app.example.org`,
      );
    }
    corsOrigins.push(origin);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    guestLinks: {
      maxPhotos: e.GUEST_LINK_MAX_PHOTOS,
      maxBytes: e.GUEST_LINK_MAX_BYTES,
      uploadsPerMinute: e.GUEST_UPLOADS_PER_MINUTE,
    },
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    logLevel: e.LOG_LEVEL,
    logBufferBytes: e.LOG_BUFFER_BYTES,
    trustProxy: e.TRUST_PROXY,
    imageCacheBytes: e.IMAGE_CACHE_BYTES,
    auth: {
      jwksUrl: e.AUTH_JWKS_URL,
      issuer: e.AUTH_ISSUER,
      audience: e.AUTH_AUDIENCE,
      signingKey: e.AUTH_SIGNING_KEY,
    },
    identityEnabled: e.IDENTITY_ENABLED,
    identityCorsOrigins: corsOrigins,
    identityClient: {
      baseUrl: e.IDENTITY_BASE_URL?.replace(/\/$/, ''),
      tokenUrl: e.IDENTITY_TOKEN_URL,
      apiKey: e.IDENTITY_API_KEY,
    },
    sso: ssoConfig(e),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          presign: e.S3_PRESIGN,
        }
      : undefined,
    pictureUrlSecret: e.PICTURE_URL_SECRET,
    role: e.ROLE,
    jobConcurrency: e.JOB_CONCURRENCY,
    ml: { enabled: e.ML_ENABLED, concurrency: e.ML_CONCURRENCY },
    trashDays: e.TRASH_DAYS,
    mapTileUrl: e.MAP_TILE_URL,
    admin: {
      emails: e.ADMIN_EMAILS.split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
      defaultQuotaBytes: e.DEFAULT_QUOTA_BYTES ?? null,
      disabledCheckSeconds: e.DISABLED_ACCOUNTS_CHECK_SECONDS,
    },
  };
}
