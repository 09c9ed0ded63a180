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
});
