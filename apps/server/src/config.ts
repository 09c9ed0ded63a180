import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@photo/contract';

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
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .default(1024 * 1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Verify ID tokens of an external provider instead of the embedded one. */
  AUTH_JWKS_URL: z.url().optional(),
  AUTH_ISSUER: z.string().min(1).default('my-photo-application'),
  AUTH_AUDIENCE: z.string().min(1).default('my-photo-application'),
  IDENTITY_ENABLED: booleanFromEnv.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:port); without it mail is logged. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), {
      message: 'must be an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('My Photo Application <no-reply@localhost>'),
  /** Key of signed picture URLs; several instances must share one. Default: made in DATA_DIR. */
  PICTURE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  maxUploadBytes: number;
  logLevel: string;
  /** Log bytes held while the output is slower than the server; beyond, lines are dropped. */
  logBufferBytes: number;
  trustProxy: boolean;
  auth: { jwksUrl: string | undefined; issuer: string; audience: string };
  identityEnabled: boolean;
  webDistDir: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  pictureUrlSecret: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    logLevel: e.LOG_LEVEL,
    logBufferBytes: e.LOG_BUFFER_BYTES,
    trustProxy: e.TRUST_PROXY,
    auth: { jwksUrl: e.AUTH_JWKS_URL, issuer: e.AUTH_ISSUER, audience: e.AUTH_AUDIENCE },
    identityEnabled: e.IDENTITY_ENABLED,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    pictureUrlSecret: e.PICTURE_URL_SECRET,
  };
}
