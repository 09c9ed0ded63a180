import type { Album, TimelinePhoto } from '@photo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album = (id: string, name: string, owner = { id: 'u2', name: 'Bo' }): Album => ({
  id,
  name,
  coverPhotoUrl: `/api/files/show/cover-${id}`,
  coverPlaceholder: null,
  coverReady: true,
  createdBy: owner.name,
  createdById: owner.id,
  dateCreated: '2026-06-01T10:00:00Z',
  photoCount: 3,
  firstPhotoDate: '2024-06-01T10:00:00Z',
  lastPhotoDate: '2024-06-03T10:00:00Z',
});

const photo = (id: string, overrides: Partial<TimelinePhoto> = {}): TimelinePhoto => ({
  id,
  favourite: false,
  albumId: 'a1',
  photoUrl: `/api/files/show/file-${id}?sig=s-${id}`,
  placeholder: null,
  ready: true,
  width: 1200,
  height: 800,
  date: '2024-06-02T10:00:00Z',
  createdById: 'u2',
  kind: 'photo',
  video: null,
  ...overrides,
});

function search(path: string, ...answers: Response[]) {
  signInAs('u1');
  const network = fakeNetwork().on('GET /api/search', ...answers);
  return { ...renderApp(path), network };
}

const tiles = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('link');

