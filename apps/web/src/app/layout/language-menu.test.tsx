import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, initialLocale, setLocale } from '../../i18n/i18n';
import { formatDate, timeAgo } from '../../shared/lib/format-date';
import { formatFileSize } from '../../shared/lib/format-size';
import { fakeNetwork, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render';
import { signInAs } from '../../test/session';

describe('language menu', () => {
  afterEach(() => setLocale('en'));

  it('switches the app to German and back, remembers the choice and tells the server', async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on('GET /api/albumsDb', jsonResponse(200, []))
      .on('PATCH /api/users/me/preferences', jsonResponse(200, { locale: 'de' }));
    const { user } = renderApp('/albums/recent');
    const nav = await screen.findByRole('navigation');
    const menu = within(nav).getByRole('combobox', { name: 'Language' });
    // Each language is named in itself.
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Español']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeVisible();

    await user.selectOptions(menu, 'de');
    expect(await within(nav).findByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/albums/recent',
    );
    expect(within(nav).getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('photo.locale')).toBe('de');
    await waitFor(() =>
      expect(network.sent('PATCH /api/users/me/preferences').map((sent) => sent.body)).toEqual([
        { locale: 'de' },
      ]),
    );
    // The next visit starts in the remembered language, whatever the browser's.
    expect(initialLocale()).toBe('de');

    await user.selectOptions(within(nav).getByRole('combobox', { name: 'Sprache' }), 'en');
    expect(await within(nav).findByRole('link', { name: 'Home' })).toBeVisible();
    expect(currentLocale()).toBe('en');
    expect(localStorage.getItem('photo.locale')).toBe('en');
  });

  it('is there before signing in, and the login screen follows it', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('tab', { name: 'Log In' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Inscription' })).toBeVisible();
    expect(screen.getAllByLabelText('Adresse e-mail', { selector: 'input' })[0]).toBeVisible();
  });
});

describe('dates, times and counts in the current language', () => {
  afterEach(() => setLocale('en'));

  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('say relative times, dates and sizes as each language does', async () => {
    expect(timeAgo(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatFileSize(2_400_000)).toBe('2.4 MB');
    expect(formatFileSize(1)).toBe('1 byte');

    await act(() => setLocale('de'));
    expect(timeAgo(ago(5 * 60_000), now)).toBe('vor 5 Minuten');
    expect(timeAgo(ago(60 * 60_000), now)).toBe('vor 1 Stunde');
    expect(timeAgo(ago(10_000), now)).toBe('gerade eben');
    expect(formatDate('2026-03-05T10:00:00Z')).toMatch(/^5\. März 2026$/);
    expect(formatFileSize(2_400_000)).toBe('2,4 MB');
    expect(formatFileSize(820)).toBe('820 Bytes');

    await act(() => setLocale('fr'));
    expect(timeAgo(ago(3 * 24 * 3600_000), now)).toBe('il y a 3 jours');
    expect(formatFileSize(1)).toBe('1 octet');
    expect(formatFileSize(0)).toBe('0 octet');

    await act(() => setLocale('es'));
    expect(timeAgo(ago(2 * 3600_000), now)).toBe('hace 2 horas');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 de marzo de 2026');
  });
});
