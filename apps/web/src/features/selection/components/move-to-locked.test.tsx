import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const photo = (id: string, createdById = 'u1') => ({
  id,
  albumId: 'a1',
  photoUrl: `/api/files/show/${id}`,
  placeholder: null,
  ready: true,
  width: 800,
  height: 600,
  date: '2024-06-20T10:00:00Z',
  createdById,
  kind: 'photo',
  video: null,
});

function photos() {
  return fakeNetwork()
    .on(
      'GET /api/timeline/months',
      jsonResponse(200, { months: [{ month: '2024-06', count: 2 }], total: 2 }),
    )
    .on(
      'GET /api/timeline?month=2024-06&limit=500',
      jsonResponse(200, { photos: [photo('p1'), photo('p2')], nextCursor: null }),
    );
}

describe('Move to locked place, in the selection bar', () => {
  it('moves the selected photos there and reads Photos again', async () => {
    signInAs('u1');
    const network = photos().on('POST /api/locked/photos', jsonResponse(200, { count: 1 }));
    const { user } = renderApp('/photos');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Select: / })).toHaveLength(2),
    );
    await user.click(screen.getAllByRole('button', { name: /^Select: / })[1]!);
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Move to locked place' }));
    expect(await screen.findByText('1 photo moved to the locked place')).toBeVisible();
    expect(network.sent('POST /api/locked/photos')[0]?.body).toEqual({ photoIds: ['p2'] });
    await waitFor(() => expect(network.sent('GET /api/timeline/months')).toHaveLength(2));
  });

  it("says why when a photo is not of the person's own uploads, and keeps the selection", async () => {
    signInAs('u1');
    photos().on(
      'POST /api/locked/photos',
      apiError(
        403,
        'NOT_OWNER',
        'The photo p1 is not of your own uploads: only those go to your locked place.',
      ),
    );
    const { user } = renderApp('/photos');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Select: / })).toHaveLength(2),
    );
    await user.click(screen.getAllByRole('button', { name: /^Select: / })[0]!);
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Move to locked place' }));
    expect(await screen.findByText(/not of your own uploads/)).toBeVisible();
    expect(within(bar).getByText('1 selected')).toBeVisible();
  });

  it('is not offered while a photo someone else added is among those chosen', async () => {
    signInAs('u1');
    fakeNetwork()
      .on(
        'GET /api/timeline/months',
        jsonResponse(200, { months: [{ month: '2024-06', count: 2 }], total: 2 }),
      )
      .on(
        'GET /api/timeline?month=2024-06&limit=500',
        jsonResponse(200, { photos: [photo('p1'), photo('p2', 'u2')], nextCursor: null }),
      );
    const { user } = renderApp('/photos');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Select: / })).toHaveLength(2),
    );
    await user.click(screen.getAllByRole('button', { name: /^Select: / })[0]!);
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    expect(within(bar).getByRole('button', { name: 'Move to locked place' })).toBeVisible();
    // With one chosen, a click on a tile chooses it too.
    await user.click(screen.getAllByRole('button', { name: 'Photo of June 20, 2024' })[1]!);
    await waitFor(() => expect(within(bar).getByText('2 selected')).toBeVisible());
    expect(within(bar).queryByRole('button', { name: 'Move to locked place' })).toBeNull();
  });
});
