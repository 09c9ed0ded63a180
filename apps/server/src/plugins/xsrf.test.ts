import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext, type TestUser } from '../test/harness.js';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const changeProfile = (headers: Record<string, string>) =>
  ctx.api(user).setProfilePhoto({ profilePicUrl: '/default-avatar.png' }, headers);

describe('XSRF double submit', () => {
  it('sets an XSRF-TOKEN cookie readable by the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
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
