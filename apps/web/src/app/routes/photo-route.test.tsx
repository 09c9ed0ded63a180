import type { Photo } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../test/builders';
import { apiError, fakeNetwork, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render';
import { signInAs } from '../../test/session';

const photo = makePhoto({
  dateTaken: '2021-11-30T18:45:00Z',
  cameraMake: 'Canon',
  cameraModel: 'Canon EOS R6',
  fileSize: 2_400_000,
});

function openPhoto(userId: string) {
  signInAs(userId);
  const network = fakeNetwork()
    .on('GET /api/photos/p1', jsonResponse(200, photo))
    .on('GET /api/photos/p1/comments', jsonResponse(200, []))
    .on(
      'GET /api/albums/find',
      jsonResponse(200, { id: 'a1', name: 'Garden', createdById: 'owner' }),
    );
  return { ...renderApp('/photo/p1'), network };
}

describe('photo page', () => {
  it('shows the photo 450 px wide with its id, date taken, camera and a link to the original with its size', async () => {
    openPhoto('visitor');
    expect(await screen.findByText('p1')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Photo', level: 1 })).toBeVisible();
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('src', '/api/files/show/f1?size=preview');
    expect(image).toHaveAttribute('width', '450');
    expect(image).toHaveAttribute('height', '338');
    expect(image).toHaveClass('app-photo');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent(/Taken \w{3}, Nov 30, 2021/);
    expect(within(details).getByText('Canon EOS R6')).toBeVisible();
    expect(screen.getByRole('link', { name: /Open the original/ })).toHaveAttribute(
      'href',
      '/api/files/show/f1',
    );
    expect(details).toHaveTextContent('1600 × 1200 pixels · 2.4 MB');
  });

  it('makes the photo the profile picture and says so', async () => {
    const { user, network } = openPhoto('visitor');
    network.on('PUT /api/users/me/profilePhoto', jsonResponse(200, { id: 'visitor' }));
    await user.click(await screen.findByRole('button', { name: 'Make this' }));
    await user.click(await screen.findByRole('button', { name: 'Profile Photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/now your profile photo/);
    expect(network.sent('PUT /api/users/me/profilePhoto')[0]!.body).toBe(
      'profilePicUrl=%2Fapi%2Ffiles%2Fshow%2Ff1',
    );
  });

  it("makes the photo its album's cover, then opens albums/{id}", async () => {
    const { user, network, router } = openPhoto('owner');
    network
      .on('PUT /api/albums', jsonResponse(200, { id: 'a1', name: 'Garden', createdById: 'owner' }))
      .on('GET /api/albumsDb/a1/photos', jsonResponse(200, []));
    await user.click(await screen.findByRole('button', { name: 'Make this' }));
    const albumCover = await screen.findByRole('button', { name: 'Album Cover' });
    await waitFor(() => expect(albumCover).toBeEnabled());
    await user.click(albumCover);
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/a1'));
    expect(network.sent('PUT /api/albums')[0]!.body).toEqual({
      id: 'a1',
      coverPhotoUrl: '/api/files/show/f1',
    });
  });

  it("disables Album Cover for someone else's album and says why", async () => {
    const { user } = openPhoto('visitor');
    await user.click(await screen.findByRole('button', { name: 'Make this' }));
    await waitFor(() =>
      expect(screen.getByText("Only the album's owner can change its cover")).toBeVisible(),
    );
    // aria-disabled: it stays focusable, so its reason can be read.
    expect(screen.getByRole('button', { name: 'Album Cover' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Profile Photo' })).toBeEnabled();
  });
});

describe('rotating a photo', () => {
  it('offers Rotate left and Rotate right to the person who added the photo, and shows the turned picture', async () => {
    const { user, network } = openPhoto('owner');
    const turned: Photo = {
      ...photo,
      photoUrl: '/api/files/show/f1?v=1',
      width: 1200,
      height: 1600,
      rotation: 90,
    };
    network
      .on('PUT /api/photos/p1/rotation', jsonResponse(200, turned))
      .on('GET /api/albumsDb/a1/photos', jsonResponse(200, []));
    expect(await screen.findByRole('button', { name: 'Rotate left' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() =>
      expect(screen.getByRole('img')).toHaveAttribute('src', '/api/files/show/f1?v=1&size=preview'),
    );
    expect(screen.getByRole('img')).toHaveAttribute('width', '450');
    expect(screen.getByRole('img')).toHaveAttribute('height', '600');
    expect(network.sent('PUT /api/photos/p1/rotation')).toHaveLength(1);
    expect(network.sent('PUT /api/photos/p1/rotation')[0]!.body).toEqual({ direction: 'right' });
  });

  it('says once, beside the buttons, that a turn failed: not in the notification area too', async () => {
    const { user, network } = openPhoto('owner');
    network.on(
      'PUT /api/photos/p1/rotation',
      apiError(500, 'INTERNAL', 'Something went wrong on the server.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Rotate right' }));
    expect(await screen.findByText(/The photo could not be rotated/)).toBeVisible();
    const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
    expect(within(notifications).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    expect(screen.getAllByText(/Something went wrong on the server/)).toHaveLength(1);
  });

  it('shows no rotation buttons to anyone else, the album owner included', async () => {
    for (const userId of ['visitor', 'owner']) {
      const adder = userId === 'owner' ? 'someone-else' : 'owner';
      signInAs(userId);
      const network = fakeNetwork()
        .on('GET /api/photos/p1', jsonResponse(200, { ...photo, createdById: adder }))
        .on('GET /api/photos/p1/comments', jsonResponse(200, []))
        .on(
          'GET /api/albums/find',
          jsonResponse(200, { id: 'a1', name: 'Garden', createdById: 'owner' }),
        );
      const { unmount } = renderApp('/photo/p1');
      expect(await screen.findByText('p1')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Make this' })).toBeVisible();
      expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
      expect(network.sent('PUT /api/photos/p1/rotation')).toHaveLength(0);
      unmount();
    }
  });
});

describe('a deleted photo', () => {
  it('says once that it does not exist: on the page, not in the notification area too', async () => {
    signInAs('visitor');
    fakeNetwork().on(
      'GET /api/photos/p1',
      apiError(404, 'PHOTO_NOT_FOUND', 'The photo was not found.'),
    );
    renderApp('/photo/p1');
    expect(
      await screen.findByRole('heading', { name: 'This photo does not exist.' }),
    ).toBeVisible();
    const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
    expect(within(notifications).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('The photo was not found.')).toBeNull();
  });
});

describe('photo page: save to my library', () => {
  const album = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    coverPhotoUrl: `/api/files/show/cover-${id}`,
    coverPlaceholder: null,
    coverReady: true,
    createdBy: 'Vi',
    createdById: 'visitor',
    dateCreated: '2026-11-01T10:00:00Z',
    photoCount: 3,
    firstPhotoDate: null,
    lastPhotoDate: null,
    ...extra,
  });

  it('saves a photo of an album not theirs to an album they pick, then links to it', async () => {
    const { user, network } = openPhoto('visitor');
    network
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, [album('m1', 'My keepsakes')]))
      .on(
        'GET /api/albumsDb?shared=true',
        jsonResponse(200, [
          album('a1', 'Garden', { createdById: 'owner', createdBy: 'Olga', myRole: 'viewer' }),
        ]),
      )
      .on(
        'POST /api/photos/p1/save',
        jsonResponse(201, { ...photo, id: 'p9', albumId: 'm1', createdById: 'visitor' }),
      );
    await user.click(await screen.findByRole('button', { name: 'Save to my library' }));
    const dialog = await screen.findByRole('dialog', { name: /Save to my library/ });
    await within(dialog).findByRole('button', { name: /My keepsakes/ });
    // Only albums one may add to: not the shared album one only looks at.
    expect(within(dialog).queryByRole('button', { name: /Garden/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /My keepsakes/ }));

    const notice = await screen.findByText(/Saved to/);
    expect(notice).toHaveTextContent('Saved to My keepsakes');
    expect(within(notice).getByRole('link', { name: 'My keepsakes' })).toHaveAttribute(
      'href',
      '/album/m1',
    );
    expect(network.sent('POST /api/photos/p1/save')[0]!.body).toEqual({ albumId: 'm1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why when saving fails, and keeps the picker open', async () => {
    const { user, network } = openPhoto('visitor');
    network
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, [album('m1', 'My keepsakes')]))
      .on('GET /api/albumsDb?shared=true', jsonResponse(200, []))
      .on('POST /api/photos/p1/save', apiError(404, 'PHOTO_NOT_FOUND', 'The photo was not found.'));
    await user.click(await screen.findByRole('button', { name: 'Save to my library' }));
    const dialog = await screen.findByRole('dialog', { name: /Save to my library/ });
    await user.click(await within(dialog).findByRole('button', { name: /My keepsakes/ }));
    expect(
      await screen.findByText('The photo could not be saved. The photo was not found.'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: /Save to my library/ })).toBeVisible();
  });

  it("offers no saving to the album's owner", async () => {
    const { user } = openPhoto('owner');
    await user.click(await screen.findByRole('button', { name: 'Make this' }));
    // The album is known (its owner may make the cover): saving is not offered.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Album Cover' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Save to my library' })).toBeNull();
  });
});

describe('photo page: the heart', () => {
  it("toggles the signed-in person's favourite, and shows it at once", async () => {
    signInAs('visitor');
    const network = fakeNetwork()
      .on('GET /api/photos/p1', jsonResponse(200, { ...photo, favourite: false }))
      .on('GET /api/photos/p1/comments', jsonResponse(200, []))
      .on('GET /api/albums/find', jsonResponse(200, { id: 'a1', name: 'Garden' }))
      .on('POST /api/favourites', jsonResponse(200, { count: 1 }));
    const { user } = renderApp('/photo/p1');
    const heart = await screen.findByRole('button', { name: 'Favourite' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(network.sent('POST /api/favourites')[0]!.body).toEqual({ photoIds: ['p1'] });
  });

  it('shows no heart where the answer carries none', async () => {
    openPhoto('visitor');
    expect(await screen.findByText('p1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Favourite' })).toBeNull();
  });
});