describe('the search page', () => {
  it('shows the albums found as cards, then the photos as tiles opening their page', async () => {
    const { network } = search(
      '/search?q=beach',
      jsonResponse(200, {
        albums: [album('a1', 'Beach 2024'), album('a2', 'Beach walks')],
        photos: [
          photo('p1'),
          photo('p2', { placeholder: null, ready: false }),
          photo('p3', { ready: false, thumbReady: true }),
        ],
        nextCursor: null,
      }),
    );

    const albums = await screen.findByRole('list', { name: 'Albums' });
    expect(screen.getByRole('heading', { name: 'Results for “beach”' })).toBeVisible();
    expect(within(albums).getByRole('heading', { name: 'Beach 2024' })).toBeVisible();
    expect(within(albums).getByRole('link', { name: 'Go to Album Beach walks' })).toHaveAttribute(
      'href',
      '/album/a2',
    );
    expect(tiles()).toHaveLength(3);
    expect(tiles()[0]).toHaveAttribute('href', '/photo/p1');
    // The thumbnail, its signature kept; a photo still being made shows no picture yet.
    const first = within(tiles()[0]!).getByRole('img');
    expect(first.getAttribute('src')).toBe('/api/files/show/file-p1?sig=s-p1&size=thumb');
    expect(first).toHaveAccessibleName(/^Photo of /);
    expect(within(tiles()[1]!).getByRole('img').getAttribute('src')).toMatch(/^data:image\/gif/);
    // One whose thumbnail is made shows it while its other sizes are being made.
    expect(within(tiles()[2]!).getByRole('img').getAttribute('src')).toBe(
      '/api/files/show/file-p3?sig=s-p3&size=thumb',
    );

    const sent = network.sent('GET /api/search');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get('q')).toBe('beach');
    expect(sent[0]!.url.searchParams.get('cursor')).toBeNull();
  });

  it('loads more photos along nextCursor, keeping the albums of the first page', async () => {
    const { user, network } = search(
      '/search?q=beach',
      jsonResponse(200, {
        albums: [album('a1', 'Beach 2024')],
        photos: [photo('p1'), photo('p2')],
        nextCursor: 'c2',
      }),
      jsonResponse(200, { albums: [], photos: [photo('p3')], nextCursor: null }),
    );
    await screen.findByRole('list', { name: 'Albums' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(network.sent('GET /api/search')[1]!.url.searchParams.get('cursor')).toBe('c2');
    expect(screen.getByRole('heading', { name: 'Beach 2024' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('puts the filters in the address, asks the server with them, and shows them from the address', async () => {
    const results = {
      albums: [album('a1', 'Beach 2024')],
      photos: [photo('p1')],
      nextCursor: null,
    };
    const { user, router, network, unmount } = search(
      '/search?q=beach',
      jsonResponse(200, results),
    );
    await screen.findByRole('list', { name: 'Albums' });
    const filters = screen.getByRole('form', { name: 'Filters' });

    await user.type(within(filters).getByLabelText('From'), '2024-06-01');
    await user.type(within(filters).getByLabelText('To'), '2024-06-30');
    await user.type(within(filters).getByLabelText('Camera'), ' Pixel ');
    // "Added by": anyone, the person, and the owners of the albums found.
    const addedBy = within(filters).getByLabelText('Added by');
    expect(
      within(addedBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Me', 'Bo']);
    await user.selectOptions(addedBy, 'Bo');
    await user.click(within(filters).getByRole('button', { name: 'Apply' }));

    expect(router.state.location.search).toBe(
      '?q=beach&from=2024-06-01&to=2024-06-30&camera=Pixel&addedBy=u2',
    );
    await waitFor(() => expect(network.sent('GET /api/search')).toHaveLength(2));
    const asked = network.sent('GET /api/search')[1]!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      q: 'beach',
      from: '2024-06-01',
      to: '2024-06-30',
      camera: 'Pixel',
      addedBy: 'u2',
    });
    unmount();

    // The same address, opened anew (a shared link): the filters show what it says.
    search(
      '/search?q=beach&from=2024-06-01&to=2024-06-30&camera=Pixel&addedBy=u1',
      jsonResponse(200, results),
    );
    const shown = await screen.findByRole('form', { name: 'Filters' });
    expect(within(shown).getByLabelText('From')).toHaveValue('2024-06-01');
    expect(within(shown).getByLabelText('To')).toHaveValue('2024-06-30');
    expect(within(shown).getByLabelText('Camera')).toHaveValue('Pixel');
    expect(within(shown).getByLabelText('Added by')).toHaveDisplayValue('Me');
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows what the address says after Back, even when Back came before the applied search was drawn', async () => {
    const { user } = search(
      '/search?q=beach',
      jsonResponse(200, { albums: [], photos: [], nextCursor: null }),
    );
    const filters = await screen.findByRole('form', { name: 'Filters' });
    const camera = within(filters).getByLabelText('Camera');
    await user.type(camera, 'Pixel');
    // Apply, then Back at once: the browser's address is the search's own again, and its history
    // says so with a popstate before React has drawn the applied one.
    window.history.pushState(null, '', '/search?q=beach');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(camera).toHaveValue('');
  });

  it('clears the filters, keeping the text', async () => {
    const { user, router } = search(
      '/search?q=beach&camera=Pixel',
      jsonResponse(200, { albums: [], photos: [photo('p1')], nextCursor: null }),
    );
    await screen.findByRole('list', { name: 'Photos' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?q=beach');
    expect(screen.getByLabelText('Camera')).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    search('/search?q=zebra', jsonResponse(200, { albums: [], photos: [], nextCursor: null }));
    expect(await screen.findByText('No albums or photos match “zebra”')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull();
  });

  it('asks nothing before anything is asked, and says what can be searched', async () => {
    const { network } = search('/search');
    expect(await screen.findByText('Search your albums and photos')).toBeVisible();
    expect(network.sent('GET /api/search')).toHaveLength(0);
  });

  it("says the server's refusal beside the filters, not in the notification area", async () => {
    search(
      '/search?from=2024-07-01&to=2024-06-01',
      apiError(400, 'VALIDATION_FAILED', 'From: from must not be after to'),
    );
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('from must not be after to');
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(within(filters).getByLabelText('From')).toHaveAccessibleDescription(
      'From: from must not be after to',
    );
    expect(screen.getAllByText(/from must not be after to/)).toHaveLength(1);
  });

  it('says in place when the search fails, and tries again', async () => {
    const { user } = search(
      '/search?q=beach',
      apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
      jsonResponse(200, { albums: [], photos: [photo('p1')], nextCursor: null }),
    );
    expect(await screen.findByText('The search could not be done.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Photos' })).toBeVisible();
  });
});
