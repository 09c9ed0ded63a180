import { clientConfigSchema } from '@photo/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { freePort } from '../../../test/ports.js';
import { createTestContext, madeBeforeAll, signUp, useTestContext } from '../../../test/harness.js';
import { startOidcPeer } from '../../../test/oidc-peer.js';

const PUBLIC_URL = 'http://photos.test';
const CALLBACK = `${PUBLIC_URL}/identity/v1/sso/callback`;

const peer = madeBeforeAll(() => startOidcPeer({ redirectUris: [CALLBACK] }));
const oidcEnv = (extra: Record<string, string> = {}) => ({
  PUBLIC_URL,
  OIDC_ISSUER_URL: peer.issuer,
  OIDC_CLIENT_ID: peer.clientId,
  OIDC_CLIENT_SECRET: peer.clientSecret,
  OIDC_BUTTON_LABEL: 'Example ID',
  ...extra,
});
const ctx = useTestContext(() => oidcEnv());

let counter = 0;
/** A person of the provider, with a fresh address. */
function person(options: { verified?: boolean; email?: string } = {}) {
  counter += 1;
  const subject = `subject-${counter}-${Date.now()}`;
  const email = options.email ?? `sso${counter}-${Date.now()}@example.com`;
  peer.accounts.set(subject, {
    email,
    email_verified: options.verified ?? true,
    name: `Person ${counter}`,
  });
  return { subject, email };
}

type App = typeof ctx.app;

/** GET sso/start: the provider's URL and the cookie binding the sign-in to this browser. */
async function start(app: App = ctx.app) {
  const res = await app.inject({ method: 'GET', url: '/identity/v1/sso/start' });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'sso_browser');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe('/identity/v1/sso');
  return {
    location: new URL(res.headers.location as string),
    cookie: `sso_browser=${cookie?.value}`,
  };
}

/** The provider's answer, as the browser brings it to the callback. */
function callback(app: App, back: URL, cookie: string) {
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
}

/** Where a refused callback's page sends the browser. */
function refusalOf(res: { body: string }) {
  return /url=\/auth\/sso\?error=([A-Z_]+)/.exec(res.body)?.[1];
}

function exchange(app: App, code: string | undefined, cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/identity/v1/sso/exchange',
    headers: { cookie },
    payload: code === undefined ? {} : { code },
  });
}

/** The whole trip: start, sign in at the provider as `login`, callback, exchange. */
async function signInWithSso(login: string, app: App = ctx.app) {
  const { location, cookie } = await start(app);
  const back = await peer.signIn(location.href, login);
  const res = await callback(app, back, cookie);
  if (res.statusCode !== 302) return { callback: res, tokens: undefined };
  const finish = new URL(res.headers.location as string, PUBLIC_URL);
  expect(finish.pathname).toBe('/auth/sso');
  const code = finish.searchParams.get('code') ?? '';
  const tokens = await exchange(app, code, cookie);
  return { callback: res, tokens, code, cookie };
}

/** What a refused sign-in must leave as it was. */
async function counts() {
  const db = ctx.deps.db;
  const count = async (table: 'identity_accounts' | 'identity_sso_links' | 'identity_sign_ins') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await count('identity_accounts'),
    links: await count('identity_sso_links'),
    signIns: await count('identity_sign_ins'),
  };
}

