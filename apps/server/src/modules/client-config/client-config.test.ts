import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  DEFAULT_MAX_VIDEO_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_VIDEO_SECONDS,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOADS_PATH,
  clientConfigSchema,
} from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createTestContext, useTestContext } from '../../test/harness.js';

const ctx = useTestContext({ MAX_UPLOAD_BYTES: '90000000', TRASH_DAYS: '30' });

describe('GET /api/client-config', () => {
  it("answers the server's upload limits without a token, in the contract's shape", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = clientConfigSchema.parse(res.json());
    expect(body).toEqual({
      upload: {
        maxBytes: 90_000_000,
        acceptedTypes: [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES],
        maxPixels: MAX_IMAGE_PIXELS,
        maxVideoBytes: DEFAULT_MAX_VIDEO_BYTES,
        maxVideoSeconds: MAX_VIDEO_SECONDS,
        // Two for each of the two image jobs run at once (JOB_CONCURRENCY, by default).
        parallelUploads: 4,
        resumable: {
          endpoint: RESUMABLE_UPLOADS_PATH,
          versions: ['1.0.0'],
          chunkBytes: RESUMABLE_CHUNK_BYTES,
        },
      },
      identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
      mail: { configured: false },
      sso: { offered: false },
      trash: { days: 30 },
    });
    // The embedded service is on this origin: the page may call nothing else.
    expect(res.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
    // Without MAP_TILE_URL the map draws its own shapes: no picture comes from elsewhere.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:(;|$)/);
  });

  it('gives the hosted endpoints set at run time, and lets the page call them (CSP)', async () => {
    const hosted = await createTestContext({
      IDENTITY_ENABLED: 'false',
      AUTH_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
      IDENTITY_BASE_URL: 'https://identitytoolkit.googleapis.com/v1',
      IDENTITY_TOKEN_URL: 'https://securetoken.googleapis.com/v1/token',
      IDENTITY_API_KEY: 'AIza-test-key',
    });
    try {
      const res = await hosted.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(clientConfigSchema.parse(res.json()).identity).toEqual({
        baseUrl: 'https://identitytoolkit.googleapis.com/v1',
        tokenUrl: 'https://securetoken.googleapis.com/v1/token',
        apiKey: 'AIza-test-key',
        embedded: false,
      });
      expect(res.headers['content-security-policy']).toMatch(
        /connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com(;|$)/,
      );
      // No embedded service answers here.
      const signUp = await hosted.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signUp',
        payload: {},
      });
      expect(signUp.statusCode).toBe(404);
    } finally {
      await hosted.close();
    }
  });

  it("names the map's tile server, and the page's pictures may come from exactly its origin", async () => {
    const tiled = await createTestContext({
      MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png',
    });
    try {
      const res = await tiled.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(clientConfigSchema.parse(res.json()).map).toEqual({
        tileUrl: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png',
      });
      expect(res.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/tiles\.example\.org:8443(;|$)/,
      );
    } finally {
      await tiled.close();
    }
    await expect(
      createTestContext({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' }),
    ).rejects.toThrow(/MAP_TILE_URL/);
  });

  it('is described in the OpenAPI document as public, answering ClientConfig', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const json = doc.json<{
      paths: Record<string, { get?: { security?: unknown[]; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const operation = json.paths['/api/client-config']?.get;
    expect(operation?.security).toEqual([]);
    expect(JSON.stringify(operation?.responses['200'])).toContain(
      '#/components/schemas/ClientConfig',
    );
    expect(json.components.schemas).toHaveProperty('ClientConfig');
  });
});
