import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      maxUploadBytes: 50 * 1024 * 1024,
      identityEnabled: true,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db/photos',
      PUBLIC_URL: 'https://photos.example.org/',
      MAX_UPLOAD_BYTES: '1000',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db/photos',
      publicUrl: 'https://photos.example.org',
      maxUploadBytes: 1000,
      trustProxy: true,
    });
  });

  it('refuses bad values, naming each', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.org/photos' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the bucket, Redis and signing key settings', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({}).redis).toEqual({ url: undefined, keyPrefix: 'photo:' });
    const config = loadConfig({
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGN: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      AUTH_SIGNING_KEY: '{"kty":"EC"}',
    });
    expect(config.s3).toEqual({
      bucket: 'photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      presign: true,
    });
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.auth.signingKey).toBe('{"kty":"EC"}');
  });

  it('refuses bad bucket and Redis settings, naming each', () => {
    expect(() => loadConfig({ S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_PRESIGN: 'yes' })).toThrow(/S3_PRESIGN/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('refuses an external provider while the embedded identity service is on', () => {
    const jwks =
      'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
    expect(() => loadConfig({ AUTH_JWKS_URL: jwks })).toThrow(/Set IDENTITY_ENABLED=false/);
    expect(loadConfig({ AUTH_JWKS_URL: jwks, IDENTITY_ENABLED: 'false' }).auth.jwksUrl).toBe(jwks);
  });

  it('reads the identity settings of clients and the origins allowed to call the service', () => {
    const config = loadConfig({
      IDENTITY_CORS_ORIGINS: 'https://app.example.org, http://localhost:5173',
      IDENTITY_BASE_URL: 'https://identitytoolkit.googleapis.com/v1/',
      IDENTITY_TOKEN_URL: 'https://securetoken.googleapis.com/v1/token',
      IDENTITY_API_KEY: 'AIza-key',
    });
    expect(config.identityCorsOrigins).toEqual([
      'https://app.example.org',
      'http://localhost:5173',
    ]);
    expect(config.identityClient).toEqual({
      baseUrl: 'https://identitytoolkit.googleapis.com/v1',
      tokenUrl: 'https://securetoken.googleapis.com/v1/token',
      apiKey: 'AIza-key',
    });
    expect(() => loadConfig({ IDENTITY_CORS_ORIGINS: 'https://app.example.org/path' })).toThrow(
      /IDENTITY_CORS_ORIGINS/,
    );
    expect(() => loadConfig({ IDENTITY_CORS_ORIGINS: '*' })).toThrow(/IDENTITY_CORS_ORIGINS/);
  });
});
