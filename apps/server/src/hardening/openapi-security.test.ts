/** The OpenAPI document tells the truth about which routes need a token. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../test/harness.js';
import { fillPath, listOperations, type Operation } from '../test/openapi-routes.js';

const ctx = useTestContext();
let operations: Operation[];

beforeAll(async () => {
  operations = await listOperations(ctx.app);
});

describe('the OpenAPI document', () => {
  it('marks health, files/show and the identity service as needing no token', () => {
    const publicOnes = operations.filter((o) => !o.needsToken).map((o) => `${o.method} ${o.path}`);
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/files/show/{id}',
        'POST /identity/v1/accounts:signUp',
        'POST /identity/v1/token',
        'GET /identity/v1/jwks.json',
      ]),
    );
    expect(operations.filter((o) => o.needsToken).length).toBeGreaterThanOrEqual(15);
  });

  it('says for every route exactly whether a request without a token is refused', async () => {
    for (const operation of operations) {
      const query = operation.parameters.some((p) => p.in === 'query' && p.required)
        ? '?id=no-such-id'
        : '';
      const res = await ctx.app.inject({
        method: operation.method,
        url: fillPath(operation.path) + query,
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
      });
      const what = `${operation.method} ${operation.path}: ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (operation.needsToken) {
        expect(res.statusCode, what).toBe(401);
        // A HEAD answer has no body to read.
        if (operation.method !== 'HEAD') {
          expect(res.json(), what).toMatchObject({ error: { code: 'TOKEN_MISSING' } });
        }
      } else {
        expect(res.statusCode, what).not.toBe(401);
        expect(res.statusCode, what).toBeLessThan(500);
      }
    }
  });
});
