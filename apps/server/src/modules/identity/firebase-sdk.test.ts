import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  applyActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  getAuth,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeBeforeAll, useTestContext } from '../../test/harness.js';
import { actionLinkIn, startSmtpPeer } from '../../test/smtp-peer.js';

// The real Firebase JS SDK, unchanged, against this server listening on a real port: the SDK's
// emulator mode sends its calls to <origin>/identitytoolkit.googleapis.com/v1/… and
// <origin>/securetoken.googleapis.com/v1/token.

const smtp = madeBeforeAll(startSmtpPeer);
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }));
let origin: string;
let firebaseApp: FirebaseApp;
let auth: Auth;
let counter = 0;
const uniqueEmail = () => `sdk${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  firebaseApp = initializeApp(
    { apiKey: 'any-api-key', projectId: 'demo-photo' },
    `sdk-${Date.now()}`,
  );
  auth = getAuth(firebaseApp);
  connectAuthEmulator(auth, origin, { disableWarnings: true });
});
afterAll(async () => {
  if (firebaseApp) await deleteApp(firebaseApp);
});

/** The links e-mailed to that address (oldest first), decoded from the raw message. */
function links(address: string, mode: 'resetPassword' | 'verifyEmail') {
  return smtp.received
    .filter((mail) => mail.to.includes(address))
    .flatMap((mail) => {
      const link = actionLinkIn(mail);
      return link?.mode === mode ? [link] : [];
    });
}

async function nextLink(address: string, mode: 'resetPassword' | 'verifyEmail', before: number) {
  await expect.poll(() => links(address, mode).length, { timeout: 15_000 }).toBeGreaterThan(before);
  return links(address, mode).at(-1)!;
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected the SDK call to fail');
}

async function me(idToken: string) {
  return fetch(`${origin}/api/users/me`, { headers: { idToken } });
}

describe('the Firebase JS SDK against the embedded identity service', () => {
  it('creates an account and signs in; its ID token opens the API', async () => {
    const email = uniqueEmail();
    const created = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    expect(created.user.email).toBe(email);
    expect(created.user.emailVerified).toBe(false);
    const uid = created.user.uid;
    await signOut(auth);
    expect(auth.currentUser).toBeNull();

    const signedIn = await signInWithEmailAndPassword(auth, email, 'first password 1');
    expect(signedIn.user.uid).toBe(uid);
    const res = await me(await signedIn.user.getIdToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: uid, emailAddress: email });
  });

  it('refreshes twice with getIdToken(true), and reads the claims with getIdTokenResult', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    const firstRefreshToken = user.refreshToken;
    const one = await user.getIdToken(true);
    const secondRefreshToken = user.refreshToken;
    const two = await user.getIdToken(true);
    expect(secondRefreshToken).not.toBe(firstRefreshToken);
    expect(user.refreshToken).not.toBe(secondRefreshToken);
    for (const token of [one, two]) expect((await me(token)).status).toBe(200);

    const result = await user.getIdTokenResult();
    expect(result.token).toBe(two);
    expect(result.signInProvider).toBe('password');
    expect(result.claims).toMatchObject({ email, email_verified: false, sub: user.uid });
    expect(Date.parse(result.expirationTime) - Date.parse(result.issuedAtTime)).toBe(3600_000);
  });

  it('sets the display name with updateProfile, and reload shows it', async () => {
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail(), 'first password 1');
    await updateProfile(user, { displayName: 'Ada Lovelace' });
    expect(user.displayName).toBe('Ada Lovelace');
    await reload(user);
    expect(user.displayName).toBe('Ada Lovelace');
    expect(user.metadata.creationTime).toBeTruthy();
    expect(user.providerData.map((p) => p.providerId)).toEqual(['password']);
  });

  it('changes the password with updatePassword', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    await updatePassword(user, 'second password 2');
    // The SDK holds the new sign-in the server answered: it still refreshes.
    expect((await me(await user.getIdToken(true))).status).toBe(200);
    await signOut(auth);
    expect(await errorCode(signInWithEmailAndPassword(auth, email, 'first password 1'))).toBe(
      'auth/invalid-credential',
    );
    await signInWithEmailAndPassword(auth, email, 'second password 2');
  });

  it('resets a forgotten password with the code from the e-mail (confirmPasswordReset)', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'first password 1');
    await signOut(auth);
    const before = links(email, 'resetPassword').length;
    await sendPasswordResetEmail(auth, email);
    const { link, code } = await nextLink(email, 'resetPassword', before);
    // No PUBLIC_URL: the link is on the origin the request came to, in the hosted shape.
    expect(link.startsWith(`${origin}/auth/action?mode=resetPassword&oobCode=`)).toBe(true);
    expect(await verifyPasswordResetCode(auth, code)).toBe(email);
    await confirmPasswordReset(auth, code, 'reset password 3');
    expect(await errorCode(confirmPasswordReset(auth, code, 'again password 4'))).toBe(
      'auth/invalid-action-code',
    );
    const { user } = await signInWithEmailAndPassword(auth, email, 'reset password 3');
    expect(user.email).toBe(email);
  });

  it('verifies the address (sendEmailVerification, applyActionCode): a fresh ID token says so', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    // The sign-up sent one already; ask for another and use the newest.
    const signUpMail = await nextLink(email, 'verifyEmail', 0);
    await sendEmailVerification(user);
    const { code } = await nextLink(email, 'verifyEmail', 1);
    expect(code).not.toBe(signUpMail.code);
    await applyActionCode(auth, code);
    const token = await user.getIdToken(true);
    expect(decodeJwt(token).email_verified).toBe(true);
    await reload(user);
    expect(user.emailVerified).toBe(true);
  });

  it('deletes the account with deleteUser', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'first password 1');
    await deleteUser(user);
    expect(auth.currentUser).toBeNull();
    expect(await errorCode(signInWithEmailAndPassword(auth, email, 'first password 1'))).toBe(
      'auth/invalid-credential',
    );
  });

  it('maps errors to the SDK codes: wrong password, address taken, weak password', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'first password 1');
    await signOut(auth);
    expect(await errorCode(signInWithEmailAndPassword(auth, email, 'wrong password 9'))).toBe(
      'auth/invalid-credential',
    );
    expect(await errorCode(createUserWithEmailAndPassword(auth, email, 'other password 1'))).toBe(
      'auth/email-already-in-use',
    );
    expect(await errorCode(createUserWithEmailAndPassword(auth, uniqueEmail(), 'short'))).toBe(
      'auth/weak-password',
    );
  });
});
