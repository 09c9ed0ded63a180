import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_PIXELS, clientConfigSchema } from '@photo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_BYTES: '90000000' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/client-config', () => {
  it("answers the server's upload limits without a token, in the contract's shape", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = clientConfigSchema.parse(res.json());
    expect(body).toEqual({
      upload: {
        maxBytes: 90_000_000,
        acceptedTypes: [...ACCEPTED_IMAGE_TYPES],
        maxPixels: MAX_IMAGE_PIXELS,
      },
      mail: { configured: false },
    });
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
