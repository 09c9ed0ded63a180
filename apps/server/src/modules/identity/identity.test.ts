import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness.js';
import { REFRESH_GRACE_MS, REFRESH_TOKEN_LIFETIME_MS } from './identity.service.js';

const ctx = useTestContext();
let counter = 0;
const uniqueEmail = () => `person${++counter}-${Date.now()}@example.com`;

function post(path: string, payload: unknown, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: `/identity/v1/${path}`,
    payload: payload as object,
    remoteAddress,
  });
}

async function signUp(email = uniqueEmail(), password = 'correct horse battery') {
  const res = await post('accounts:signUp', { email, password, returnSecureToken: true });
  expect(res.statusCode).toBe(200);
  return {
    email,
    password,
    ...res.json<{ idToken: string; refreshToken: string; localId: string }>(),
  };
}

function expectProtocolError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code: status, message } });
}

describe('accounts:signUp', () => {
  it('creates an account and answers tokens in the protocol shape', async () => {
    const email = uniqueEmail();
    const res = await post('accounts:signUp?key=anything', {
      email,
      password: 'password123',
      returnSecureToken: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, string>>();
    expect(body).toMatchObject({
      email,
      expiresIn: '3600',
      kind: 'identitytoolkit#SignupNewUserResponse',
    });
    expect(body.localId).toEqual(expect.any(String));
    expect(body.refreshToken!.length).toBeGreaterThan(30);
    const claims = decodeJwt(body.idToken!);
    expect(claims).toMatchObject({
      sub: body.localId,
      email,
      user_id: body.localId,
      iss: 'my-photo-application',
      aud: 'my-photo-application',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(decodeProtectedHeader(body.idToken!).alg).toBe('ES256');
  });

  it('refuses an e-mail address already taken, whatever its case', async () => {
    const { email } = await signUp();
    expectProtocolError(
      await post('accounts:signUp', { email: email.toUpperCase(), password: 'password123' }),
      400,
      'EMAIL_EXISTS',
    );
  });

  it.each([
    [{ password: 'password123' }, 'MISSING_EMAIL'],
    [{ email: 'not-an-address', password: 'password123' }, 'INVALID_EMAIL'],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'password123' }, 'INVALID_EMAIL'],
    [{ email: 'someone@example.com' }, 'MISSING_PASSWORD'],
    [{ email: 'someone@example.com', password: '' }, 'MISSING_PASSWORD'],
    [
      { email: 'someone@example.com', password: 'short' },
      'WEAK_PASSWORD : Password should be at least 8 characters',
    ],
    [{ email: 'someone@example.com', password: 'x'.repeat(10_000) }, 'INVALID_ARGUMENT'],
    [{ email: 42, password: 'password123' }, 'INVALID_ARGUMENT'],
  ])('refuses %j with %s', async (payload, message) => {
    expectProtocolError(await post('accounts:signUp', payload), 400, message);
  });

  it('answers a malformed body with a protocol error, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectProtocolError(res, 400, 'INVALID_ARGUMENT');
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const { email, password } = await signUp();
    const row = await ctx.deps.db
      .selectFrom('identity_accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(password);
  });
});

describe('accounts:signInWithPassword', () => {
  it('signs in with the right password, and the token opens the API', async () => {
    const { email, password, localId } = await signUp();
    const res = await post('accounts:signInWithPassword', {
      email: email.toUpperCase(),
      password,
      returnSecureToken: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ idToken: string; localId: string; registered: boolean }>();
    expect(body.localId).toBe(localId);
    expect(body.registered).toBe(true);
    const health = await ctx.api(body.idToken).me();
    expect(health.statusCode).not.toBe(401);
  });

  it('answers the same message for a wrong password and an unknown address', async () => {
    const { email } = await signUp();
    expectProtocolError(
      await post('accounts:signInWithPassword', { email, password: 'wrong password' }),
      400,
      'INVALID_LOGIN_CREDENTIALS',
    );
    expectProtocolError(
      await post('accounts:signInWithPassword', { email: uniqueEmail(), password: 'whatever1' }),
      400,
      'INVALID_LOGIN_CREDENTIALS',
    );
  });
});

describe('token (refresh)', () => {
  it('exchanges a refresh token for new tokens and rotates it', async () => {
    const { refreshToken, localId } = await signUp();
    const res = await post('token', { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, string>>();
    expect(body).toMatchObject({ user_id: localId, expires_in: '3600', token_type: 'Bearer' });
    expect(body.refresh_token).not.toBe(refreshToken);
    expect(decodeJwt(body.id_token!).sub).toBe(localId);
    // The new refresh token works in turn.
    expect(
      (await post('token', { grant_type: 'refresh_token', refresh_token: body.refresh_token }))
        .statusCode,
    ).toBe(200);
  });

  it('accepts the form-encoded body the hosted protocol uses', async () => {
    const { refreshToken } = await signUp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  const refresh = (refreshToken: string) =>
    post('token', { grant_type: 'refresh_token', refresh_token: refreshToken });

  it('answers the same successor to a token presented again within the grace window', async () => {
    const { refreshToken } = await signUp();
    const first = await refresh(refreshToken);
    ctx.clock.advance(REFRESH_GRACE_MS - 1000);
    const again = await refresh(refreshToken);
    expect(again.statusCode).toBe(200);
    const successor = first.json<{ refresh_token: string }>().refresh_token;
    expect(again.json<{ refresh_token: string }>().refresh_token).toBe(successor);
    // The sign-in goes on with the successor.
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('treats a rotated token presented after the grace window as theft: the sign-in ends', async () => {
    const { refreshToken } = await signUp();
    const successor = (await refresh(refreshToken)).json<{ refresh_token: string }>().refresh_token;
    ctx.clock.advance(REFRESH_GRACE_MS + 1000);
    expectProtocolError(await refresh(refreshToken), 400, 'INVALID_REFRESH_TOKEN');
    expectProtocolError(await refresh(successor), 400, 'INVALID_REFRESH_TOKEN');
  });

  it('treats a rotated token presented after its successor was used as theft', async () => {
    const { refreshToken } = await signUp();
    const successor = (await refresh(refreshToken)).json<{ refresh_token: string }>().refresh_token;
    const next = (await refresh(successor)).json<{ refresh_token: string }>().refresh_token;
    expectProtocolError(await refresh(refreshToken), 400, 'INVALID_REFRESH_TOKEN');
    expectProtocolError(await refresh(next), 400, 'INVALID_REFRESH_TOKEN');
  });

  it('gives every one of many concurrent refreshes of one token the same successor', async () => {
    const { refreshToken } = await signUp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(refreshToken)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    const successors = new Set(
      answers.map((res) => res.json<{ refresh_token: string }>().refresh_token),
    );
    expect(successors.size).toBe(1);
    const rows = await ctx.deps.db
      .selectFrom('identity_refresh_tokens')
      .select('token_hash')
      .where(
        'token_hash',
        '=',
        createHash('sha256')
          .update([...successors][0]!)
          .digest('hex'),
      )
      .execute();
    expect(rows).toHaveLength(1);
    expect((await refresh([...successors][0]!)).statusCode).toBe(200);
  });

  it('ends the sign-in for good when a stolen token and its successor are used at the same moment', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { refreshToken } = await signUp();
      const successor = (await refresh(refreshToken)).json<{ refresh_token: string }>()
        .refresh_token;
      ctx.clock.advance(REFRESH_GRACE_MS + 1000);
      // The thief replays the old token while the owner refreshes with the successor.
      const [replay, owner] = await Promise.all([refresh(refreshToken), refresh(successor)]);
      expect(replay.statusCode).toBe(400);
      // Whatever the order, no token of that sign-in works afterwards.
      const survivors = [successor];
      if (owner.statusCode === 200)
        survivors.push(owner.json<{ refresh_token: string }>().refresh_token);
      for (const token of survivors) {
        expectProtocolError(await refresh(token), 400, 'INVALID_REFRESH_TOKEN');
      }
    }
  });

  it('answers access_token, the ID token the Firebase SDK reads, beside id_token', async () => {
    const { refreshToken } = await signUp();
    const body = (await refresh(refreshToken)).json<Record<string, string>>();
    expect(body.access_token).toBe(body.id_token);
  });

  it('refuses unknown, missing and expired refresh tokens, and other grant types', async () => {
    expectProtocolError(
      await post('token', { grant_type: 'refresh_token', refresh_token: 'made-up' }),
      400,
      'INVALID_REFRESH_TOKEN',
    );
    expectProtocolError(
      await post('token', { grant_type: 'refresh_token' }),
      400,
      'MISSING_REFRESH_TOKEN',
    );
    expectProtocolError(
      await post('token', { grant_type: 'password', refresh_token: 'x' }),
      400,
      'INVALID_GRANT_TYPE',
    );
    expectProtocolError(await post('token', { refresh_token: 'x' }), 400, 'MISSING_GRANT_TYPE');
    const { refreshToken } = await signUp();
    ctx.clock.advance(REFRESH_TOKEN_LIFETIME_MS + 1000);
    expectProtocolError(
      await post('token', { grant_type: 'refresh_token', refresh_token: refreshToken }),
      400,
      'TOKEN_EXPIRED',
    );
  });

  it('stores refresh tokens hashed', async () => {
    const { refreshToken } = await signUp();
    const hash = createHash('sha256').update(refreshToken).digest('hex');
    const rows = await ctx.deps.db
      .selectFrom('identity_refresh_tokens')
      .select('token_hash')
      .execute();
    expect(rows.map((r) => r.token_hash)).toContain(hash);
    expect(rows.map((r) => r.token_hash)).not.toContain(refreshToken);
  });
});

describe('accounts:signOut', () => {
  it('revokes the refresh token', async () => {
    const { refreshToken } = await signUp();
    const res = await post('accounts:signOut', { refreshToken });
    expect(res.statusCode).toBe(200);
    expectProtocolError(
      await post('token', { grant_type: 'refresh_token', refresh_token: refreshToken }),
      400,
      'INVALID_REFRESH_TOKEN',
    );
  });

  it('refuses a missing or unknown token', async () => {
    expectProtocolError(await post('accounts:signOut', {}), 400, 'MISSING_REFRESH_TOKEN');
    expectProtocolError(
      await post('accounts:signOut', { refreshToken: 'nope' }),
      400,
      'INVALID_REFRESH_TOKEN',
    );
  });
});

describe('jwks.json', () => {
  it('publishes the public key that verifies ID tokens, and no private part', async () => {
    const { idToken } = await signUp();
    const res = await ctx.app.inject({ method: 'GET', url: '/identity/v1/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys.map((k) => k.kid)).toContain(decodeProtectedHeader(idToken).kid);
    for (const key of keys) expect(key).not.toHaveProperty('d');
  });
});
