import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render';
import { signInAs } from '../../test/session';

const noResults = { albums: [], photos: [], nextCursor: null };

function openHome() {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albumsDb', jsonResponse(200, []))
    .on('GET /api/search', jsonResponse(200, noResults));
  return { ...renderApp('/albums/recent'), network };
}

const searchField = () =>
  within(screen.getByRole('search', { name: 'Albums and photos' })).getByRole('searchbox', {
    name: 'Search albums and photos',
  });

describe('the top bar search box', () => {
  it('is not there when signed out', async () => {
    renderApp('/login');
    await screen.findByRole('tab', { name: 'Log In' });
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('opens the search page for the text on Enter, which asks the server for it', async () => {
    const { user, router, network } = openHome();
    await screen.findByRole('heading', { name: 'Recent Albums' });
    expect(searchField()).toHaveAttribute('placeholder', 'Search albums and photos');

    await user.type(searchField(), '  summer picnic {Enter}');

    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=summer+picnic');
    expect(
      await screen.findByRole('heading', { name: 'Results for “summer picnic”' }),
    ).toBeVisible();
    expect(searchField()).toHaveValue('summer picnic');
    await waitFor(() =>
      expect(network.sent('GET /api/search')[0]?.url.searchParams.get('q')).toBe('summer picnic'),
    );
  });

  it('does nothing on Enter with nothing typed', async () => {
    const { user, router } = openHome();
    await screen.findByRole('heading', { name: 'Recent Albums' });
    await user.type(searchField(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/albums/recent');
  });

  it('takes the focus on "/", but not from a field being typed in', async () => {
    const { user } = openHome();
    await screen.findByRole('heading', { name: 'Recent Albums' });
    expect(searchField()).not.toHaveFocus();

    await user.keyboard('/');
    expect(searchField()).toHaveFocus();
    // The slash was the shortcut, not a letter of the search.
    expect(searchField()).toHaveValue('');

    // In another field, "/" is typed as it is.
    const other = document.createElement('input');
    other.setAttribute('aria-label', 'Other field');
    document.body.append(other);
    await user.click(other);
    await user.keyboard('a/b');
    expect(other).toHaveValue('a/b');
    expect(other).toHaveFocus();
    other.remove();
  });

  it('on a phone, opens from its magnifier and closes with Escape, giving the focus back', async () => {
    const { user } = openHome();
    await screen.findByRole('heading', { name: 'Recent Albums' });
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(searchField()).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('on the search page, holds its text and searches again keeping the filters', async () => {
    signInAs('u1');
    const network = fakeNetwork().on('GET /api/search', jsonResponse(200, noResults));
    const { user, router } = renderApp('/search?q=beach&from=2024-06-01');
    await screen.findByRole('heading', { name: 'Results for “beach”' });
    expect(searchField()).toHaveValue('beach');

    await user.clear(searchField());
    await user.type(searchField(), 'lake{Enter}');

    expect(router.state.location.search).toBe('?q=lake&from=2024-06-01');
    await screen.findByRole('heading', { name: 'Results for “lake”' });
    const last = network.sent('GET /api/search').at(-1)!;
    expect(last.url.searchParams.get('q')).toBe('lake');
    expect(last.url.searchParams.get('from')).toBe('2024-06-01');
  });
});
