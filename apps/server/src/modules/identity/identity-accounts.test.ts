import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { madeBeforeAll, useTestContext } from '../../test/harness.js';
import { actionLinkIn, startSmtpPeer } from '../../test/smtp-peer.js';
import { OOB_CODE_LIFETIME_MS, RECENT_SIGN_IN_SECONDS } from './identity.service.js';

const TOOLKIT = '/identitytoolkit.googleapis.com/v1';
const SECURE_TOKEN = '/securetoken.googleapis.com/v1';

const smtp = madeBeforeAll(startSmtpPeer);
const ctx = useTestContext(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://photos.example.org',
  IDENTITY_CORS_ORIGINS: 'https://app.example.org, http://localhost:5173',
}));
let counter = 0;
const uniqueEmail = () => `owner${++counter}-${Date.now()}@example.com`;

function post(url: string, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object });
}

async function signUp(email = uniqueEmail(), password = 'correct horse battery') {
  const res = await post(`${TOOLKIT}/accounts:signUp?key=k`, {
    email,
    password,
    returnSecureToken: true,
  });
  expect(res.statusCode).toBe(200);
  return {
    email,
    password,
    ...res.json<{ idToken: string; refreshToken: string; localId: string }>(),
  };
}

/** The codes in the e-mails to that address, with their mode, oldest first. */
function linksTo(address: string) {
  return smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => {
      const link = actionLinkIn(mail);
      if (!link) throw new Error(`no link in ${mail.raw}`);
      return link;
    });
}

