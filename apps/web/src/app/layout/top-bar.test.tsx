import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render';
import { fakeIdToken, signInAs } from '../../test/session';

/** Opens the account menu and waits for its contents, which load when it is first opened. */
async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /toggle navigation/i }));
  await screen.findByRole('button', { name: 'Logout' });
}

describe('top bar', () => {
  it('shows only the brand when signed out', async () => {
    renderApp('/login');
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByText('My Photo Application')).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('links Home, Profile and Albums when signed in', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, []));
    const { user } = renderApp('/albums/recent');
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/albums/recent',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile/me',
    );
    expect(within(nav).getByRole('link', { name: 'Albums' })).toHaveAttribute('href', '/albums/me');
    // Logout is in the menu the person's picture opens, a menu entry rather than a red button.
    expect(within(nav).queryByRole('button', { name: 'Logout' })).toBeNull();
    await openMenu(user);
    const logout = within(nav).getByRole('button', { name: 'Logout' });
    expect(logout).toBeVisible();
    expect(logout).not.toHaveClass('btn-danger');
  });

  it("shows the signed-in person's picture, which opens the menu with the pages and Logout", async () => {
    signInAs('u1');
    fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, []))
      .on(
        'GET /api/users/me',
        jsonResponse(200, {
          id: 'u1',
          name: 'Ann',
          emailAddress: 'ann@example.com',
          profilePicUrl: '/api/files/show/me1',
        }),
      );
    const { user } = renderApp('/albums/recent');
    const toggle = await screen.findByRole('button', { name: /toggle navigation/i });
    await waitFor(() =>
      expect(toggle.querySelector('img')).toHaveAttribute('src', '/api/files/show/me1?size=thumb'),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(await within(menu).findByText('Ann')).toBeVisible();
    expect(within(menu).getByText('ann@example.com')).toBeVisible();
    await user.click(within(menu).getByRole('link', { name: 'Albums' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    // Escape folds it and gives the focus back to the picture.
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it("links the administrator's page in the menu of the administrator only", async () => {
    const me = {
      id: 'u1',
      name: 'Ann',
      emailAddress: 'ann@example.com',
      profilePicUrl: '/default-avatar.png',
      dateCreated: new Date().toISOString(),
    };
    for (const isAdmin of [true, false]) {
      signInAs('u1');
      fakeNetwork()
        .on('GET /api/albumsDb', jsonResponse(200, []))
        .on('GET /api/users/me', jsonResponse(200, { ...me, isAdmin, adminName: 'Ann' }));
      const { user, router, unmount } = renderApp('/albums/recent');
      await openMenu(user);
      const menu = document.getElementById('main-navigation')!;
      await within(menu).findByText('ann@example.com');
      const link = within(menu).queryByRole('link', { name: 'People on this server' });
      if (isAdmin) {
        await user.click(link!);
        expect(router.state.location.pathname).toBe('/admin');
      } else {
        expect(link).toBeNull();
      }
      unmount();
    }
  });

  it('keeps the bar working when the picture cannot be had, without an error message', async () => {
    signInAs('u1');
    fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, []))
      .on('GET /api/users/me', jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'x' } }));
    const { user } = renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Recent Albums' });
    await openMenu(user);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('logs out: revokes the refresh token, clears storage and the cache, goes to login', async () => {
    signInAs('u1', { refreshToken: 'refresh-u1' });
    sessionStorage.setItem('draft', 'something');
    const network = fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, []))
      .on('POST /identity/v1/accounts:signOut', jsonResponse(200, {}));
    const { user, router, queryClient } = renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Recent Albums' });
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    // Nothing of the account stays cached; the login page may ask the server's public settings.
    const cached = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(cached.filter((key) => key !== 'client-config')).toEqual([]);
    await waitFor(() =>
      expect(network.sent('POST /identity/v1/accounts:signOut')[0]?.body).toEqual({
        refreshToken: 'refresh-u1',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('after a logout, the next sign-in lands on Recent Albums, not on the page left', async () => {
    signInAs('u1');
    fakeNetwork()
      .on(
        'GET /api/users/me',
        jsonResponse(200, { id: 'u1', name: 'Ann', emailAddress: 'a@x.org' }),
      )
      .on('POST /identity/v1/accounts:signOut', jsonResponse(200, {}))
      .on(
        'POST /identity/v1/accounts:signInWithPassword',
        jsonResponse(200, {
          idToken: fakeIdToken('u2'),
          refreshToken: 'refresh-u2',
          expiresIn: '3600',
          localId: 'u2',
          email: 'bo@example.com',
        }),
      )
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = renderApp('/profile/me');
    await screen.findByRole('heading', { name: 'Ann' });

    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const form = await screen.findByRole('tabpanel', { name: 'Log In' });
    await user.type(within(form).getByLabelText('Email address'), 'bo@example.com');
    await user.type(within(form).getByLabelText('Password'), 'secret-password');
    await user.click(within(form).getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/recent');
  });

  it('a session that ends on a guarded page sends the user to login', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, []));
    const { router } = renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Recent Albums' });
    // Another tab signs out.
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});
