import type { TrashPage, TrashPhoto } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const DAY = 24 * 60 * 60 * 1000;
const ann = { id: 'ann', name: 'Ann' };
const bob = { id: 'bob', name: 'Bob' };

/** A photo of Ann's Trash, deleted `ago` days since, purged 30 days after that. */
function trashed(id: string, overrides: Partial<TrashPhoto> = {}, ago = 2): TrashPhoto {
  const at = Date.now() - ago * DAY;
  return {
    id,
    album: { id: 'a1', name: 'Garden', trashed: false },
    photoUrl: `/api/files/show/f-${id}?exp=1&sig=s`,
    placeholder: null,
    width: 1200,
    height: 800,
    kind: 'photo',
    video: null,
    thumbReady: true,
    createdBy: ann,
    heldBy: ann,
    mine: true,
    trashedAt: new Date(at).toISOString(),
    purgeAt: new Date(at + 30 * DAY).toISOString(),
    ...overrides,
  };
}

const page = (photos: TrashPhoto[], total = photos.filter((p) => p.mine).length): TrashPage => ({
  photos,
  albums: [],
  nextCursor: null,
  total,
  days: 30,
});

function openTrash(photos: TrashPhoto[]) {
  signInAs('ann');
  const network = fakeNetwork().on('GET /api/trash', jsonResponse(200, page(photos)));
  return { ...renderApp('/trash'), network };
}

const holiday = { id: 'a2', name: 'Holiday', trashed: true };

describe('the Trash page', () => {
  it('lists deleted photos by album with their days left, and others’ Trash apart, read-only', async () => {
    openTrash([
      trashed('p1'),
      trashed('p2', { album: holiday }, 10),
      trashed('p3', {
        mine: false,
        heldBy: bob,
        album: { id: 'a9', name: 'Bob’s trip', trashed: false },
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const garden = await screen.findByRole('region', { name: 'Garden' });
    expect(screen.getByText(/stay here for 30 days, then they are deleted for good/)).toBeVisible();
    expect(within(garden).getByText('28 days left')).toBeVisible();
    expect(
      within(garden).getByRole('button', { name: /^Photo by Ann, deleted .*, 28 days left$/ }),
    ).toBeVisible();
    expect(within(garden).queryByRole('button', { name: 'Restore album' })).toBeNull();

    const deletedAlbum = screen.getByRole('region', { name: 'Holiday' });
    expect(within(deletedAlbum).getByText(/Album deleted too/)).toBeVisible();
    expect(within(deletedAlbum).getByText('20 days left')).toBeVisible();
    expect(within(deletedAlbum).getByRole('button', { name: 'Restore album' })).toBeVisible();

    const elsewhere = screen.getByRole('region', { name: 'Your photos in other people’s Trash' });
    expect(within(elsewhere).getByRole('heading', { name: 'In Bob’s Trash' })).toBeVisible();
    expect(within(elsewhere).getByText(/Only they can restore them/)).toBeVisible();
    // Shown, not chosen: nothing in it can be selected, restored or deleted.
    expect(within(elsewhere).queryAllByRole('button')).toEqual([]);
  });

  it('restores a selection and says where photos went when their album no longer takes them', async () => {
    const { user, network } = openTrash([trashed('p1'), trashed('p2')]);
    network.on(
      'POST /api/trash/restore',
      jsonResponse(200, {
        count: 2,
        elsewhere: { photoIds: ['p2'], album: { id: 'mine1', name: 'Restored photos' } },
      }),
    );
    const garden = await screen.findByRole('region', { name: 'Garden' });
    const [first, second] = within(garden).getAllByRole('button', {
      name: /^Select: Photo by Ann/,
    });
    await user.click(first!);
    // Once anything is selected, a click on a tile toggles it.
    await user.click(
      within(garden).getAllByRole('button', { name: /^Photo by Ann/, pressed: false })[0]!,
    );
    expect(second).not.toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Selected photos' });
    expect(within(bar).getByText('2 selected')).toBeVisible();

    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(1));
    expect(network.sent('POST /api/trash/restore')[0]!.body).toEqual({ photoIds: ['p1', 'p2'] });
    const notice = await screen.findByText(/2 photos restored\./);
    expect(notice).toHaveTextContent(
      '2 photos restored. 1 is in your album Restored photos instead: you can no longer add to the album it came from.',
    );
    expect(within(notice).getByRole('link', { name: 'Restored photos' })).toHaveAttribute(
      'href',
      '/album/mine1',
    );
    expect(screen.queryByRole('toolbar', { name: 'Selected photos' })).toBeNull();
  });

  it('restores an album deleted with its photos, and all of the Trash', async () => {
    const { user, network } = openTrash([trashed('p1'), trashed('p2', { album: holiday })]);
    network.on(
      'POST /api/trash/restore',
      jsonResponse(200, { count: 1, elsewhere: { photoIds: [], album: null } }),
    );
    const region = await screen.findByRole('region', { name: 'Holiday' });
    await user.click(within(region).getByRole('button', { name: 'Restore album' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(1));
    expect(network.sent('POST /api/trash/restore')[0]!.body).toEqual({ albumIds: ['a2'] });
    expect(await screen.findByText('1 photo restored.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Restore all' }));
    await waitFor(() => expect(network.sent('POST /api/trash/restore')).toHaveLength(2));
    expect(network.sent('POST /api/trash/restore')[1]!.body).toEqual({ all: true });
  });

  it('deletes a selection for good, and empties the Trash, each after asking', async () => {
    const { user, network } = openTrash([trashed('p1'), trashed('p2')]);
    network.on(
      'POST /api/trash/delete',
      jsonResponse(200, { count: 1 }),
      jsonResponse(200, { count: 1 }),
    );
    const garden = await screen.findByRole('region', { name: 'Garden' });
    await user.click(within(garden).getAllByRole('button', { name: /^Select: / })[1]!);
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete 1 photo for good?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(network.sent('POST /api/trash/delete')).toHaveLength(1));
    expect(network.sent('POST /api/trash/delete')[0]!.body).toEqual({ photoIds: ['p2'] });
    expect(await screen.findByText('1 photo deleted for good')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Empty Trash' }));
    dialog = await screen.findByRole('dialog', { name: 'Empty the Trash?' });
    expect(dialog).toHaveTextContent('All 2 photos in your Trash are deleted for good');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.sent('POST /api/trash/delete')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Empty Trash' }));
    dialog = await screen.findByRole('dialog', { name: 'Empty the Trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Empty Trash' }));
    await waitFor(() => expect(network.sent('POST /api/trash/delete')).toHaveLength(2));
    expect(network.sent('POST /api/trash/delete')[1]!.body).toEqual({ all: true });
  });

  it('says what an empty Trash is for, with one way on: back to the photos', async () => {
    openTrash([]);
    expect(await screen.findByText('Trash is empty')).toBeVisible();
    expect(screen.getByText(/wait here for 30 days, so you can bring them back/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your photos' })).toHaveAttribute(
      'href',
      '/photos',
    );
    expect(screen.queryByRole('button', { name: 'Empty Trash' })).toBeNull();
  });

  it('is in the account menu', async () => {
    signInAs('ann');
    fakeNetwork().on('GET /api/trash', jsonResponse(200, page([])));
    const { user, router } = renderApp('/activity');
    await user.click(await screen.findByRole('button', { name: /toggle navigation/i }));
    await user.click(await screen.findByRole('link', { name: 'Trash' }));
    expect(router.state.location.pathname).toBe('/trash');
    expect(await screen.findByText('Trash is empty')).toBeVisible();
  });
});
