import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../test/network';
import { renderApp } from '../test/render';
import { fakeIdToken, signInAs } from '../test/session';

const signedIn = jsonResponse(200, {
  idToken: fakeIdToken('u1'),
  refreshToken: 'refresh-u1',
  expiresIn: '3600',
  localId: 'u1',
  email: 'ann@example.com',
});

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  const form = await screen.findByRole('tabpanel', { name: 'Log In' });
  await user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
  await user.type(within(form).getByLabelText('Password'), 'secret-password');
  await user.click(within(form).getByRole('button', { name: 'Log In' }));
}

describe('guarded routes', () => {
  it('send a signed-out visitor to login, and back to the page asked for after signing in', async () => {
    fakeNetwork()
      .on('POST /identity/v1/accounts:signInWithPassword', signedIn)
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, []));
    const { user, router } = renderApp('/albums/me');

    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');

    await logIn(user);

    expect(await screen.findByText('All my albums will be listed here!')).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/me');
  });

  it('keep the query string of the page asked for', async () => {
    fakeNetwork()
      .on('POST /identity/v1/accounts:signInWithPassword', signedIn)
      .on(
        'GET /api/photos/p1',
        jsonResponse(404, { error: { code: 'PHOTO_NOT_FOUND', message: 'Photo was not found.' } }),
      )
      .on('GET /api/photos/p1/comments', jsonResponse(200, []));
    const { user, router } = renderApp('/photo/p1?from=share');
    await logIn(user);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/photo/p1?from=share',
      ),
    );
  });

  it('go to Recent Albums after signing in when no page was asked for', async () => {
    fakeNetwork()
      .on('POST /identity/v1/accounts:signInWithPassword', signedIn)
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = renderApp('/login');
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/recent');
  });

  it('let a signed-in user in', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, []));
    renderApp('/albums/recent');
    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
  });
});

describe('unknown addresses', () => {
  it('show "Page not found" with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('link a signed-in user home to Recent Albums', async () => {
    signInAs('u1');
    renderApp('/albums/recent/extra');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/albums/recent',
    );
  });
});
