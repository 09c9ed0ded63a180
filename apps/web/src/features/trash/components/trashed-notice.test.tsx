import type { Album } from '@photo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { testClientConfig } from '../../../test/tus';
import { TRASHED_NOTICE_MS } from './trashed-notice';

const album: Album = {
  id: 'a1',
  name: 'Garden',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 2,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

/** Ann's album of two photos, on a server whose Trash keeps things `days` days. */
function openAlbum(days: number) {
  signInAs('owner');
  const network = fakeNetwork()
    .on('GET /api/client-config', jsonResponse(200, { ...testClientConfig(), trash: { days } }))
    .on('GET /api/albums/find', jsonResponse(200, album))
    .on(
      'GET /api/albumsDb/a1/photos',
      jsonResponse(200, [makePhoto({ id: 'p1' }), makePhoto({ id: 'p2', fileId: 'f2' })]),
    )
    .on('GET /api/albumsDb?mine=true', jsonResponse(200, [album]));
  return { ...renderApp('/album/a1'), network };
}

const photoCards = () =>
  within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');

// jsdom lays nothing out: the photo grid is given a desktop's width to lay its rows in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('moved to Trash · Undo', () => {
  it('says a selection goes to Trash, then Undo brings it back after the page has changed', async () => {
    const { user, network } = openAlbum(30);
    network
      .on('POST /api/photos/bulk-delete', jsonResponse(200, { count: 2 }))
      .on(
        'POST /api/trash/restore',
        jsonResponse(200, { count: 2, elsewhere: { photoIds: [], album: null } }),
      );
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    await user.click(within(photoCards()[0]!).getByRole('button', { name: /^Select: / }));
    // Once one is selected, a click on a tile selects it.
    await user.click(within(photoCards()[1]!).getByRole('button', { pressed: false }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 photos to Trash?' });
    expect(dialog).toHaveTextContent(
      'They leave every album now and are deleted for good after 30 days. Until then you can restore them from Trash',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.sent('POST /api/photos/bulk-delete')[0]!.body).toEqual({
      photoIds: ['p1', 'p2'],
    });
    expect(await screen.findByText('2 photos moved to Trash')).toBeVisible();

    // Elsewhere in the app, the notice is still there, and still undoes.
    await user.click(screen.getAllByRole('link', { name: 'Albums' })[0]!);
    expect(await screen.findByRole('heading', { name: 'My Albums' })).toBeVisible();
    const mineReads = network.sent('GET /api/albumsDb?mine=true').length;
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(1));
    expect(network.sent('POST /api/trash/restore')[0]!.body).toEqual({ photoIds: ['p1', 'p2'] });
    await waitFor(() => expect(screen.queryByText('2 photos moved to Trash')).toBeNull());
    // What is shown is read again.
    await waitFor(() =>
      expect(network.sent('GET /api/albumsDb?mine=true').length).toBeGreaterThan(mineReads),
    );
  });

  it('says an album went to Trash, and the notice goes by itself after a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { user, network, router } = openAlbum(7);
    network.on('DELETE /api/albumsDb/a1', new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Delete album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this album to Trash?' });
    expect(dialog).toHaveTextContent('“Garden” and its photos are deleted for good after 7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/me'));
    const notice = await screen.findByText('Album “Garden” moved to Trash');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeVisible();
    expect(notice).toBeVisible();

    act(() => void vi.advanceTimersByTime(TRASHED_NOTICE_MS - 1000));
    expect(screen.getByText('Album “Garden” moved to Trash')).toBeVisible();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Album “Garden” moved to Trash')).toBeNull();
    expect(network.sent('POST /api/trash/restore')).toHaveLength(0);
  });

  it('Undo of an album asks for the album back', async () => {
    const { user, network } = openAlbum(30);
    network
      .on('DELETE /api/albumsDb/a1', new Response(null, { status: 204 }))
      .on(
        'POST /api/trash/restore',
        jsonResponse(200, { count: 2, elsewhere: { photoIds: [], album: null } }),
      );
    await user.click(await screen.findByRole('button', { name: 'Delete album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this album to Trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(1));
    expect(network.sent('POST /api/trash/restore')[0]!.body).toEqual({ albumIds: ['a1'] });
  });

  it('with Trash off, says deleting is final and offers no Undo', async () => {
    const { user, network } = openAlbum(0);
    network.on('DELETE /api/photos/p1', new Response(null, { status: 204 }));
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    await user.click(within(photoCards()[0]!).getByRole('link', { name: /View larger/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 photo?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(network.sent('DELETE /api/photos/p1')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete 1 photo?' })).toBeNull(),
    );
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByText(/moved to Trash/)).toBeNull();
  });
});
