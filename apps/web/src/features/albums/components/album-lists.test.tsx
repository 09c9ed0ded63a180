import type { Album } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album = (id: string, name: string): Album => ({
  id,
  name,
  coverPhotoUrl: `/api/files/show/cover-${id}`,
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'u1',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
});

describe('Recent Albums', () => {
  it('shows each album as a card with its cover, name and "Go to Album"', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, [album('a1', 'Holidays')]));
    renderApp('/albums/recent');
    expect(await screen.findByRole('heading', { name: 'Recent Albums', level: 1 })).toBeVisible();
    const card = (await screen.findByRole('heading', { name: 'Holidays' })).closest('li')!;
    expect(within(card).getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/show/cover-a1?size=card',
    );
    expect(within(card).getByRole('link', { name: /Go to Album/ })).toHaveAttribute(
      'href',
      '/album/a1',
    );
  });

  it('says under the name how many photos the album holds and when they are from, and whose it is', async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albumsDb',
      jsonResponse(200, [
        {
          ...album('a1', 'Holidays'),
          photoCount: 12,
          firstPhotoDate: '2024-03-03T10:00:00Z',
          lastPhotoDate: '2024-06-20T10:00:00Z',
        },
        { ...album('a2', 'Empty'), photoCount: 0, firstPhotoDate: null, lastPhotoDate: null },
        album('a3', 'One'),
      ]),
    );
    renderApp('/albums/recent');
    const cardOf = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('li')!;
    const line = (card: HTMLElement) =>
      within(card)
        .getAllByText(/photo/)[0]!
        .textContent.replace(/[\u2009\u202f]/g, ' ');
    // The reader's own form of the dates: the tests run in American English.
    expect(line(await cardOf('Holidays'))).toBe('12 photos · Mar – Jun 2024');
    expect(line(await cardOf('Empty'))).toBe('No photos yet');
    expect(line(await cardOf('One'))).toBe('1 photo · Nov 1, 2026');
    expect(within(await cardOf('Holidays')).getByText('by Ann')).toBeVisible();
  });

  it('shows a spinner with a label while loading', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb', () => new Promise<Response>(() => {}));
    renderApp('/albums/recent');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading albums…');
  });
});

describe('My Albums', () => {
  it("lists the user's own albums, with a Create Album button", async () => {
    signInAs('u1');
    const network = fakeNetwork().on(
      'GET /api/albumsDb?mine=true',
      jsonResponse(200, [album('a1', 'Mine')]),
    );
    renderApp('/albums/me');
    expect(await screen.findByRole('heading', { name: 'Mine' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Album' })).toHaveAttribute('href', '/create');
    expect(network.sent('GET /api/albumsDb?mine=true')).toHaveLength(1);
  });

  it('says "All my albums will be listed here!" when there are none', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/albumsDb?mine=true', jsonResponse(200, []));
    renderApp('/albums/me');
    await waitFor(() =>
      expect(screen.getByText('All my albums will be listed here!')).toBeVisible(),
    );
  });
});

describe('New album', () => {
  it('makes an album with a name only from My Albums, and opens it', async () => {
    signInAs('u1');
    const made: Album = {
      ...album('a7', 'Garden'),
      coverPhotoUrl: '',
      coverReady: false,
      photoCount: 0,
      firstPhotoDate: null,
      lastPhotoDate: null,
    };
    const network = fakeNetwork()
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, []))
      .on('POST /api/albums', jsonResponse(201, made))
      .on('GET /api/albums/find', jsonResponse(200, made))
      .on('GET /api/albumsDb/a7/photos', jsonResponse(200, []));
    const user = userEvent.setup();
    renderApp('/albums/me');
    await user.click(await screen.findByRole('button', { name: 'New album' }));
    const dialog = await screen.findByRole('dialog', { name: 'New album' });
    await user.type(within(dialog).getByLabelText('Album name'), 'Garden');
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    expect(await screen.findByRole('heading', { name: 'Garden', level: 2 })).toBeVisible();
    expect(network.sent('POST /api/albums')[0]!.body).toEqual({ name: 'Garden' });
    // Its page says what to do next, with one action.
    expect(await screen.findByText('Add the first ones to this album.')).toBeVisible();
  });

  it('shows an album without photos as a card with a plain frame, not a broken picture', async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albumsDb',
      jsonResponse(200, [
        {
          ...album('a2', 'Empty'),
          coverPhotoUrl: '',
          coverReady: false,
          photoCount: 0,
          firstPhotoDate: null,
          lastPhotoDate: null,
        },
      ]),
    );
    renderApp('/albums/recent');
    const card = (await screen.findByRole('heading', { name: 'Empty' })).closest('li')!;
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByText('No photos yet')).toBeVisible();
  });

  it('does not ask again for an album that has no cover to wait for', async () => {
    signInAs('u1');
    const empty = { ...album('a2', 'Empty'), coverPhotoUrl: '', coverReady: false, photoCount: 0 };
    const network = fakeNetwork().on('GET /api/albumsDb', jsonResponse(200, [empty]));
    renderApp('/albums/recent');
    await screen.findByRole('heading', { name: 'Empty' });
    // Longer than the pause between two looks at a cover being made (2 s).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(network.sent('GET /api/albumsDb')).toHaveLength(1);
  });
});
