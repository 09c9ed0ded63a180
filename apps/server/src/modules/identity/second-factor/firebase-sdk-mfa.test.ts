import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  getMultiFactorResolver,
  multiFactor,
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
  type Auth,
  type MultiFactorError,
} from 'firebase/auth';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness.js';

// The real Firebase JS SDK's TOTP second factor, unchanged, against this server on a real port:
// its multi-factor calls go to <origin>/identitytoolkit.googleapis.com/v2/accounts/mfa….

const ctx = useTestContext();
let origin: string;
let firebaseApp: FirebaseApp;
let auth: Auth;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  firebaseApp = initializeApp(
    { apiKey: 'any-api-key', projectId: 'demo-photo' },
    `sdk-mfa-${Date.now()}`,
  );
  auth = getAuth(firebaseApp);
  connectAuthEmulator(auth, origin, { disableWarnings: true });
});
afterAll(async () => {
  if (firebaseApp) await deleteApp(firebaseApp);
});

/** The code an authenticator app shows now (the server's clock), for that secret. */
function codeOf(secret: { secretKey: string; codeIntervalSeconds: number; codeLength: number }) {
  return new TOTP({
    secret: Secret.fromBase32(secret.secretKey),
    period: secret.codeIntervalSeconds,
    digits: secret.codeLength,
  }).generate({ timestamp: ctx.clock.now().getTime() });
}

async function failure(promise: Promise<unknown>): Promise<MultiFactorError> {
  try {
    await promise;
  } catch (error) {
    return error as MultiFactorError;
  }
  throw new Error('expected the SDK call to fail');
}

describe('the Firebase JS SDK with a TOTP second factor', () => {
  it('enrolls (generateSecret, enroll), then signs in through the resolver', async () => {
    const email = `sdk-mfa-${Date.now()}@example.com`;
    const { user } = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    const session = await multiFactor(user).getSession();
    const secret = await TotpMultiFactorGenerator.generateSecret(session);
    expect(secret.hashingAlgorithm).toBe('SHA1');
    expect(secret.codeLength).toBe(6);
    expect(secret.codeIntervalSeconds).toBe(30);
    expect(secret.generateQrCodeUrl(email, 'Photos')).toMatch(/^otpauth:\/\/totp\//);
    const assertion = TotpMultiFactorGenerator.assertionForEnrollment(secret, codeOf(secret));
    await multiFactor(user).enroll(assertion, 'Authenticator');
    const factors = multiFactor(user).enrolledFactors;
    expect(factors).toHaveLength(1);
    expect(factors[0]).toMatchObject({ factorId: 'totp', displayName: 'Authenticator' });
    const enrollmentId = factors[0]!.uid;
    await signOut(auth);

    // The code used at enrolment is spent: the next step's code signs in.
    ctx.clock.advance(30_000);
    const error = await failure(signInWithEmailAndPassword(auth, email, 'first password 1'));
    expect(error.code).toBe('auth/multi-factor-auth-required');
    expect(auth.currentUser).toBeNull();
    const resolver = getMultiFactorResolver(auth, error);
    expect(resolver.hints.map((hint) => hint.factorId)).toEqual(['totp']);
    expect(resolver.hints[0]!.uid).toBe(enrollmentId);

    const wrong = codeOf(secret) === '123456' ? '654321' : '123456';
    const refused = await failure(
      resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(enrollmentId, wrong)),
    );
    expect(refused.code).toBe('auth/invalid-verification-code');

    const credential = await resolver.resolveSignIn(
      TotpMultiFactorGenerator.assertionForSignIn(enrollmentId, codeOf(secret)),
    );
    expect(credential.user.email).toBe(email);
    expect(auth.currentUser?.uid).toBe(user.uid);
    const res = await fetch(`${origin}/api/users/me`, {
      headers: { idToken: await credential.user.getIdToken() },
    });
    expect(res.status).not.toBe(401);
    // The ID token refreshes as any other.
    expect(await credential.user.getIdToken(true)).toEqual(expect.any(String));

    // unenroll: a sign-in of the last minutes withdraws without a code.
    await multiFactor(credential.user).unenroll(enrollmentId);
    expect(multiFactor(credential.user).enrolledFactors).toEqual([]);
    await signOut(auth);
    const again = await signInWithEmailAndPassword(auth, email, 'first password 1');
    expect(again.user.uid).toBe(user.uid);
  });
});
