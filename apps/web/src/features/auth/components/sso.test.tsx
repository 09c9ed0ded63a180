import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../../shared/auth/session-store';
import { fakeNetwork, identityError, jsonResponse, networkFailure } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { fakeIdToken } from '../../../test/session';

const clientConfig = (sso: unknown) =>
  jsonResponse(200, {
    identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
    sso,
  });

const signedIn = jsonResponse(200, {
  kind: 'identitytoolkit#VerifyPasswordResponse',
  idToken: fakeIdToken('u-sso'),
  refreshToken: 'refresh-sso',
  expiresIn: '3600',
  localId: 'u-sso',
  email: 'ann@example.com',
  registered: true,
});

describe('single sign-on on the login screen', () => {
  it('offers "Sign in with ‹label›" when the server does, leading to the server', async () => {
    fakeNetwork().on(
      'GET /api/client-config',
      clientConfig({ offered: true, label: 'Example ID' }),
    );
    renderApp('/login');
    const panel = await screen.findByRole('tabpanel', { name: 'Log In' });
    const link = await within(panel).findByRole('link', { name: 'Sign in with Example ID' });
    expect(link).toHaveAttribute('href', '/identity/v1/sso/start');
  });

  it('offers nothing when the server does not', async () => {
    const network = fakeNetwork().on('GET /api/client-config', clientConfig({ offered: false }));
    renderApp('/login');
    await screen.findByRole('tabpanel', { name: 'Log In' });
    await waitFor(() => expect(network.sent('GET /api/client-config')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('remembers the page that was asked for when the sign-in starts', async () => {
    fakeNetwork().on(
      'GET /api/client-config',
      clientConfig({ offered: true, label: 'Example ID' }),
    );
    const { user } = renderApp('/activity');
    const link = await screen.findByRole('link', { name: 'Sign in with Example ID' });
    // The browser would leave for the server; jsdom does not navigate.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await user.click(link);
    expect(sessionStorage.getItem('photo.sso.target')).toBe('/activity');
  });
});

describe('finishing a single sign-on (/auth/sso)', () => {
  it('trades the one-time code for the session, then lands on Recent Albums', async () => {
    const network = fakeNetwork()
      .on('POST /identity/v1/sso/exchange', signedIn)
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { router } = renderApp('/auth/sso?code=one-time');
    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/recent');
    expect(network.sent('POST /identity/v1/sso/exchange')[0]!.body).toEqual({ code: 'one-time' });
    expect(localStorage.getItem(SESSION_KEYS.idToken)).toBe(fakeIdToken('u-sso'));
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-sso');
  });

  it('lands on the page the sign-in started for', async () => {
    sessionStorage.setItem('photo.sso.target', '/photos?from=2024-01');
    fakeNetwork().on('POST /identity/v1/sso/exchange', signedIn);
    const { router } = renderApp('/auth/sso?code=one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos'));
    expect(router.state.location.search).toBe('?from=2024-01');
    expect(sessionStorage.getItem('photo.sso.target')).toBeNull();
  });

  it('says so when the code is refused, and leads back to Log In', async () => {
    fakeNetwork().on('POST /identity/v1/sso/exchange', identityError('SSO_CODE_INVALID'));
    const { user, router } = renderApp('/auth/sso?code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in took too long or was started in another browser. Try again.',
    );
    expect(localStorage.getItem(SESSION_KEYS.idToken)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to Log In' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says when the server cannot be reached', async () => {
    fakeNetwork().on('POST /identity/v1/sso/exchange', networkFailure());
    renderApp('/auth/sso?code=one-time');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server cannot be reached. Check your connection and try again.',
    );
  });

  it.each([
    [
      'SSO_EMAIL_NOT_VERIFIED',
      'Your sign-in provider has not confirmed your e-mail address. Confirm it there, then try again.',
    ],
    [
      'SSO_NO_ACCOUNT',
      'There is no account here with the e-mail address of your sign-in provider.',
    ],
    ['SSO_UNAVAILABLE', 'The sign-in provider cannot be reached right now.'],
    ['SOMETHING_NEW', 'The sign-in did not work. Try again.'],
  ])('tells a refused sign-in (%s) in words, without asking the server', async (code, text) => {
    const network = fakeNetwork();
    renderApp(`/auth/sso?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(network.sent('POST /identity/v1/sso/exchange')).toHaveLength(0);
  });
});
