import { describe, expect, it } from 'vitest';
import { signUp, useTestContext, type TestUser } from '../../test/harness.js';
import { viewerOfWebSession, WEB_SESSION_COOKIE } from './identity.web-session.js';

const ctx = useTestContext();
const IDENTITY = '/identity/v1';

type Answer = Awaited<ReturnType<typeof ctx.app.inject>>;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** The session cookie an answer sets. */
function sessionCookie(res: Answer) {
  return res.cookies.find((cookie) => cookie.name === WEB_SESSION_COOKIE);
}

async function signIn(user: TestUser) {
  const res = await post(`${IDENTITY}/accounts:signInWithPassword`, {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookie(res);
  expect(cookie).toBeDefined();
  return { res, cookie: cookie!, ...res.json<{ idToken: string; refreshToken: string }>() };
}

/** Who the server takes a page's request with this cookie to come from. */
const viewerOf = (value: string) => viewerOfWebSession(ctx.deps.db, ctx.clock, value);

describe('the session cookie', () => {
  it('is given at sign-in, HttpOnly, SameSite=Lax, for every page, and names the viewer', async () => {
    const user = await signUp(ctx.app);
    const { cookie } = await signIn(user);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // Served over plain HTTP here: a Secure cookie would never come back.
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeGreaterThan(24 * 3600);
    expect(await viewerOf(cookie.value)).toMatchObject({ id: user.uid, email: user.email });
  });

  it('is renewed at each refresh: the new one names the viewer, the one before no longer', async () => {
    const user = await signUp(ctx.app);
    const first = await signIn(user);
    const refreshed = await post(`${IDENTITY}/token`, {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = sessionCookie(refreshed);
    expect(renewed?.httpOnly).toBe(true);
    expect(renewed?.value).not.toBe(first.cookie.value);
    expect(await viewerOf(renewed!.value)).toMatchObject({ id: user.uid });
    expect(await viewerOf(first.cookie.value)).toBeNull();
  });

  it('answers nothing for a forged or altered cookie', async () => {
    const user = await signUp(ctx.app);
    const { cookie } = await signIn(user);
    const [family] = cookie.value.split('.');
    expect(await viewerOf(`${family}.forged`)).toBeNull();
    expect(await viewerOf(`${cookie.value}x`)).toBeNull();
    expect(await viewerOf('')).toBeNull();
    expect(await viewerOf('no-dot')).toBeNull();
  });

  it('cannot make an API call, read or write: the API reads only the idToken header', async () => {
    const user = await signUp(ctx.app);
    const { cookie } = await signIn(user);
    const session = `${WEB_SESSION_COOKIE}=${cookie.value}`;
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: session },
    });
    expect(read.statusCode).toBe(401);
    // A cross-site form post carries the cookies a browser sends (not the page's XSRF header).
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/albumsDb',
      headers: { cookie: session, origin: 'https://elsewhere.example' },
      payload: { id: '', name: 'Forged', coverPhotoUrl: '', createdBy: '', dateCreated: '' },
    });
    expect(write.statusCode).toBe(401);
    const withXsrfCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/albumsDb',
      headers: { cookie: `${session}; XSRF-TOKEN=abc`, idToken: user.idToken },
      payload: { id: '', name: 'Forged', coverPhotoUrl: '', createdBy: '', dateCreated: '' },
    });
    expect(withXsrfCookie.statusCode).toBe(403);
    expect(withXsrfCookie.json()).toMatchObject({ error: { code: 'XSRF_MISMATCH' } });
    const albums = await ctx.api(user).listAlbums();
    expect(albums.json<{ name: string }[]>().map((album) => album.name)).not.toContain('Forged');
  });

  it('dies at sign-out, and the sign-out answer drops it', async () => {
    const user = await signUp(ctx.app);
    const { cookie, refreshToken } = await signIn(user);
    const out = await post(
      `${IDENTITY}/accounts:signOut`,
      { refreshToken },
      { cookie: `${WEB_SESSION_COOKIE}=${cookie.value}` },
    );
    expect(out.statusCode).toBe(200);
    const dropped = sessionCookie(out);
    expect(dropped?.value).toBe('');
    expect(new Date(dropped!.expires!).getTime()).toBeLessThan(Date.now());
    expect(await viewerOf(cookie.value)).toBeNull();
  });

  it('dies at a password change; the answer gives the new sign-in its own', async () => {
    const user = await signUp(ctx.app);
    const { cookie, idToken } = await signIn(user);
    const other = await signIn(user);
    const changed = await post(`${IDENTITY}/accounts:update`, {
      idToken,
      password: 'a brand new secret',
      returnSecureToken: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await viewerOf(cookie.value)).toBeNull();
    expect(await viewerOf(other.cookie.value)).toBeNull();
    const renewed = sessionCookie(changed);
    expect(await viewerOf(renewed!.value)).toMatchObject({ id: user.uid });
  });

  it('dies with the account, and the deletion answer drops it', async () => {
    const user = await signUp(ctx.app);
    const { cookie, idToken } = await signIn(user);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { idToken, cookie: `${WEB_SESSION_COOKIE}=${cookie.value}` },
      payload: { confirmEmail: user.email },
    });
    expect(res.statusCode).toBe(204);
    expect(sessionCookie(res)?.value).toBe('');
    expect(await viewerOf(cookie.value)).toBeNull();
  });
});

describe('the session cookie of a server on HTTPS', () => {
  const https = useTestContext({ PUBLIC_URL: 'https://photos.example.org' });

  it('is Secure', async () => {
    const user = await signUp(https.app);
    const res = await https.app.inject({
      method: 'POST',
      url: `${IDENTITY}/accounts:signInWithPassword`,
      payload: { email: user.email, password: user.password, returnSecureToken: true },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
