import type { Album, Photo } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { testClientConfig } from '../../../test/tus';

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

const photo = (id: string, overrides: Partial<Photo> = {}) =>
  makePhoto({ id, fileId: `file-${id}`, favourite: false, archived: false, ...overrides });

/** Ann's album of two photos (p2 Cy's), its viewer open on `shown`, Trash keeping `days` days. */
function openViewer({ userId = 'owner', shown = 'p1', days = 30, role = 'contributor' } = {}) {
  signInAs(userId);
  const network = fakeNetwork()
    .on('GET /api/client-config', jsonResponse(200, { ...testClientConfig(), trash: { days } }))
    .on(
      'GET /api/albums/find',
      jsonResponse(200, userId === 'owner' ? album : { ...album, myRole: role }),
    )
    .on(
      'GET /api/albumsDb/a1/photos',
      jsonResponse(200, [photo('p1'), photo('p2', { createdById: 'cy', createdBy: 'Cy' })]),
    );
  return { ...renderApp(`/album/a1?photo=${shown}`), network };
}

// jsdom lays nothing out: the photo grid is given a desktop's width to lay its rows in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe('the viewer: Delete', { timeout: 20_000 }, () => {
  it('moves the photo to Trash after asking, shows the next one, and Undo brings it back', async () => {
    const { user, network, router } = openViewer();
    network
      .on('DELETE /api/photos/p1', jsonResponse(204, undefined))
      .on(
        'POST /api/trash/restore',
        jsonResponse(200, { count: 1, elsewhere: { photoIds: [], album: null } }),
      );
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 photo to Trash?' });
    expect(dialog).toHaveTextContent(
      'It leaves every album now and is deleted for good after 30 days. Until then you can restore it from Trash',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(network.sent('DELETE /api/photos/p1')).toHaveLength(1));
    // The viewer goes on to the next photo; the app says what happened, with Undo.
    await waitFor(() => expect(router.state.location.search).toBe('?photo=p2'));
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeVisible();
    expect(await screen.findByText('1 photo moved to Trash')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(1));
    expect(network.sent('POST /api/trash/restore')[0]!.body).toEqual({ photoIds: ['p1'] });
  });

  it('shows the photo that takes the place of one that leaves the album while shown', async () => {
    const { network, router, queryClient } = openViewer({ shown: 'p1' });
    await screen.findByRole('dialog', { name: 'Photo viewer' });
    // Deleted elsewhere: the album, read again, no longer has it, and the address still names it.
    network.on(
      'GET /api/albumsDb/a1/photos',
      jsonResponse(200, [photo('p2', { createdById: 'cy', createdBy: 'Cy' })]),
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(router.state.location.search).toBe('?photo=p2'));
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeVisible();
  });

  it('asks with the final wording when the server keeps no Trash, and closes after the last photo', async () => {
    const { user, network, router } = openViewer({ shown: 'p2', days: 0 });
    network.on('DELETE /api/photos/p2', jsonResponse(204, undefined));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 photo?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(network.sent('DELETE /api/photos/p2')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).toBeNull();
    expect(screen.queryByText(/moved to Trash/)).toBeNull();
  });

  it('asks on the Delete key, and Cancel keeps the photo', async () => {
    const { user, network } = openViewer();
    await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 photo to Trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move 1 photo to Trash?' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeVisible();
    expect(network.sent('DELETE /api/photos/p1')).toHaveLength(0);
  });

  it("offers a contributor Delete for their own photos only, not for someone else's", async () => {
    openViewer({ userId: 'cy', shown: 'p1' });
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await within(viewer).findByRole('button', { name: 'Favourite' });
    expect(within(viewer).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('the viewer: Archive', { timeout: 20_000 }, () => {
  it('archives the photo shown, which stays in the album, and offers Unarchive then', async () => {
    const { user, network } = openViewer();
    network
      .on('POST /api/archive', jsonResponse(200, { count: 1 }))
      .on('POST /api/archive/restore', jsonResponse(200, { count: 1 }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Archive' }));
    expect(network.sent('POST /api/archive')[0]!.body).toEqual({ photoIds: ['p1'] });
    await user.click(await within(viewer).findByRole('button', { name: 'Unarchive' }));
    expect(network.sent('POST /api/archive/restore')[0]!.body).toEqual({ photoIds: ['p1'] });
    expect(await within(viewer).findByRole('button', { name: 'Archive' })).toBeVisible();
  });

  it("offers no Archive for someone else's photo", async () => {
    openViewer({ shown: 'p2' });
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await within(viewer).findByRole('button', { name: 'Delete' });
    expect(within(viewer).queryByRole('button', { name: /Archive/ })).toBeNull();
  });
});
