import { describe, expect, it } from 'vitest';
import { createTestContext, useTestContext } from './test/harness.js';

const ctx = useTestContext(
  {},
  {
    webFiles: {
      'index.html': '<!doctype html><title>My Photo Application</title>',
      'assets/app-1234.js': 'console.log(1)',
    },
  },
);

describe('the whole application', () => {
  it('answers health without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      blobStore: 'ok',
      jobs: { waiting: 0, active: 0, failed: 0 },
    });
  });

  it('reports a failing database as 503', async () => {
    const other = await createTestContext();
    await other.deps.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'failing', database: 'failing' });
    await other.app.close();
    await other.remove();
  });

  it('serves the OpenAPI document with every API path, and its browsable UI', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/users/addNewUser',
      '/api/users/me',
      '/api/users/me/profilePhoto',
      '/api/albumsDb',
      '/api/albumsDb/{albumId}/photos',
      '/api/albums/find',
      '/api/albums',
      '/api/files/upload',
      '/api/files/show/{id}',
      '/api/photos/{photoId}',
      '/api/photos/{photoId}/comments',
      '/api/photos/comments',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { idToken: 'x' },
    });
    expect(res.statusCode).toBe(401);
    const health = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    expect([401, 404]).toContain(health.statusCode);
    expect(health.json()).toHaveProperty('error.code');
  });

  it('serves the web app, and the app again for client-side routes', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('My Photo Application');
    const route = await ctx.app.inject({ method: 'GET', url: '/photo/abc' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('My Photo Application');
    expect(route.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    // A file that is not there (an older or newer build's) is a 404, never the app's page.
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/app-9999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends security headers with every page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an identity route that does not exist in the protocol shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:unknownMethod',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 404 } });
  });
});

describe('logs', () => {
  it('carry request ids and never a token or a password, and unknown errors are masked', async () => {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    let logged = '';
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const logCtx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const password = 'a very secret password';
      const signUp = await logCtx.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signUp',
        payload: { email: 'logs@example.com', password, returnSecureToken: true },
      });
      const { idToken, refreshToken } = signUp.json<{ idToken: string; refreshToken: string }>();
      await logCtx.app.inject({
        method: 'POST',
        url: '/identity/v1/token',
        payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
      });
      await logCtx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { idToken, cookie: 'XSRF-TOKEN=abc' },
      });
      // The database goes away under the server: an unexpected failure.
      await logCtx.deps.close();
      const failed = await logCtx.app.inject({
        method: 'GET',
        url: '/api/albumsDb',
        headers: { idToken },
      });
      expect(failed.statusCode).toBe(500);
      const body = failed.json<{ error: { code: string; message: string; requestId: string } }>();
      expect(body.error.code).toBe('INTERNAL');
      expect(body.error.message).not.toMatch(/sqlite|database|connection|destroyed/i);
      expect(logged).toContain(body.error.requestId);
      expect(logged).not.toContain(password);
      expect(logged).not.toContain(idToken);
      expect(logged).not.toContain(refreshToken);
      expect(logged).not.toContain('XSRF-TOKEN=abc');
    } finally {
      await logCtx.app.close();
      await logCtx.remove();
    }
  });
});
