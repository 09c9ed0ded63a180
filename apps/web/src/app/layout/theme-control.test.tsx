import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render';
import { signInAs } from '../../test/session';

/** A device whose dark setting the test can flip, as prefers-color-scheme would. */
function deviceColourScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : !dark;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(value: boolean) {
      dark = value;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const theme = () => document.documentElement.getAttribute('data-bs-theme');

async function choose(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.selectOptions(await screen.findByRole('combobox', { name: /theme/i }), label);
}

describe('theme control', () => {
  it('is in the top bar when signed out, named for the theme, and switches light and dark', async () => {
    deviceColourScheme(false);
    const { user } = renderApp('/login');
    await choose(user, 'Dark');
    expect(theme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('combobox', { name: 'Colour theme (dark mode)' })).toHaveValue('dark');
    await choose(user, 'Light');
    expect(theme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('follows the device until a theme is chosen, and again after "System"', async () => {
    const device = deviceColourScheme(true);
    const { user } = renderApp('/login');
    await choose(user, 'System');
    expect(theme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBeNull();
    device.setDark(false);
    expect(theme()).toBe('light');
    expect(screen.getByRole('combobox', { name: /theme/i })).toHaveAccessibleDescription(
      'The device is set to light.',
    );

    await choose(user, 'Dark');
    device.setDark(false);
    expect(theme()).toBe('dark');
    await choose(user, 'System');
    expect(theme()).toBe('light');
  });

  it('shows the remembered choice when the page opens', async () => {
    deviceColourScheme(false);
    const { user, unmount } = renderApp('/login');
    await choose(user, 'Dark');
    unmount();
    renderApp('/login');
    expect(await screen.findByRole('combobox', { name: /theme/i })).toHaveValue('dark');
    expect(screen.getByRole('option', { name: 'Dark' })).toHaveProperty('selected', true);
  });

  it('is kept on this device when the user logs out (the rest of the storage is cleared)', async () => {
    deviceColourScheme(false);
    signInAs('u1');
    fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, []))
      .on('POST /identity/v1/accounts:signOut', jsonResponse(200, {}));
    const { user } = renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Recent Albums' });
    await choose(user, 'Dark');
    await user.click(screen.getByRole('button', { name: /toggle navigation/i }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeVisible();
    await waitFor(() => expect(Object.keys(localStorage)).toEqual(['theme']));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(theme()).toBe('dark');
  });
});