describe('single sign-on with an OpenID provider', () => {
  it('client-config offers it with its label', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(clientConfigSchema.parse(res.json()).sso).toEqual({
      offered: true,
      label: 'Example ID',
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location } = await start();
    expect(location.origin).toBe(peer.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(peer.clientId);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('scope')).toBe('openid email profile');
  });

  it('signs in to the account of the verified e-mail, links it, and the next sign-in uses the link', async () => {
    const user = await signUp(ctx.app);
    // The address is confirmed here, as after its verification e-mail.
    await ctx.deps.db
      .updateTable('identity_accounts')
      .set({ email_verified: 1 })
      .where('uid', '=', user.uid)
      .execute();
    const { subject } = person({ email: user.email });
    const first = await signInWithSso(subject);
    expect(first.tokens?.statusCode).toBe(200);
    const answer = first.tokens?.json<{ idToken: string; refreshToken: string; localId: string }>();
    expect(answer?.localId).toBe(user.uid);
    expect(decodeJwt(answer?.idToken ?? '').user_id).toBe(user.uid);
    // The tokens are the app's own: the API takes the ID token, the refresh token refreshes.
    const me = await ctx.api(answer?.idToken ?? null).me();
    expect(me.statusCode).toBe(200);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: answer?.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // The password still works too.
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email: user.email, password: user.password },
    });
    expect(password.statusCode).toBe(200);

    // The provider's address changes (and is no longer verified): the link still decides.
    peer.accounts.set(subject, { email: 'changed@example.net', email_verified: false });
    const second = await signInWithSso(subject);
    expect(second.tokens?.statusCode).toBe(200);
    expect(second.tokens?.json<{ localId: string }>().localId).toBe(user.uid);
  });

  it('refuses an address the provider does not vouch for, changing nothing', async () => {
    const user = await signUp(ctx.app);
    const { subject } = person({ email: user.email, verified: false });
    const before = await counts();
    const { callback: res } = await signInWithSso(subject);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(refusalOf(res)).toBe('SSO_EMAIL_NOT_VERIFIED');
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown address when accounts are not made on sign-in', async () => {
    const { subject } = person();
    const before = await counts();
    const { callback: res } = await signInWithSso(subject);
    expect(res.statusCode).toBe(403);
    expect(refusalOf(res)).toBe('SSO_NO_ACCOUNT');
    expect(await counts()).toEqual(before);
  });

  it('takes over no account: one whose address was never confirmed here loses its password and sign-ins', async () => {
    const squatter = await signUp(ctx.app);
    const { subject } = person({ email: squatter.email });
    const result = await signInWithSso(subject);
    expect(result.tokens?.json<{ localId: string }>().localId).toBe(squatter.uid);
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(password.statusCode).toBe(400);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: squatter.refreshToken },
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('refuses a second identity of the provider with the address of an account linked already', async () => {
    const user = await signUp(ctx.app);
    await ctx.deps.db
      .updateTable('identity_accounts')
      .set({ email_verified: 1 })
      .where('uid', '=', user.uid)
      .execute();
    const first = person({ email: user.email });
    expect((await signInWithSso(first.subject)).tokens?.statusCode).toBe(200);
    const second = person({ email: user.email });
    const before = await counts();
    const { callback: res } = await signInWithSso(second.subject);
    expect(res.statusCode).toBe(409);
    expect(refusalOf(res)).toBe('SSO_LINKED_ELSEWHERE');
    expect(await counts()).toEqual(before);
  });

  it('answers 4xx to a wrong state, changing nothing', async () => {
    const { subject } = person();
    const { location, cookie } = await start();
    const back = await peer.signIn(location.href, subject);
    const before = await counts();
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state');
    const res = await callback(ctx.app, forged, cookie);
    expect(res.statusCode).toBe(400);
    expect(refusalOf(res)).toBe('SSO_STATE_INVALID');
    // The right state from another browser (no cookie, or another one) is refused as well.
    const elsewhere = await callback(ctx.app, back, 'sso_browser=someone-else');
    expect(elsewhere.statusCode).toBe(400);
    const none = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(none.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers 4xx to a wrong nonce, changing nothing', async () => {
    const user = await signUp(ctx.app);
    const { subject } = person({ email: user.email });
    const { location, cookie } = await start();
    const state = location.searchParams.get('state') ?? '';
    const { createHash } = await import('node:crypto');
    // The stored request expects another nonce than the one the provider puts in the ID token.
    await ctx.deps.db
      .updateTable('identity_sso_requests')
      .set({ nonce: 'another-nonce' })
      .where('state_hash', '=', createHash('sha256').update(state).digest('hex'))
      .execute();
    const back = await peer.signIn(location.href, subject);
    const before = await counts();
    const res = await callback(ctx.app, back, cookie);
    expect(res.statusCode).toBe(400);
    expect(refusalOf(res)).toBe('SSO_PROVIDER_REFUSED');
    expect(await counts()).toEqual(before);
  });

  it('answers 4xx to an ID token for another audience, changing nothing', async () => {
    const user = await signUp(ctx.app);
    const { subject } = person({ email: user.email });
    const { location, cookie } = await start();
    // The browser is sent to the provider as another client, with the same state, nonce and
    // PKCE challenge; its code is exchanged as that client: the ID token is for another audience.
    const other = new URL(location);
    other.searchParams.set('client_id', peer.otherClientId);
    const back = await peer.signIn(other.href, subject);
    const before = await counts();
    peer.tokenRequestsAs(peer.otherClientId);
    try {
      const res = await callback(ctx.app, back, cookie);
      expect(res.statusCode).toBe(400);
      expect(refusalOf(res)).toBe('SSO_PROVIDER_REFUSED');
    } finally {
      peer.tokenRequestsAs(null);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 4xx to a replayed callback and to a replayed code, changing nothing', async () => {
    const user = await signUp(ctx.app);
    await ctx.deps.db
      .updateTable('identity_accounts')
      .set({ email_verified: 1 })
      .where('uid', '=', user.uid)
      .execute();
    const { subject } = person({ email: user.email });
    const { location, cookie } = await start();
    const back = await peer.signIn(location.href, subject);
    expect((await callback(ctx.app, back, cookie)).statusCode).toBe(302);
    const before = await counts();
    // The same answer again.
    const again = await callback(ctx.app, back, cookie);
    expect(again.statusCode).toBe(400);
    expect(refusalOf(again)).toBe('SSO_STATE_INVALID');
    // The same code with a fresh state of this browser: the provider refuses it.
    const fresh = await start();
    const replay = new URL(back);
    replay.searchParams.set('state', fresh.location.searchParams.get('state') ?? '');
    const replayed = await callback(ctx.app, replay, fresh.cookie);
    expect(replayed.statusCode).toBe(400);
    expect(refusalOf(replayed)).toBe('SSO_PROVIDER_REFUSED');
    expect(await counts()).toEqual(before);
  });

  it('trades the one-time code once, in the browser that finished the sign-in', async () => {
    const user = await signUp(ctx.app);
    await ctx.deps.db
      .updateTable('identity_accounts')
      .set({ email_verified: 1 })
      .where('uid', '=', user.uid)
      .execute();
    const { subject } = person({ email: user.email });
    const { location, cookie } = await start();
    const back = await peer.signIn(location.href, subject);
    const res = await callback(ctx.app, back, cookie);
    const code = new URL(res.headers.location as string, PUBLIC_URL).searchParams.get('code') ?? '';
    const before = await counts();
    for (const [tryCode, tryCookie] of [
      [code, 'sso_browser=another-browser'],
      [code, ''],
      ['not-a-code', cookie],
      [undefined, cookie],
    ] as const) {
      const refused = await exchange(ctx.app, tryCode, tryCookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe('SSO_CODE_INVALID');
    }
    expect(await counts()).toEqual(before);
    expect((await exchange(ctx.app, code, cookie)).statusCode).toBe(200);
    const replayed = await exchange(ctx.app, code, cookie);
    expect(replayed.statusCode).toBe(400);
  });
});

describe('single sign-on making accounts (OIDC_AUTO_CREATE)', () => {
  const auto = useTestContext(() => oidcEnv({ OIDC_AUTO_CREATE: 'true' }));

  it('makes an account for an unknown verified address, without a password, and links it', async () => {
    const { subject, email } = person();
    const first = await signInWithSso(subject, auto.app);
    expect(first.tokens?.statusCode).toBe(200);
    const answer = first.tokens?.json<{ localId: string; email: string; displayName: string }>();
    expect(answer?.email).toBe(email);
    expect(answer?.displayName).toMatch(/^Person \d+$/);
    const lookup = await auto.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:lookup',
      payload: { idToken: first.tokens?.json<{ idToken: string }>().idToken },
    });
    expect(
      lookup.json<{ users: Array<{ emailVerified: boolean }> }>().users[0]?.emailVerified,
    ).toBe(true);
    // No password signs in to it.
    for (const password of ['', 'correct horse battery']) {
      const res = await auto.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email, password },
      });
      expect(res.statusCode).toBe(400);
    }
    const second = await signInWithSso(subject, auto.app);
    expect(second.tokens?.json<{ localId: string }>().localId).toBe(answer?.localId);
  });

  it('an account deleted here takes its link along: the next sign-in makes a new one', async () => {
    const { subject } = person();
    const first = (await signInWithSso(subject, auto.app)).tokens?.json<{
      idToken: string;
      localId: string;
    }>();
    const deleted = await auto.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:delete',
      payload: { idToken: first?.idToken },
    });
    expect(deleted.statusCode).toBe(200);
    const links = await auto.deps.db
      .selectFrom('identity_sso_links')
      .selectAll()
      .where('subject', '=', subject)
      .execute();
    expect(links).toEqual([]);
    const again = (await signInWithSso(subject, auto.app)).tokens?.json<{ localId: string }>();
    expect(again?.localId).toBeTruthy();
    expect(again?.localId).not.toBe(first?.localId);
  });

  it('still refuses an unverified address', async () => {
    const { subject } = person({ verified: false });
    const { callback: res } = await signInWithSso(subject, auto.app);
    expect(res.statusCode).toBe(403);
    expect(refusalOf(res)).toBe('SSO_EMAIL_NOT_VERIFIED');
  });
});

