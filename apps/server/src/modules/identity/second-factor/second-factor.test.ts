import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness.js';
import { MFA_POLICY } from './second-factor.js';

const ctx = useTestContext();
let counter = 0;
const uniqueEmail = () => `mfa${++counter}-${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';

function post(path: string, payload: unknown, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: path, payload: payload as object, remoteAddress });
}
const v1 = (path: string, payload: unknown) => post(`/identity/v1/${path}`, payload);
const v2 = (path: string, payload: unknown) => post(`/identity/v2/${path}`, payload);

/** The code of the step `steps` from the server's now. */
function codeOf(secret: string, steps = 0) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: ctx.clock.now().getTime() + steps * 30_000,
  });
}

function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status,
    body: { error: { code: status, message } },
  });
}

async function signUp(email = uniqueEmail()) {
  const res = await v1('accounts:signUp', { email, password: PASSWORD, returnSecureToken: true });
  expect(res.statusCode).toBe(200);
  return { email, ...res.json<{ idToken: string; localId: string }>() };
}

/** An account with a TOTP factor: its secret, enrollment id and recovery codes. */
async function enrolled() {
  const account = await signUp();
  const start = await v2('accounts/mfaEnrollment:start', {
    idToken: account.idToken,
    totpEnrollmentInfo: {},
  });
  expect(start.statusCode).toBe(200);
  const { totpSessionInfo } = start.json<{
    totpSessionInfo: { sharedSecretKey: string; sessionInfo: string };
  }>();
  const finalize = await v2('accounts/mfaEnrollment:finalize', {
    idToken: account.idToken,
    displayName: 'Phone',
    totpVerificationInfo: {
      sessionInfo: totpSessionInfo.sessionInfo,
      verificationCode: codeOf(totpSessionInfo.sharedSecretKey),
    },
  });
  expect(finalize.statusCode).toBe(200);
  const body = finalize.json<{ idToken: string; recoveryCodes: string[] }>();
  const lookup = await v1('accounts:lookup', { idToken: body.idToken });
  const enrollmentId = lookup.json<{ users: [{ mfaInfo: [{ mfaEnrollmentId: string }] }] }>()
    .users[0].mfaInfo[0].mfaEnrollmentId;
  // The enrolment's code is used: the next step's code signs in.
  ctx.clock.advance(30_000);
  return {
    ...account,
    idToken: body.idToken,
    secret: totpSessionInfo.sharedSecretKey,
    enrollmentId,
    recoveryCodes: body.recoveryCodes,
  };
}

async function pendingCredential(email: string) {
  const res = await v1('accounts:signInWithPassword', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ mfaPendingCredential: string; idToken?: string }>();
  expect(body.idToken).toBeUndefined();
  return body.mfaPendingCredential;
}

const finalizeWithCode = (
  mfaPendingCredential: string,
  mfaEnrollmentId: string,
  verificationCode: string,
) =>
  v2('accounts/mfaSignIn:finalize', {
    mfaPendingCredential,
    mfaEnrollmentId,
    totpVerificationInfo: { verificationCode },
  });

describe('enrolling a TOTP second factor', () => {
  it('answers the secret and its parameters, then stores the factor and answers new tokens', async () => {
    const account = await signUp();
    const start = await v2('accounts/mfaEnrollment:start?key=any', {
      idToken: account.idToken,
      totpEnrollmentInfo: {},
    });
    expect(start.statusCode).toBe(200);
    const { totpSessionInfo } = start.json<{
      totpSessionInfo: Record<string, string | number>;
    }>();
    expect(totpSessionInfo).toMatchObject({
      sharedSecretKey: expect.stringMatching(/^[A-Z2-7]{32}$/),
      verificationCodeLength: 6,
      hashingAlgorithm: 'SHA1',
      periodSec: 30,
      sessionInfo: expect.any(String),
    });
    expect(Date.parse(totpSessionInfo.finalizeEnrollmentTime as string)).toBeGreaterThan(
      ctx.clock.now().getTime(),
    );
    const secret = totpSessionInfo.sharedSecretKey as string;
    const wrong = await v2('accounts/mfaEnrollment:finalize', {
      idToken: account.idToken,
      totpVerificationInfo: {
        sessionInfo: totpSessionInfo.sessionInfo,
        verificationCode: '000000' === codeOf(secret) ? '111111' : '000000',
      },
    });
    expectError(wrong, 400, 'INVALID_CODE');
    const res = await v2('accounts/mfaEnrollment:finalize', {
      idToken: account.idToken,
      totpVerificationInfo: {
        sessionInfo: totpSessionInfo.sessionInfo,
        verificationCode: codeOf(secret),
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ idToken: string; refreshToken: string; recoveryCodes: string[] }>();
    expect(body.idToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const lookup = await v1('accounts:lookup', { idToken: body.idToken });
    expect(lookup.json()).toMatchObject({
      users: [
        {
          mfaInfo: [
            {
              mfaEnrollmentId: expect.any(String),
              enrolledAt: expect.any(String),
              totpInfo: {},
            },
          ],
        },
      ],
    });
    // A second one is refused.
    const again = await v2('accounts/mfaEnrollment:start', { idToken: body.idToken });
    expectError(again, 400, 'SECOND_FACTOR_EXISTS');
    // The secret is stored sealed, not as it was shown.
    const row = await ctx.deps.db
      .selectFrom('identity_mfa_factors')
      .selectAll()
      .where('uid', '=', account.localId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
  });

  it('refuses bad input with the protocol errors, and stores nothing', async () => {
    const account = await signUp();
    const other = await signUp();
    expectError(await v2('accounts/mfaEnrollment:start', {}), 400, 'INVALID_ID_TOKEN');
    expectError(
      await v2('accounts/mfaEnrollment:start', { idToken: 'not-a-token' }),
      400,
      'INVALID_ID_TOKEN',
    );
    const start = await v2('accounts/mfaEnrollment:start', { idToken: other.idToken });
    const { totpSessionInfo } = start.json<{
      totpSessionInfo: { sharedSecretKey: string; sessionInfo: string };
    }>();
    const code = codeOf(totpSessionInfo.sharedSecretKey);
    const finalize = (payload: object) => v2('accounts/mfaEnrollment:finalize', payload);
    expectError(await finalize({ idToken: account.idToken }), 400, 'MISSING_SESSION_INFO');
    // Someone else's session info.
    expectError(
      await finalize({
        idToken: account.idToken,
        totpVerificationInfo: { sessionInfo: totpSessionInfo.sessionInfo, verificationCode: code },
      }),
      400,
      'INVALID_SESSION_INFO',
    );
    expectError(
      await finalize({
        idToken: other.idToken,
        totpVerificationInfo: { sessionInfo: 'garbage', verificationCode: code },
      }),
      400,
      'INVALID_SESSION_INFO',
    );
    expectError(
      await finalize({
        idToken: other.idToken,
        totpVerificationInfo: { sessionInfo: totpSessionInfo.sessionInfo },
      }),
      400,
      'MISSING_CODE',
    );
    expectError(
      await finalize({
        idToken: other.idToken,
        totpVerificationInfo: { sessionInfo: totpSessionInfo.sessionInfo, verificationCode: 'abc' },
      }),
      400,
      'INVALID_CODE',
    );
    const wrongType = await finalize({ idToken: other.idToken, totpVerificationInfo: 'x' });
    expectError(wrongType, 400, 'INVALID_ARGUMENT');
    ctx.clock.advance(MFA_POLICY.enrollmentMs + 1000);
    expectError(
      await finalize({
        idToken: (
          await v1('accounts:signInWithPassword', { email: other.email, password: PASSWORD })
        ).json<{ idToken: string }>().idToken,
        totpVerificationInfo: {
          sessionInfo: totpSessionInfo.sessionInfo,
          verificationCode: codeOf(totpSessionInfo.sharedSecretKey),
        },
      }),
      400,
      'SESSION_EXPIRED',
    );
    const rows = await ctx.deps.db
      .selectFrom('identity_mfa_factors')
      .select('uid')
      .where('uid', 'in', [account.localId, other.localId])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('signing in with the second factor', () => {
  it('answers a pending credential to the password, then tokens to the code', async () => {
    const account = await enrolled();
    const res = await v1('accounts:signInWithPassword', {
      email: account.email,
      password: PASSWORD,
      returnSecureToken: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      localId: account.localId,
      email: account.email,
      mfaPendingCredential: expect.any(String),
      mfaInfo: [{ mfaEnrollmentId: account.enrollmentId, displayName: 'Phone', totpInfo: {} }],
    });
    expect(res.json()).not.toHaveProperty('idToken');
    const credential = res.json<{ mfaPendingCredential: string }>().mfaPendingCredential;
    const start = await v2('accounts/mfaSignIn:start', {
      mfaPendingCredential: credential,
      mfaEnrollmentId: account.enrollmentId,
      totpSignInInfo: {},
    });
    expect(start.statusCode).toBe(200);
    const done = await finalizeWithCode(credential, account.enrollmentId, codeOf(account.secret));
    expect(done.statusCode).toBe(200);
    const { idToken } = done.json<{ idToken: string }>();
    const me = await ctx.api(idToken).get('/api/users/me');
    expect(me.statusCode).not.toBe(401);
    // The pending credential completes once.
    expectError(
      await finalizeWithCode(credential, account.enrollmentId, codeOf(account.secret, 1)),
      400,
      'INVALID_MFA_PENDING_CREDENTIAL',
    );
  });

  it('accepts a code once: the same code again is refused, even with a new pending sign-in', async () => {
    const account = await enrolled();
    const code = codeOf(account.secret);
    const first = await finalizeWithCode(
      await pendingCredential(account.email),
      account.enrollmentId,
      code,
    );
    expect(first.statusCode).toBe(200);
    const again = await finalizeWithCode(
      await pendingCredential(account.email),
      account.enrollmentId,
      code,
    );
    expectError(again, 400, 'INVALID_CODE : This code was used already; wait for the next one');
    // The code of the step before is older than the one used: refused too.
    const older = await finalizeWithCode(
      await pendingCredential(account.email),
      account.enrollmentId,
      codeOf(account.secret, -1),
    );
    expect(older.statusCode).toBe(400);
    // Two concurrent uses of the next code: exactly one wins.
    ctx.clock.advance(30_000);
    const next = codeOf(account.secret);
    const [a, b] = await Promise.all([
      finalizeWithCode(await pendingCredential(account.email), account.enrollmentId, next),
      finalizeWithCode(await pendingCredential(account.email), account.enrollmentId, next),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('refuses a wrong code, and limits attempts per pending sign-in and per account', async () => {
    const account = await enrolled();
    const right = codeOf(account.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const credential = await pendingCredential(account.email);
    for (let i = 0; i < MFA_POLICY.perPending; i++) {
      expectError(
        await finalizeWithCode(credential, account.enrollmentId, wrong),
        400,
        'INVALID_CODE',
      );
    }
    // This pending sign-in is spent, even for the right code.
    expectError(
      await finalizeWithCode(credential, account.enrollmentId, right),
      429,
      'TOO_MANY_ATTEMPTS_TRY_LATER',
    );
    // A new password sign-in gets new attempts, until the account's limit.
    const second = await pendingCredential(account.email);
    for (let i = MFA_POLICY.perPending; i < MFA_POLICY.perAccount; i++) {
      expectError(await finalizeWithCode(second, account.enrollmentId, wrong), 400, 'INVALID_CODE');
    }
    const third = await pendingCredential(account.email);
    expectError(
      await finalizeWithCode(third, account.enrollmentId, right),
      429,
      'TOO_MANY_ATTEMPTS_TRY_LATER',
    );
    // The window passes: the right code works again.
    ctx.clock.advance(MFA_POLICY.windowMs + 1000);
    const later = await pendingCredential(account.email);
    const ok = await finalizeWithCode(later, account.enrollmentId, codeOf(account.secret));
    expect(ok.statusCode).toBe(200);
  });

  it('gives a stranger without the password nothing to spend: no pending credential, no attempts', async () => {
    const account = await enrolled();
    const res = await v1('accounts:signInWithPassword', {
      email: account.email,
      password: 'not the password',
    });
    expectError(res, 400, 'INVALID_LOGIN_CREDENTIALS');
    for (const guess of ['x', 'a'.repeat(43), '']) {
      const attempt = await finalizeWithCode(guess, account.enrollmentId, '123456');
      expect(attempt.statusCode).toBe(400);
    }
    const row = await ctx.deps.db
      .selectFrom('identity_mfa_factors')
      .select('failures')
      .where('uid', '=', account.localId)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(0);
    // The owner signs in as ever.
    const ok = await finalizeWithCode(
      await pendingCredential(account.email),
      account.enrollmentId,
      codeOf(account.secret),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('takes a recovery code instead of a code, once', async () => {
    const account = await enrolled();
    const recoveryCode = account.recoveryCodes[3]!;
    const withRecovery = (credential: string, code: string) =>
      v2('accounts/mfaSignIn:finalize', {
        mfaPendingCredential: credential,
        recoveryCodeVerificationInfo: { recoveryCode: code },
      });
    // Upper case and without the dash is the same code.
    const ok = await withRecovery(
      await pendingCredential(account.email),
      recoveryCode.toUpperCase().replace('-', ' '),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('idToken');
    expectError(
      await withRecovery(await pendingCredential(account.email), recoveryCode),
      400,
      'INVALID_CODE',
    );
    expectError(
      await withRecovery(await pendingCredential(account.email), 'aaaaa-bbbbb'),
      400,
      'INVALID_CODE',
    );
    expectError(
      await withRecovery(await pendingCredential(account.email), ''),
      400,
      'MISSING_CODE',
    );
    // Another account's recovery code is not this one's.
    const other = await enrolled();
    expectError(
      await withRecovery(await pendingCredential(account.email), other.recoveryCodes[0]!),
      400,
      'INVALID_CODE',
    );
  });

  it('regenerates recovery codes with a current code; the old ones end', async () => {
    const account = await enrolled();
    const missing = await v2('accounts/mfaRecoveryCodes:regenerate', { idToken: account.idToken });
    expectError(missing, 400, 'MISSING_CODE');
    const res = await v2('accounts/mfaRecoveryCodes:regenerate', {
      idToken: account.idToken,
      totpVerificationInfo: { verificationCode: codeOf(account.secret) },
    });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    const use = async (code: string) =>
      v2('accounts/mfaSignIn:finalize', {
        mfaPendingCredential: await pendingCredential(account.email),
        recoveryCodeVerificationInfo: { recoveryCode: code },
      });
    expectError(await use(account.recoveryCodes[0]!), 400, 'INVALID_CODE');
    expect((await use(recoveryCodes[0]!)).statusCode).toBe(200);
  });

  it('refuses bad input: missing fields, a wrong enrollment, an expired pending credential', async () => {
    const account = await enrolled();
    const credential = await pendingCredential(account.email);
    const code = codeOf(account.secret);
    const finalize = (payload: object) => v2('accounts/mfaSignIn:finalize', payload);
    expectError(await finalize({}), 400, 'MISSING_MFA_PENDING_CREDENTIAL');
    expectError(
      await finalize({
        mfaPendingCredential: 'unknown',
        mfaEnrollmentId: account.enrollmentId,
        totpVerificationInfo: { verificationCode: code },
      }),
      400,
      'INVALID_MFA_PENDING_CREDENTIAL',
    );
    expectError(
      await finalize({
        mfaPendingCredential: credential,
        totpVerificationInfo: { verificationCode: code },
      }),
      400,
      'MISSING_MFA_ENROLLMENT_ID',
    );
    expectError(
      await finalize({
        mfaPendingCredential: credential,
        mfaEnrollmentId: 'other',
        totpVerificationInfo: { verificationCode: code },
      }),
      400,
      'MFA_ENROLLMENT_NOT_FOUND',
    );
    expectError(
      await finalize({ mfaPendingCredential: credential, mfaEnrollmentId: account.enrollmentId }),
      400,
      'MISSING_CODE',
    );
    expectError(
      await finalize({ mfaPendingCredential: 42, mfaEnrollmentId: account.enrollmentId }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await v2('accounts/mfaSignIn:start', {
        mfaPendingCredential: credential,
        mfaEnrollmentId: 'other',
      }),
      400,
      'MFA_ENROLLMENT_NOT_FOUND',
    );
    expectError(await v2('accounts/mfaSignIn:start', {}), 400, 'MISSING_MFA_PENDING_CREDENTIAL');
    ctx.clock.advance(MFA_POLICY.pendingMs + 1000);
    expectError(
      await finalizeWithCode(credential, account.enrollmentId, codeOf(account.secret)),
      400,
      'INVALID_MFA_PENDING_CREDENTIAL',
    );
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v2/accounts/mfaSignIn:finalize',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
    const unknown = await v2('accounts/mfaSomething:else', {});
    expect(unknown.statusCode).toBe(404);
  });
});

describe('withdrawing the second factor', () => {
  it('needs a current code (or a recent sign-in); then the password alone signs in', async () => {
    const account = await enrolled();
    ctx.clock.advance(MFA_POLICY.recentSignInSeconds * 1000 + 1000);
    // The ID token still works, but its sign-in is not recent: a code is needed.
    expectError(
      await v2('accounts/mfaEnrollment:withdraw', {
        idToken: account.idToken,
        mfaEnrollmentId: account.enrollmentId,
      }),
      400,
      'CREDENTIAL_TOO_OLD_LOGIN_AGAIN',
    );
    const fresh = await finalizeWithCode(
      await pendingCredential(account.email),
      account.enrollmentId,
      codeOf(account.secret),
    );
    const { idToken } = fresh.json<{ idToken: string }>();
    expectError(
      await v2('accounts/mfaEnrollment:withdraw', { idToken, mfaEnrollmentId: 'other' }),
      400,
      'MFA_ENROLLMENT_NOT_FOUND',
    );
    expectError(
      await v2('accounts/mfaEnrollment:withdraw', { idToken }),
      400,
      'MISSING_MFA_ENROLLMENT_ID',
    );
    ctx.clock.advance(30_000);
    const wrong = codeOf(account.secret) === '123456' ? '654321' : '123456';
    expectError(
      await v2('accounts/mfaEnrollment:withdraw', {
        idToken,
        mfaEnrollmentId: account.enrollmentId,
        totpVerificationInfo: { verificationCode: wrong },
      }),
      400,
      'INVALID_CODE',
    );
    const res = await v2('accounts/mfaEnrollment:withdraw', {
      idToken,
      mfaEnrollmentId: account.enrollmentId,
      totpVerificationInfo: { verificationCode: codeOf(account.secret) },
    });
    expect(res.statusCode).toBe(200);
    const lookup = await v1('accounts:lookup', { idToken });
    expect(lookup.json<{ users: [object] }>().users[0]).not.toHaveProperty('mfaInfo');
    const signIn = await v1('accounts:signInWithPassword', {
      email: account.email,
      password: PASSWORD,
    });
    expect(signIn.json()).toHaveProperty('idToken');
    const codes = await ctx.deps.db
      .selectFrom('identity_mfa_recovery_codes')
      .select('uid')
      .where('uid', '=', account.localId)
      .execute();
    expect(codes).toEqual([]);
  });

  it('is answered on the hosted v2 path too', async () => {
    const account = await signUp();
    const res = await post(
      '/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=k',
      {
        idToken: account.idToken,
        totpEnrollmentInfo: {},
      },
    );
    expect(res.statusCode).toBe(200);
    // Our extension is not on the hosted path.
    const ext = await post(
      '/identitytoolkit.googleapis.com/v2/accounts/mfaRecoveryCodes:regenerate',
      {
        idToken: account.idToken,
      },
    );
    expect(ext.statusCode).toBe(404);
  });
});
