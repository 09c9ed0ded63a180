import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inject } from '../test/api-client.js';
import { storeImage } from '../test/fixtures.js';
import { signUp, useTestContext } from '../test/harness.js';

let logged = '';
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
const ctx = useTestContext({ LOG_LEVEL: 'info' }, { logStream: stream });

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

/**
 * The lines written while `run` ran: `all` of them, and those of `requests` (with a request id).
 * Background work of an earlier test (a photo's sizes, its place) may write a line meanwhile.
 */
async function linesOf(run: () => Promise<unknown>): Promise<{ all: Line[]; requests: Line[] }> {
  const start = logged.length;
  await run();
  // Lines are written as responses end: give the last one its turn.
  await new Promise((resolve) => setImmediate(resolve));
  const all = logged
    .slice(start)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
  return { all, requests: all.filter((line) => line.reqId !== undefined) };
}

describe('the request log at info', () => {
  it('writes exactly one line per request, with its id, method, path, status and time', async () => {
    const user = await signUp(ctx.app);
    const picture = await storeImage(ctx, user);
    const requests = [
      () => ctx.app.inject({ method: 'GET', url: '/api/health' }),
      () => inject(ctx.app, user.idToken, { method: 'GET', url: '/api/albumsDb?limit=5' }),
      () => inject(ctx.app, user.idToken, { method: 'POST', url: '/api/albumsDb', payload: {} }),
      () => inject(ctx.app, null, { method: 'GET', url: '/api/users/me' }),
      () => ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      () => ctx.app.inject({ method: 'GET', url: '/api/client-config' }),
      () => ctx.app.inject({ method: 'GET', url: `${picture.url}?size=thumb` }),
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signInWithPassword?key=the-api-key',
          payload: { email: user.email, password: user.password, returnSecureToken: true },
        }),
    ];
    const { all, requests: lines } = await linesOf(async () => {
      for (const request of requests) await request();
    });
    expect(lines, JSON.stringify(all)).toHaveLength(requests.length);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 30,
        msg: 'request',
        reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        method: expect.stringMatching(/^(GET|POST)$/),
        path: expect.stringMatching(/^\//),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
    }
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(requests.length);
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/api/health', 200],
      ['GET', '/api/albumsDb', 200],
      ['POST', '/api/albumsDb', 400],
      ['GET', '/api/users/me', 401],
      // Unknown API paths need a token like any other (401 before 404).
      ['GET', '/api/nothing-here', 401],
      ['GET', '/api/client-config', 200],
      // A file id is a capability: the route is logged, not the id.
      ['GET', '/api/files/show/:id', 200],
      ['POST', '/identity/v1/accounts:signInWithPassword', 200],
    ]);
    const text = JSON.stringify(all);
    expect(text).not.toContain(picture.id);
    expect(text).not.toContain('the-api-key');
    expect(text).not.toContain(user.password);
    expect(text).not.toContain(user.idToken);
  });

  it('never writes query strings, bodies or credentials, even of requests that fail', async () => {
    const user = await signUp(ctx.app);
    const secrets = {
      password: 'hunter2-but-longer',
      oobCode: 'oob-code-0123456789',
      refreshToken: 'refresh-token-0123456789',
    };
    const { all, requests: lines } = await linesOf(async () => {
      await ctx.app.inject({
        method: 'POST',
        url: `/identity/v1/accounts:signInWithPassword?oobCode=${secrets.oobCode}`,
        payload: { email: user.email, password: secrets.password },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/identity/v1/token',
        payload: `grant_type=refresh_token&refresh_token=${secrets.refreshToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await inject(ctx.app, user.idToken, {
        method: 'GET',
        url: `/api/users/me?password=${secrets.password}`,
        headers: { cookie: 'XSRF-TOKEN=cookie-value-123' },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/users/addNewUser',
        headers: { 'content-type': 'application/json' },
        payload: `{"name": "${secrets.password}", `,
      });
    });
    expect(lines, JSON.stringify(all)).toHaveLength(4);
    const text = JSON.stringify(all);
    for (const secret of [...Object.values(secrets), user.idToken, 'cookie-value-123']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('share links in the log', () => {
  it('logs the route of a share link, never its token', async () => {
    const user = await signUp(ctx.app);
    const picture = await storeImage(ctx, user);
    const album = (
      await ctx.api(user).createAlbum({ name: 'Logged', coverPhotoUrl: picture.url })
    ).json();
    const token = (await ctx.api(user).createLink(album.id)).json().token;
    const { all, requests: lines } = await linesOf(async () => {
      await ctx.api().sharedAlbum(token);
      await ctx.api().sharedPhotos(token);
    });
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/api/shared/:token', 200],
      ['GET', '/api/shared/:token/photos', 200],
    ]);
    expect(JSON.stringify(all)).not.toContain(token);
  });
});