async function waitForLinks(address: string, count: number) {
  await expect
    .poll(() => linksTo(address).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return linksTo(address);
}

describe('the hosted paths on this origin', () => {
  it('serves accounts:* and token under the Google host names, answering as hosted Firebase does', async () => {
    const { email, localId, refreshToken } = await signUp();
    const lookup = await post(`${TOOLKIT}/accounts:lookup?key=k`, {
      idToken: (await signUp()).idToken,
    });
    expect(lookup.statusCode).toBe(200);

    const signIn = await post(`${TOOLKIT}/accounts:signInWithPassword?key=k`, {
      email,
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    expect(signIn.json()).toMatchObject({
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId,
      email,
      displayName: '',
      registered: true,
      expiresIn: '3600',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${SECURE_TOKEN}/token?key=k`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, string>>();
    expect(body).toMatchObject({ token_type: 'Bearer', user_id: localId, expires_in: '3600' });
    expect(body.access_token).toBe(body.id_token);
  });

  it('answers accounts:lookup with the users[] hosted Firebase answers', async () => {
    const { email, localId, idToken } = await signUp();
    const res = await post(`${TOOLKIT}/accounts:lookup`, { idToken });
    expect(res.statusCode).toBe(200);
    const { users } = res.json<{ users: Record<string, unknown>[] }>();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      localId,
      email,
      emailVerified: false,
      providerUserInfo: [{ providerId: 'password', email, rawId: email, federatedId: email }],
      createdAt: expect.stringMatching(/^\d+$/),
      lastLoginAt: expect.stringMatching(/^\d+$/),
    });
    expect(JSON.stringify(users[0])).not.toContain('argon2');
  });

  it('refuses a missing or forged ID token with INVALID_ID_TOKEN', async () => {
    for (const idToken of [undefined, 'not.a.token']) {
      const res = await post(`${TOOLKIT}/accounts:lookup`, { idToken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'INVALID_ID_TOKEN' } });
    }
  });

  it('echoes the display name set by accounts:update, and puts it in the next ID token', async () => {
    const { idToken, refreshToken } = await signUp();
    const res = await post(`${TOOLKIT}/accounts:update`, {
      idToken,
      displayName: '  Ada Lovelace ',
      returnSecureToken: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ displayName: 'Ada Lovelace', emailVerified: false });
    expect(res.json()).not.toHaveProperty('idToken');
    const refreshed = await post(`${SECURE_TOKEN}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(decodeJwt(refreshed.json<{ id_token: string }>().id_token).name).toBe('Ada Lovelace');
  });

  it('answers the preflight of a listed origin, and no other', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: `${SECURE_TOKEN}/token`,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight('https://app.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    const other = await preflight('https://evil.example.net');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('password changes end the other sign-ins', () => {
  it('sets the password with a recent sign-in, answers a new sign-in and ends every other one', async () => {
    const { email, idToken, refreshToken: other } = await signUp();
    const res = await post(`${TOOLKIT}/accounts:update`, {
      idToken,
      password: 'a brand new secret',
      returnSecureToken: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ idToken: string; refreshToken: string }>();
    expect(body.refreshToken).toEqual(expect.any(String));
    const refresh = (token: string) =>
      post(`${SECURE_TOKEN}/token`, { grant_type: 'refresh_token', refresh_token: token });
    expect((await refresh(other)).statusCode).toBe(400);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    const signIn = (password: string) =>
      post(`${TOOLKIT}/accounts:signInWithPassword`, { email, password });
    expect((await signIn('correct horse battery')).statusCode).toBe(400);
    expect((await signIn('a brand new secret')).statusCode).toBe(200);
  });

  it('asks for a recent sign-in before a password change, and keeps the 8-character minimum', async () => {
    const { idToken } = await signUp();
    const weak = await post(`${TOOLKIT}/accounts:update`, { idToken, password: 'short' });
    expect(weak.json()).toMatchObject({
      error: { message: 'WEAK_PASSWORD : Password should be at least 8 characters' },
    });
    ctx.clock.advance((RECENT_SIGN_IN_SECONDS + 60) * 1000);
    const old = await post(`${TOOLKIT}/accounts:update`, { idToken, password: 'long enough now' });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: { message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } });
  });
});

describe('e-mailed codes', () => {
  it('e-mails a verification link after sign-up, on PUBLIC_URL, that verifies the address', async () => {
    const { email, refreshToken } = await signUp();
    const [mail] = await waitForLinks(email, 1);
    expect(mail!.mode).toBe('verifyEmail');
    expect(
      mail!.link.startsWith('https://photos.example.org/auth/action?mode=verifyEmail&oobCode='),
    ).toBe(true);
    const applied = await post(`${TOOLKIT}/accounts:update`, { oobCode: mail!.code });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ email, emailVerified: true });
    const again = await post(`${TOOLKIT}/accounts:update`, { oobCode: mail!.code });
    expect(again.json()).toMatchObject({ error: { message: 'INVALID_OOB_CODE' } });
    const refreshed = await post(`${SECURE_TOKEN}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(decodeJwt(refreshed.json<{ id_token: string }>().id_token).email_verified).toBe(true);
  });

  it('resets a forgotten password with the e-mailed code, ending every sign-in', async () => {
    const { email, refreshToken } = await signUp();
    const sent = await post(`${TOOLKIT}/accounts:sendOobCode`, {
      requestType: 'PASSWORD_RESET',
      email: email.toUpperCase(),
    });
    expect(sent.json()).toMatchObject({ email });
    const links = await waitForLinks(email, 2);
    const reset = links.find((link) => link.mode === 'resetPassword')!;
    const check = await post(`${TOOLKIT}/accounts:resetPassword`, { oobCode: reset.code });
    expect(check.json()).toMatchObject({ email, requestType: 'PASSWORD_RESET' });
    const done = await post(`${TOOLKIT}/accounts:resetPassword`, {
      oobCode: reset.code,
      newPassword: 'remembered at last',
    });
    expect(done.statusCode).toBe(200);
    const refreshed = await post(`${SECURE_TOKEN}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(refreshed.json()).toMatchObject({ error: { message: 'INVALID_REFRESH_TOKEN' } });
    const signIn = await post(`${TOOLKIT}/accounts:signInWithPassword`, {
      email,
      password: 'remembered at last',
    });
    expect(signIn.statusCode).toBe(200);
    const reused = await post(`${TOOLKIT}/accounts:resetPassword`, {
      oobCode: reset.code,
      newPassword: 'another one again',
    });
    expect(reused.json()).toMatchObject({ error: { message: 'INVALID_OOB_CODE' } });
  });

  it('answers a reset for an unknown address as for a known one, and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await post(`${TOOLKIT}/accounts:sendOobCode`, {
      requestType: 'PASSWORD_RESET',
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });
    expect(linksTo(email)).toHaveLength(0);
  });

  it('refuses expired, unknown and missing codes, and unknown request types', async () => {
    const { email } = await signUp();
    await post(`${TOOLKIT}/accounts:sendOobCode`, { requestType: 'PASSWORD_RESET', email });
    const links = await waitForLinks(email, 2);
    const reset = links.find((link) => link.mode === 'resetPassword')!;
    ctx.clock.advance(OOB_CODE_LIFETIME_MS.PASSWORD_RESET + 1000);
    const message = async (payload: unknown, path = 'accounts:resetPassword') =>
      (await post(`${TOOLKIT}/${path}`, payload)).json<{ error: { message: string } }>().error
        .message;
    expect(await message({ oobCode: reset.code, newPassword: 'whatever123' })).toBe(
      'EXPIRED_OOB_CODE',
    );
    expect(await message({ oobCode: 'made-up', newPassword: 'whatever123' })).toBe(
      'INVALID_OOB_CODE',
    );
    expect(await message({ newPassword: 'whatever123' })).toBe('MISSING_OOB_CODE');
    expect(await message({ email }, 'accounts:sendOobCode')).toBe('MISSING_REQ_TYPE');
    expect(await message({ requestType: 'EMAIL_SIGNIN', email }, 'accounts:sendOobCode')).toBe(
      'INVALID_REQ_TYPE',
    );
  });

  it('limits verification e-mails per hour', async () => {
    const { idToken, email } = await signUp();
    await waitForLinks(email, 1);
    const send = () =>
      post(`${TOOLKIT}/accounts:sendOobCode`, { requestType: 'VERIFY_EMAIL', idToken });
    // One went out with the sign-up; four more may follow within the hour.
    for (let i = 0; i < 4; i += 1) expect((await send()).statusCode).toBe(200);
    expect((await send()).json()).toMatchObject({
      error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' },
    });
  });
});

describe('accounts:delete', () => {
  it('deletes the account: its sign-ins end and the address can sign up again', async () => {
    const { email, idToken, refreshToken } = await signUp();
    const res = await post(`${TOOLKIT}/accounts:delete`, { idToken });
    expect(res.statusCode).toBe(200);
    const refreshed = await post(`${SECURE_TOKEN}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(refreshed.statusCode).toBe(400);
    expect((await post(`${TOOLKIT}/accounts:lookup`, { idToken })).json()).toMatchObject({
      error: { message: 'USER_NOT_FOUND' },
    });
    await signUp(email);
  });
});
