import type { TimelinePhoto } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo = (id: string, date: string, favourite = false): TimelinePhoto => ({
  id,
  albumId: 'a1',
  photoUrl: `/api/files/show/${id}`,
  placeholder: null,
  ready: true,
  width: 800,
  height: 600,
  date,
  createdById: 'u1',
  kind: 'photo',
  video: null,
  favourite,
});

const june = [photo('p1', '2024-06-20T10:00:00Z'), photo('p2', '2024-06-19T10:00:00Z', true)];

function photos() {
  return fakeNetwork()
    .on(
      'GET /api/timeline/months',
      jsonResponse(200, { months: [{ month: '2024-06', count: 2 }], total: 2 }),
    )
    .on(
      'GET /api/timeline?month=2024-06&limit=500',
      jsonResponse(200, { photos: june, nextCursor: null }),
    );
}

const tileOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('[role="listitem"]') as HTMLElement;

describe('the heart on a tile', () => {
  it('shows whether the photo is a favourite, and toggles it by its file without opening it', async () => {
    signInAs('u1');
    const network = photos()
      .on('POST /api/favourites', jsonResponse(200, { count: 1 }))
      .on('POST /api/favourites/remove', jsonResponse(200, { count: 1 }));
    renderApp('/photos');
    const first = within(await tileOf('Photo of June 20, 2024')).getByRole('button', {
      name: 'Favourite',
    });
    const second = within(await tileOf('Photo of June 19, 2024')).getByRole('button', {
      name: 'Favourite',
    });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(second).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(network.sent('POST /api/favourites')).toHaveLength(1));
    expect(network.sent('POST /api/favourites')[0]!.body).toEqual({ photoIds: ['p1'] });
    // The click marked it; it did not open the photo.
    expect(window.location.search).toBe('');

    await userEvent.click(second);
    await waitFor(() => expect(network.sent('POST /api/favourites/remove')).toHaveLength(1));
    expect(second).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the heart back when the server refuses (and keeps no heart of another person)', async () => {
    // Another person in the same tab: the hearts changed before are not theirs.
    signInAs('u2');
    photos().on(
      'POST /api/favourites',
      apiError(404, 'PHOTO_NOT_FOUND', 'The photo was not found.'),
    );
    renderApp('/photos');
    const heart = within(await tileOf('Photo of June 20, 2024')).getByRole('button', {
      name: 'Favourite',
    });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });
});

describe('the selection bar in Photos', () => {
  it('offers what applies: Remove from favourites when all are, Archive for one’s own only', async () => {
    signInAs('u1');
    const theirs = { ...photo('p3', '2024-06-18T10:00:00Z'), createdById: 'u7' };
    const network = fakeNetwork()
      .on(
        'GET /api/timeline/months',
        jsonResponse(200, { months: [{ month: '2024-06', count: 3 }], total: 3 }),
      )
      .on(
        'GET /api/timeline?month=2024-06&limit=500',
        jsonResponse(200, { photos: [...june, theirs], nextCursor: null }),
      )
      .on('POST /api/archive', jsonResponse(200, { count: 1 }));
    renderApp('/photos');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Select: Photo of June 19, 2024' }),
    );
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    expect(within(bar).getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Archive' })).toBeVisible();

    // Someone else's photo too: Favourite (not all are), and no Archive.
    await userEvent.click(screen.getByRole('button', { name: 'Photo of June 18, 2024' }));
    expect(within(bar).getByRole('button', { name: 'Favourite' })).toBeVisible();
    expect(within(bar).queryByRole('button', { name: 'Archive' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Photo of June 18, 2024' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(network.sent('POST /api/archive')).toHaveLength(1));
    expect(network.sent('POST /api/archive')[0]!.body).toEqual({ photoIds: ['p2'] });
    expect(await screen.findByText('1 photo archived')).toBeVisible();
  });
});

describe('Favourites', () => {
  it("lists the person's favourites in the grid of Photos, with the filter on", async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on(
        'GET /api/timeline/months?favourites=true',
        jsonResponse(200, { months: [{ month: '2024-06', count: 1 }], total: 1 }),
      )
      .on(
        'GET /api/timeline?month=2024-06&limit=500&favourites=true',
        jsonResponse(200, { photos: [june[1]], nextCursor: null }),
      );
    renderApp('/favourites');
    expect(await screen.findByRole('heading', { name: 'Favourites', level: 1 })).toBeVisible();
    expect(await tileOf('Photo of June 19, 2024')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Favourites', pressed: true })).toHaveAttribute(
      'href',
      '/photos',
    );
    expect(network.sent('GET /api/timeline/months')).toHaveLength(1);
  });

  it('says what it is for when empty, with one way on', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/timeline/months', jsonResponse(200, { months: [], total: 0 }));
    renderApp('/favourites');
    expect(await screen.findByText('No favourites yet')).toBeVisible();
    expect(screen.getByText(/Tap the heart on a photo/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Photos' })).toHaveAttribute('href', '/photos');
  });
});

describe('Archive', () => {
  it('lists the archived photos and unarchives the selected ones', async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on(
        'GET /api/archive',
        jsonResponse(200, { photos: [photo('p9', '2023-01-02T10:00:00Z')], nextCursor: null }),
        jsonResponse(200, { photos: [], nextCursor: null }),
      )
      .on('POST /api/archive/restore', jsonResponse(200, { count: 1 }));
    renderApp('/archive');
    expect(await screen.findByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Archive' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Select: Photo of January 2, 2023' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    // Every photo here is archived and one's own: the bar offers Unarchive, not Archive.
    expect(within(bar).queryByRole('button', { name: 'Archive' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(network.sent('POST /api/archive/restore')).toHaveLength(1));
    expect(network.sent('POST /api/archive/restore')[0]!.body).toEqual({ photoIds: ['p9'] });
    expect(await screen.findByText('1 photo back in Photos')).toBeVisible();
    expect(await screen.findByText('Nothing archived')).toBeVisible();
  });

  it('says what it is for when empty, with one way on', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/archive', jsonResponse(200, { photos: [], nextCursor: null }));
    renderApp('/archive');
    expect(await screen.findByText('Nothing archived')).toBeVisible();
    expect(screen.getByText(/select them in Photos and choose Archive/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Photos' })).toHaveAttribute('href', '/photos');
  });
});
