import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, identityError, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { SESSION_KEYS } from '../../../shared/auth/session-store';
import { signInAs } from '../../../test/session';

describe('forgot password', () => {
  it('is linked from Log In, and asks the identity service to e-mail a reset link', async () => {
    const network = fakeNetwork().on(
      'POST /identity/v1/accounts:sendOobCode',
      jsonResponse(200, {
        kind: 'identitytoolkit#GetOobConfirmationCodeResponse',
        email: 'ann@example.com',
      }),
    );
    const { user, router } = renderApp('/login');
    const panel = await screen.findByRole('tabpanel', { name: 'Log In' });
    await user.click(within(panel).getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');

    const form = await screen.findByRole('form', { name: 'Reset your password' });
    await user.type(within(form).getByLabelText('Email address'), '  ann@example.com ');
    await user.click(within(form).getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses ann@example.com, we have sent it a link',
    );
    expect(network.sent('POST /identity/v1/accounts:sendOobCode')[0]!.body).toEqual({
      requestType: 'PASSWORD_RESET',
      email: 'ann@example.com',
    });
  });

  it('sends the calls where client-config says, with its API key', async () => {
    const network = fakeNetwork()
      .on(
        'GET /api/client-config',
        jsonResponse(200, {
          upload: { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 },
          trash: { days: 30 },
          identity: {
            baseUrl: 'https://identitytoolkit.googleapis.com/v1',
            tokenUrl: 'https://securetoken.googleapis.com/v1/token',
            apiKey: 'AIza-key',
            embedded: false,
          },
        }),
      )
      .on('POST /v1/accounts:sendOobCode', jsonResponse(200, { email: 'ann@example.com' }));
    const { user } = renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    await user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send the link' }));
    await screen.findByRole('status');
    const [sent] = network.sent('POST /v1/accounts:sendOobCode');
    expect(sent!.url.origin).toBe('https://identitytoolkit.googleapis.com');
    expect(sent!.url.searchParams.get('key')).toBe('AIza-key');
  });
});

describe('forgot password on a server that sends no e-mail', () => {
  it('says so, and to ask the administrator for a password link; nothing is sent', async () => {
    const network = fakeNetwork().on(
      'GET /api/client-config',
      jsonResponse(200, {
        upload: { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 },
        trash: { days: 30 },
        identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
        mail: { configured: false },
      }),
    );
    renderApp('/forgot-password');
    expect(
      await screen.findByText(/E-mail is not set up on this server, so it cannot send you a link/),
    ).toBeVisible();
    expect(screen.getByText(/Ask the server.s administrator for a password link/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Reset your password' })).toBeNull();
    expect(screen.queryByText(/we have sent/)).toBeNull();
    expect(network.sent('POST /identity/v1/accounts:sendOobCode')).toHaveLength(0);
  });

  it('keeps the form when the server sends e-mail', async () => {
    fakeNetwork().on(
      'GET /api/client-config',
      jsonResponse(200, {
        upload: { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 },
        trash: { days: 30 },
        identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
        mail: { configured: true },
      }),
    );
    renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    expect(within(form).getByText(/We will send you a link/)).toBeVisible();
    expect(screen.queryByText(/E-mail is not set up/)).toBeNull();
  });
});

/** Signs in with an ID token whose address is not confirmed yet. */
function signInUnverified(email: string) {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  signInAs('u2');
  localStorage.setItem(
    SESSION_KEYS.idToken,
    `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ sub: 'u2', email, email_verified: false })}.sig`,
  );
}

describe('the notice of an address not confirmed yet', () => {
  const me = {
    id: 'u2',
    name: 'Fred Friend',
    emailAddress: 'fred@example.com',
    profilePicUrl: '/default-avatar.png',
    dateCreated: new Date().toISOString(),
    isAdmin: false,
    adminName: 'Ada Admin',
  };
  const config = (configured: boolean) =>
    jsonResponse(200, {
      upload: { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 },
      trash: { days: 30 },
      identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
      mail: { configured },
    });

  it('without e-mail, names the administrator who confirms it, and offers no link', async () => {
    signInUnverified('fred@example.com');
    fakeNetwork()
      .on('GET /api/client-config', config(false))
      .on('GET /api/users/me', jsonResponse(200, me));
    renderApp('/profile/me');
    const notice = await screen.findByText(/E-mail is not set up on this server/);
    const alert = notice.closest('.alert')!;
    expect(alert).toHaveTextContent('Your e-mail address fred@example.com is not confirmed yet.');
    await waitFor(() => expect(alert).toHaveTextContent('administrator, Ada Admin'));
    expect(alert).not.toHaveTextContent('we sent');
    expect(
      within(alert as HTMLElement).queryByRole('button', { name: 'Send the link again' }),
    ).toBeNull();
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Check again' })).toBeVisible();
  });

  it('with e-mail, asks to open the link sent, and sends it again', async () => {
    signInUnverified('fred@example.com');
    fakeNetwork()
      .on('GET /api/client-config', config(true))
      .on('GET /api/users/me', jsonResponse(200, me));
    renderApp('/profile/me');
    expect(
      await screen.findByText(
        'Please confirm your e-mail address: open the link we sent to fred@example.com.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  });
});

describe('the page e-mailed links open', () => {
  it('sets a new password with the code of a reset link', async () => {
    const network = fakeNetwork().on(
      'POST /identity/v1/accounts:resetPassword',
      jsonResponse(200, { email: 'ann@example.com', requestType: 'PASSWORD_RESET' }),
    );
    const { user } = renderApp('/auth/action?mode=resetPassword&oobCode=code-1&lang=en');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    expect(within(form).getByText('ann@example.com')).toBeVisible();
    await user.type(within(form).getByLabelText('New password'), 'a fine secret');
    await user.type(within(form).getByLabelText('New password, again'), 'a fine secret!');
    await user.click(within(form).getByRole('button', { name: 'Set the new password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The two passwords are not the same.',
    );
    await user.clear(within(form).getByLabelText('New password, again'));
    await user.type(within(form).getByLabelText('New password, again'), 'a fine secret');
    await user.click(within(form).getByRole('button', { name: 'Set the new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(network.sent('POST /identity/v1/accounts:resetPassword').map((r) => r.body)).toEqual([
      { oobCode: 'code-1' },
      { oobCode: 'code-1', newPassword: 'a fine secret' },
    ]);
  });

  it('says so when a reset link was used already', async () => {
    fakeNetwork().on('POST /identity/v1/accounts:resetPassword', identityError('INVALID_OOB_CODE'));
    renderApp('/auth/action?mode=resetPassword&oobCode=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been used, or is not valid.',
    );
    expect(screen.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  });

  it('confirms an address with the code of a verification link', async () => {
    const network = fakeNetwork().on(
      'POST /identity/v1/accounts:update',
      jsonResponse(200, {
        localId: 'u1',
        email: 'ann@example.com',
        emailVerified: true,
        providerUserInfo: [],
      }),
    );
    renderApp('/auth/action?mode=verifyEmail&oobCode=code-2');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('ann@example.com is confirmed'),
    );
    expect(network.sent('POST /identity/v1/accounts:update')[0]!.body).toEqual({
      oobCode: 'code-2',
    });
  });

  it('explains a link without its code', async () => {
    renderApp('/auth/action?mode=resetPassword');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
  });
});

describe('change password', () => {
  it('says beside the current password that it is not right, once, not as a sign-in failure', async () => {
    signInAs('u1');
    fakeNetwork()
      .on(
        'GET /api/users/me',
        jsonResponse(200, {
          id: 'u1',
          name: 'Ann Example',
          emailAddress: 'ann@example.com',
          profilePicUrl: '/default-avatar.png',
          dateCreated: new Date().toISOString(),
        }),
      )
      .on(
        'POST /identity/v1/accounts:signInWithPassword',
        identityError('INVALID_LOGIN_CREDENTIALS'),
      );
    const { user } = renderApp('/profile/me');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong-password');
    await user.type(within(form).getByLabelText('New password'), 'a-new-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    const current = within(form).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(/not right/));
    expect(current).toHaveAccessibleDescription('The current password is not right.');
    expect(current).toBeInvalid();
    expect(screen.getAllByText('The current password is not right.')).toHaveLength(1);
    expect(screen.queryByText(/e-mail address or password/)).not.toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
