import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, identityError, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { fakeIdToken, signInAs } from '../../../test/session';

const SIGN_IN = 'POST /identity/v1/accounts:signInWithPassword';
const FINALIZE_SIGN_IN = 'POST /identity/v2/accounts/mfaSignIn:finalize';
const tokens = (userId: string) =>
  jsonResponse(200, {
    idToken: fakeIdToken(userId),
    refreshToken: `refresh-${userId}`,
    expiresIn: '3600',
  });
const secondFactorNeeded = jsonResponse(200, {
  localId: 'u1',
  email: 'ann@example.com',
  mfaPendingCredential: 'pending-1',
  mfaInfo: [{ mfaEnrollmentId: 'factor-1', enrolledAt: '2026-11-01T10:00:00Z', totpInfo: {} }],
});

async function logIn() {
  const view = renderApp('/login');
  const form = await screen.findByRole('tabpanel', { name: 'Log In' });
  await view.user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
  await view.user.type(within(form).getByLabelText('Password'), 'secret-password');
  await view.user.click(within(form).getByRole('button', { name: 'Log In' }));
  return view;
}

describe('signing in with two-step verification', () => {
  it('asks for the 6-digit code after the password, then lands where a sign-in lands', async () => {
    const network = fakeNetwork()
      .on(SIGN_IN, secondFactorNeeded)
      .on(FINALIZE_SIGN_IN, identityError('INVALID_CODE'), tokens('u1'))
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = await logIn();

    const code = await screen.findByLabelText('6-digit code');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(localStorage.getItem('userIdToken')).toBeNull();

    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check your authenticator app and try again.',
    );
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/recent');
    expect(localStorage.getItem('userIdToken')).toBe(fakeIdToken('u1'));
    expect(network.sent(FINALIZE_SIGN_IN).map((request) => request.body)).toEqual([
      {
        mfaPendingCredential: 'pending-1',
        mfaEnrollmentId: 'factor-1',
        totpVerificationInfo: { verificationCode: '123456' },
      },
      {
        mfaPendingCredential: 'pending-1',
        mfaEnrollmentId: 'factor-1',
        totpVerificationInfo: { verificationCode: '654321' },
      },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const network = fakeNetwork()
      .on(SIGN_IN, secondFactorNeeded)
      .on(FINALIZE_SIGN_IN, tokens('u1'))
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = await logIn();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/recent'));
    expect(network.sent(FINALIZE_SIGN_IN)[0]!.body).toEqual({
      mfaPendingCredential: 'pending-1',
      recoveryCodeVerificationInfo: { recoveryCode: 'abcde-fghjk' },
    });
  });

  it('asks for the whole code before sending, and goes back to Log In when the sign-in expired', async () => {
    const network = fakeNetwork()
      .on(SIGN_IN, secondFactorNeeded)
      .on(FINALIZE_SIGN_IN, identityError('INVALID_MFA_PENDING_CREDENTIAL'));
    const { user } = await logIn();
    await user.type(await screen.findByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code.');
    expect(network.sent(FINALIZE_SIGN_IN)).toHaveLength(0);
    await user.type(screen.getByLabelText('6-digit code'), '456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired. Log in again.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByRole('tabpanel', { name: 'Log In' })).toBeVisible();
  });
});

const me = jsonResponse(200, {
  id: 'user-1',
  name: 'Ann Example',
  emailAddress: 'ann@example.com',
  profilePicUrl: '/default-avatar.png',
  dateCreated: new Date().toISOString(),
});
const lookup = (mfaInfo?: object[]) =>
  jsonResponse(200, {
    kind: 'identitytoolkit#GetAccountInfoResponse',
    users: [
      {
        localId: 'user-1',
        email: 'ann@example.com',
        emailVerified: true,
        providerUserInfo: [],
        createdAt: '1',
        ...(mfaInfo ? { mfaInfo } : {}),
      },
    ],
  });

describe('two-step verification in the account settings', () => {
  it('turns on: QR code and key, a code confirms, the recovery codes are shown once', async () => {
    signInAs('user-1');
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const network = fakeNetwork()
      .on('GET /api/users/me', me)
      .on(
        'POST /identity/v1/accounts:lookup',
        lookup(),
        lookup([{ mfaEnrollmentId: 'f1', enrolledAt: '2026-11-29T10:00:00Z', totpInfo: {} }]),
      )
      .on(
        'POST /identity/v2/accounts/mfaEnrollment:start',
        jsonResponse(200, {
          totpSessionInfo: {
            sharedSecretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            verificationCodeLength: 6,
            hashingAlgorithm: 'SHA1',
            periodSec: 30,
            sessionInfo: 'session-1',
            finalizeEnrollmentTime: '2026-11-29T10:10:00Z',
          },
        }),
      )
      .on(
        'POST /identity/v2/accounts/mfaEnrollment:finalize',
        jsonResponse(200, {
          idToken: fakeIdToken('user-1', 'new'),
          refreshToken: 'refresh-2',
          expiresIn: '3600',
          recoveryCodes: codes,
        }),
      )
      .on('POST /identity/v1/accounts:signOut', jsonResponse(200, {}));
    const { user } = renderApp('/profile/me');
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(section).findByText('Off.')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.type(within(section).getByLabelText('6-digit code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(network.sent('POST /identity/v2/accounts/mfaEnrollment:finalize')[0]!.body).toEqual({
      idToken: fakeIdToken('user-1'),
      totpVerificationInfo: { sessionInfo: 'session-1', verificationCode: '123456' },
    });
    // The enrolment's new sign-in is kept; the one it replaces is ended.
    expect(localStorage.getItem('userIdToken')).toBe(fakeIdToken('user-1', 'new'));
    await waitFor(() =>
      expect(network.sent('POST /identity/v1/accounts:signOut')[0]?.body).toEqual({
        refreshToken: 'refresh-1',
      }),
    );
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await within(section).findByRole('button', { name: 'Turn off' })).toBeVisible();
  });

  it('turns off with a code, and tells a wrong one', async () => {
    signInAs('user-1');
    const network = fakeNetwork()
      .on('GET /api/users/me', me)
      .on(
        'POST /identity/v1/accounts:lookup',
        lookup([{ mfaEnrollmentId: 'f1', enrolledAt: '2026-11-29T10:00:00Z', totpInfo: {} }]),
        lookup(),
      )
      .on(
        'POST /identity/v2/accounts/mfaEnrollment:withdraw',
        identityError('INVALID_CODE : This code was used already; wait for the next one'),
        jsonResponse(200, {}),
      );
    const { user } = renderApp('/profile/me');
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(await within(section).findByRole('button', { name: 'Turn off' }));
    const form = within(section).getByRole('form', { name: 'Turn off' });
    await user.type(within(form).getByLabelText('6-digit code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That code was used already. Wait for the next one.',
    );
    await user.type(within(form).getByLabelText('6-digit code'), '222222');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Two-step verification is off.',
    );
    expect(await within(section).findByRole('button', { name: 'Turn on' })).toBeVisible();
    expect(network.sent('POST /identity/v2/accounts/mfaEnrollment:withdraw')[1]!.body).toEqual({
      idToken: fakeIdToken('user-1'),
      mfaEnrollmentId: 'f1',
      totpVerificationInfo: { verificationCode: '222222' },
    });
  });

  it('makes new recovery codes with a code', async () => {
    signInAs('user-1');
    fakeNetwork()
      .on('GET /api/users/me', me)
      .on(
        'POST /identity/v1/accounts:lookup',
        lookup([{ mfaEnrollmentId: 'f1', enrolledAt: '2026-11-29T10:00:00Z', totpInfo: {} }]),
      )
      .on(
        'POST /identity/v2/accounts/mfaRecoveryCodes:regenerate',
        jsonResponse(200, { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] }),
      );
    const { user } = renderApp('/profile/me');
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(await within(section).findByRole('button', { name: 'New recovery codes' }));
    await user.type(within(section).getByLabelText('6-digit code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'New recovery codes' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('aaaaa-bbbbb');
  });

  it('is not offered with a hosted identity provider', async () => {
    signInAs('user-1');
    fakeNetwork()
      .on('GET /api/users/me', me)
      .on(
        'GET /api/client-config',
        jsonResponse(200, {
          upload: { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 },
          identity: {
            baseUrl: 'https://identitytoolkit.googleapis.com/v1',
            tokenUrl: 'https://securetoken.googleapis.com/v1/token',
            embedded: false,
          },
        }),
      );
    renderApp('/profile/me');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Two-step verification' })).toBeNull();
  });
});

describe('changing the password with two-step verification on', () => {
  it('asks for the code in a dialog after the current password, then changes it', async () => {
    signInAs('user-1');
    const network = fakeNetwork()
      .on('GET /api/users/me', me)
      .on('POST /identity/v1/accounts:lookup', lookup())
      .on(SIGN_IN, secondFactorNeeded)
      .on(FINALIZE_SIGN_IN, tokens('fresh'))
      .on(
        'POST /identity/v1/accounts:update',
        jsonResponse(200, {
          localId: 'user-1',
          email: 'ann@example.com',
          idToken: fakeIdToken('user-1', 'changed'),
          refreshToken: 'refresh-changed',
          expiresIn: '3600',
        }),
      );
    const { user } = renderApp('/profile/me');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-password');
    await user.type(within(form).getByLabelText('New password'), 'a-new-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Your password has been changed.',
    );
    expect(network.sent('POST /identity/v1/accounts:update')[0]!.body).toMatchObject({
      idToken: fakeIdToken('fresh'),
      password: 'a-new-password',
    });
    expect(localStorage.getItem('userIdToken')).toBe(fakeIdToken('user-1', 'changed'));
  });
});
