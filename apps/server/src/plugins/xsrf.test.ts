import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';

// The app's pages, served from a built web app of one page.
const ctx = useTestContext({}, { webFiles: { 'index.html': '<!doctype html><title>app</title>' } });
let user: TestUser;

beforeAll(async () => {
  user = await signUp(ctx.app);
});

const changeProfile = (headers: Record<string, string>) =>
  ctx.api(user).setProfilePhoto({ profilePicUrl: '/default-avatar.png' }, headers);

describe('XSRF double submit', () => {
  it('sets an XSRF-TOKEN cookie readable by the page, with the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/albums/recent' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');
  });

  it('sets no cookie on answers of the API, which every browser calls from a page', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const albums = await ctx.api(user).listAlbums();
    for (const res of [health, albums]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a state-changing call that carries the cookie but not the header', async () => {
    const res = await changeProfile({ cookie: 'XSRF-TOKEN=abc123' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'XSRF_MISMATCH' } });
  });

  it('refuses a header that does not match the cookie', async () => {
    const res = await changeProfile({ cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc124' });
    expect(res.statusCode).toBe(403);
  });

  it('lets a matching header through', async () => {
    const res = await changeProfile({ cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc123' });
    expect(res.statusCode).not.toBe(403);
  });

  it('does not affect clients that send no cookie', async () => {
    const res = await changeProfile({});
    expect(res.statusCode).not.toBe(403);
  });
});