describe('single sign-on not configured, or its provider away', () => {
  it('start answers 404 and client-config does not offer it', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/identity/v1/sso/start' });
      expect(res.statusCode).toBe(404);
      const config = await plain.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(clientConfigSchema.parse(config.json()).sso).toEqual({ offered: false });
    } finally {
      await plain.close();
    }
  });

  it('an unreachable issuer: the server starts, and start answers 503', async () => {
    const away = await createTestContext(
      oidcEnv({ OIDC_ISSUER_URL: `http://127.0.0.1:${await freePort()}` }),
    );
    try {
      const res = await away.app.inject({ method: 'GET', url: '/identity/v1/sso/start' });
      expect(res.statusCode).toBe(503);
      expect(refusalOf(res)).toBe('SSO_UNAVAILABLE');
    } finally {
      await away.close();
    }
  });
});

describe('its configuration', () => {
  const base = {
    OIDC_ISSUER_URL: 'https://id.example.org/realms/photos',
    OIDC_CLIENT_ID: 'photos',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('takes the three settings together, the label defaulting to the issuer host', () => {
    expect(loadConfig(base).sso).toEqual({
      issuerUrl: base.OIDC_ISSUER_URL,
      clientId: 'photos',
      clientSecret: 'secret',
      buttonLabel: 'id.example.org',
      autoCreate: false,
    });
    expect(loadConfig({}).sso).toBeUndefined();
  });

  it('refuses to start half configured, on plain http elsewhere than this machine, or without the embedded service', () => {
    expect(() => loadConfig({ ...base, OIDC_CLIENT_SECRET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER_URL: base.OIDC_ISSUER_URL })).toThrow(/go together/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER_URL: 'http://id.example.org' })).toThrow(
      /https/,
    );
    expect(loadConfig({ ...base, OIDC_ISSUER_URL: 'http://127.0.0.1:8080' }).sso).toBeDefined();
    expect(() =>
      loadConfig({
        ...base,
        IDENTITY_ENABLED: 'false',
        AUTH_JWKS_URL: 'https://example.org/jwks.json',
      }),
    ).toThrow(/IDENTITY_ENABLED/);
  });
});
