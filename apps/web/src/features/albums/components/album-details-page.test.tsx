import type { Album, Photo } from '@photo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album: Album = {
  id: 'a1',
  name: 'Garden',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Ann',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

const photo = (id: string, overrides: Partial<Photo> = {}) =>
  makePhoto({
    id,
    fileId: `file-${id}`,
    photoUrl: `/api/files/show/file-${id}`,
    width: 1200,
    height: 800,
    ...overrides,
  });

function openAlbum(userId: string, path = '/album/a1') {
  signInAs(userId);
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, album))
    .on(
      'GET /api/albumsDb/a1/photos',
      jsonResponse(200, [photo('p1'), photo('p2')], {
        Link: '</api/albumsDb/a1/photos?cursor=next1>; rel="next"',
      }),
    )
    .on(
      'GET /api/albumsDb/a1/photos?cursor=next1',
      jsonResponse(200, [photo('p3', { createdBy: 'Cy' })]),
    );
  return { ...renderApp(path), network };
}

/**
 * An answer of 204 given once the album, asked for again while the request is on its way (a live
 * update does that), is refused, and the page shows so in place of its dialog.
 */
function doneOnceTheAlbumIsRefused(queryClient: () => QueryClient) {
  return async () => {
    await queryClient().refetchQueries({ type: 'active' });
    await screen.findByText('This album does not exist.');
    return new Response(null, { status: 204 });
  };
}

// jsdom lays nothing out: the photo grid is given a desktop's width to lay its rows in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

const photoCards = () =>
  within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');

describe('album details', () => {
  it('shows the photos as cards with their creator, a sized thumbnail and a link', async () => {
    openAlbum('visitor');
    expect(await screen.findByRole('heading', { name: 'Photos in this Album' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Garden' })).toBeVisible();
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    const card = photoCards()[0]!;
    expect(within(card).getByRole('heading', { name: 'Ann' })).toBeVisible();
    const image = within(card).getByRole('img');
    expect(image).toHaveAttribute('src', '/api/files/show/file-p1?size=thumb');
    expect(image.getAttribute('srcset')).toContain('/api/files/show/file-p1?size=preview 1600w');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAccessibleName(/Photo by Ann/);
    expect(within(card).getByRole('link', { name: 'Go to Photo' })).toHaveAttribute(
      'href',
      '/photo/p1',
    );
    // No notice at the bottom, nor its Dismiss, until an action on selected photos says something.
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('shows a photo still being made smaller as its placeholder, then the picture once it is ready', async () => {
    signInAs('visitor');
    fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, album))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [photo('p1', { ready: false })]),
        jsonResponse(200, [photo('p1', { ready: true })]),
      );
    renderApp('/album/a1');
    await waitFor(() => expect(photoCards()).toHaveLength(1));
    const pending = within(photoCards()[0]!).getByRole('img');
    // Nothing heavy is asked for: the original would stand in for the thumbnail.
    expect(pending.getAttribute('src')).toMatch(/^data:image\//);
    expect(pending).not.toHaveAttribute('srcset');
    expect(pending).toHaveAttribute('width', '600');
    // The list is asked for again, and the picture replaces the placeholder.
    await waitFor(
      () =>
        expect(within(photoCards()[0]!).getByRole('img')).toHaveAttribute(
          'src',
          '/api/files/show/file-p1?size=thumb',
        ),
      { timeout: 5000 },
    );
  });

  it('shows a photo by its thumbnail once that is made, and offers the larger sizes once it is ready', async () => {
    signInAs('visitor');
    const network = fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, album))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [photo('p1', { ready: false, thumbReady: true })]),
        jsonResponse(200, [photo('p1', { ready: true, thumbReady: true })]),
      );
    renderApp('/album/a1');
    await waitFor(() => expect(photoCards()).toHaveLength(1));
    const early = within(photoCards()[0]!).getByRole('img');
    expect(early).toHaveAttribute('src', '/api/files/show/file-p1?size=thumb');
    // The other sizes are still the original: none is offered yet.
    expect(early).not.toHaveAttribute('srcset');
    // The list is still asked for again until every size is made.
    await waitFor(
      () =>
        expect(within(photoCards()[0]!).getByRole('img').getAttribute('srcset')).toContain(
          '/api/files/show/file-p1?size=preview 1600w',
        ),
      { timeout: 5000 },
    );
    expect(network.sent('GET /api/albumsDb/a1/photos')).toHaveLength(2);
  });

  it('loads the next page along the Link header', async () => {
    const { user } = openAlbum('visitor');
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(photoCards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers no changes to someone who does not own the album', async () => {
    openAlbum('visitor', '/albums/a1');
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
    expect(screen.getByText("Only the album's owner can add photos to it.")).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rename album' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete album' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('lets the owner upload to this album, rename it and delete a photo after confirming', async () => {
    const { user, network } = openAlbum('owner');
    expect(await screen.findByRole('link', { name: 'Upload Photo' })).toHaveAttribute(
      'href',
      '/upload/a1',
    );

    network.on('PUT /api/albums', jsonResponse(200, { ...album, name: 'Back garden' }));
    await user.click(screen.getByRole('button', { name: 'Rename album' }));
    const field = await screen.findByLabelText('New album name');
    await user.clear(field);
    await user.type(field, 'Back garden');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Back garden' })).toBeVisible();
    expect(network.sent('PUT /api/albums')[0]!.body).toEqual({ id: 'a1', name: 'Back garden' });

    network.on('DELETE /api/photos/p1', new Response(null, { status: 204 }));
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    // A tile shows the photo alone: Delete is the viewer's (and the selection bar's).
    expect(within(photoCards()[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(photoCards()[0]!).getByRole('link', { name: /View larger/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    await user.click(await within(viewer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 photo?' });
    expect(network.sent('DELETE /api/photos/p1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(network.sent('DELETE /api/photos/p1')).toHaveLength(1));
  });

  it('deletes the album after confirming, then opens My Albums, even when the album answers 404 meanwhile', async () => {
    const { user, network, router, queryClient } = openAlbum('owner');
    network
      .on(
        'GET /api/albums/find',
        jsonResponse(200, album),
        apiError(404, 'ALBUM_NOT_FOUND', 'Album was not found.'),
      )
      .on(
        'DELETE /api/albumsDb/a1',
        doneOnceTheAlbumIsRefused(() => queryClient),
      )
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, []));
    await user.click(await screen.findByRole('button', { name: 'Delete album' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.sent('DELETE /api/albumsDb/a1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete album' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/me'));
    expect(network.sent('DELETE /api/albumsDb/a1')).toHaveLength(1);
  });

  it('lets a member leave after confirming, then opens the albums shared with them, even when the album is refused to them meanwhile', async () => {
    signInAs('mia');
    const shared: Album = { ...album, myRole: 'viewer' };
    const network = fakeNetwork()
      .on(
        'GET /api/albums/find',
        jsonResponse(200, shared),
        apiError(404, 'ALBUM_NOT_FOUND', 'Album was not found.'),
      )
      .on('GET /api/albumsDb/a1/photos', jsonResponse(200, [photo('p1')]))
      .on('GET /api/albumsDb?shared=true', jsonResponse(200, []))
      .on(
        'DELETE /api/albumsDb/a1/members/mia',
        doneOnceTheAlbumIsRefused(() => queryClient),
      );
    const { user, router, queryClient } = renderApp('/album/a1');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave album' }),
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/albums/me?tab=shared',
      ),
    );
    expect(network.sent('DELETE /api/albumsDb/a1/members/mia')).toHaveLength(1);
  });

  it("once a member has left, the activity badge no longer counts the album's entries", async () => {
    signInAs('mia');
    const shared: Album = { ...album, myRole: 'viewer' };
    fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, shared))
      .on('GET /api/albumsDb/a1/photos', jsonResponse(200, [photo('p1')]))
      .on('GET /api/albumsDb?shared=true', jsonResponse(200, []))
      // The invitation was unread; the server counts only albums its reader still sees.
      .on(
        'GET /api/activity/unread',
        jsonResponse(200, { count: 1, more: false }),
        jsonResponse(200, { count: 0, more: false }),
      )
      .on('DELETE /api/albumsDb/a1/members/mia', new Response(null, { status: 204 }));
    const { user } = renderApp('/album/a1');
    expect(await screen.findByRole('button', { name: 'Activity, 1 unread' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave album' }),
    );
    expect(await screen.findByRole('button', { name: 'Activity' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /unread/ })).toBeNull();
  });

  it('says when the album does not exist', async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albums/find',
      jsonResponse(404, { error: { code: 'ALBUM_NOT_FOUND', message: 'Album was not found.' } }),
    );
    renderApp('/album/missing');
    expect(await screen.findByText('This album does not exist.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This album does not exist.');
  });

  it("shows each card's like and comment counts", async () => {
    signInAs('visitor');
    fakeNetwork()
      .on('GET /api/albums/find', jsonResponse(200, album))
      .on(
        'GET /api/albumsDb/a1/photos',
        jsonResponse(200, [
          photo('p1', { likeCount: 1, likedByMe: true, commentCount: 3 }),
          photo('p2', { likeCount: 0, commentCount: 1 }),
        ]),
      );
    renderApp('/album/a1');
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    expect(photoCards()[0]).toHaveTextContent('1 like (you like it) · 3 comments');
    expect(photoCards()[1]).toHaveTextContent('0 likes · 1 comment');
  });

  // The first test to open the viewer also loads (and transforms) its lazily loaded library.
  describe('photo viewer', { timeout: 20_000 }, () => {
    it('opens the photo a card shows, names it in the address, and goes on with the arrow keys', async () => {
      const { user, router } = openAlbum('visitor');
      await waitFor(() => expect(photoCards()).toHaveLength(2));
      const second = within(photoCards()[1]!).getByRole('link', { name: /View larger/ });
      expect(second).toHaveAttribute('href', '/album/a1?photo=p2');
      await user.click(second);

      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      expect(router.state.location.search).toBe('?photo=p2');
      // Near the end of what is loaded, the next page is read so "next" can go on.
      await waitFor(() => expect(within(dialog).getByText(/2 of 3/)).toBeInTheDocument());

      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(router.state.location.search).toBe('?photo=p3'));
      await user.keyboard('{ArrowLeft}');
      await waitFor(() => expect(router.state.location.search).toBe('?photo=p2'));
    });

    it('opens the photo named in the address on load, and closes back to its card', async () => {
      const { user, router } = openAlbum('visitor', '/album/a1?photo=p3');
      // p3 is on the second page: the pages are read until it is there.
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      expect(within(dialog).getByText(/3 of 3/)).toBeInTheDocument();
      expect(within(dialog).getAllByText('Photo by Cy').length).toBeGreaterThan(0);

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.search).toBe('');
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(photoCards()[2]!).getByRole('link', { name: /View larger/ }),
        ),
      );
    });

    it('offers Rotate left and Rotate right to the person who added the photo shown, and shows the turn', async () => {
      const { user, network } = openAlbum('owner', '/album/a1?photo=p1');
      network.on(
        'PUT /api/photos/p1/rotation',
        jsonResponse(
          200,
          photo('p1', {
            photoUrl: '/api/files/show/file-p1?v=1',
            width: 800,
            height: 1200,
            rotation: 270,
          }),
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
      expect(network.sent('PUT /api/photos/p1/rotation')[0]!.body).toEqual({ direction: 'left' });
      // The viewer shows the turned picture: its new URL (the size it picks depends on the screen).
      await waitFor(() =>
        expect([...dialog.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toContain(
          '/api/files/show/file-p1?v=1&size=thumb',
        ),
      );
      expect(within(dialog).getByRole('button', { name: 'Rotate right' })).toBeVisible();
    });

    it('says once, in the viewer, that a turn failed: not in the notification area too', async () => {
      const { user, network } = openAlbum('owner', '/album/a1?photo=p1');
      network.on(
        'PUT /api/photos/p1/rotation',
        apiError(500, 'INTERNAL', 'Something went wrong on the server.'),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      await user.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The photo could not be rotated: Something went wrong on the server.',
      );
      const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
      expect(within(notifications).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
      expect(screen.getAllByText(/Something went wrong on the server/)).toHaveLength(1);
    });

    it('likes the photo shown from the toolbar, the count changing at once', async () => {
      const { user, network } = openAlbum('visitor', '/album/a1?photo=p1');
      network.on(
        'PUT /api/photos/p1/like',
        jsonResponse(200, { photoId: 'p1', likeCount: 1, likedByMe: true }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      const like = await within(dialog).findByRole('button', { name: /^Like, 0 likes$/ });
      expect(like).toHaveAttribute('aria-pressed', 'false');
      await user.click(like);
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: /^Like, 1 like$/ })).toHaveAttribute(
          'aria-pressed',
          'true',
        ),
      );
      expect(network.sent('PUT /api/photos/p1/like')).toHaveLength(1);
    });

    it('shows no rotation buttons in the viewer to someone who did not add the photo', async () => {
      openAlbum('visitor', '/album/a1?photo=p1');
      const dialog = await screen.findByRole('dialog', { name: 'Photo viewer' });
      expect(within(dialog).getByRole('button', { name: 'Close the viewer' })).toBeVisible();
      expect(within(dialog).queryByRole('button', { name: /Rotate/ })).toBeNull();
    });

    it('drops a photo the album does not have from the address', async () => {
      const { router } = openAlbum('visitor', '/album/a1?photo=elsewhere');
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(photoCards()).toHaveLength(3);
    });
  });
});

describe('the Share dialog', () => {
  it('says what went wrong inside itself, once, and clears it on the next attempt', async () => {
    const { user, network } = openAlbum('owner');
    network
      .on(
        'GET /api/albumsDb/a1/sharing',
        jsonResponse(200, {
          albumId: 'a1',
          visibility: 'invited',
          members: [],
          invitations: [],
          link: null,
          links: [],
          membersMax: 50,
          mailConfigured: true,
        }),
      )
      .on(
        'POST /api/albumsDb/a1/links',
        apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
        apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
        jsonResponse(201, { id: 'l1', token: 't1', url: '/s/t1', label: '' }),
      );
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Garden”' });
    await user.click(await within(dialog).findByRole('button', { name: 'New link' }));
    const createLink = within(dialog).getByRole('button', { name: 'Make link' });

    await user.click(createLink);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is not answering; try again soon.',
    );
    await user.click(createLink);
    await waitFor(() => expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(2));
    expect(await within(dialog).findAllByRole('alert')).toHaveLength(1);

    const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
    expect(within(notifications).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    expect(screen.getAllByText('The database is not answering; try again soon.')).toHaveLength(1);

    await user.click(createLink);
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });
});

describe('an album one may not see', () => {
  it('says once that it does not exist: on the page, not in the notification area too', async () => {
    signInAs('stranger');
    fakeNetwork().on(
      'GET /api/albums/find',
      apiError(404, 'ALBUM_NOT_FOUND', 'The album was not found.'),
    );
    renderApp('/album/a1');
    expect(
      await screen.findByRole('heading', { name: 'This album does not exist.' }),
    ).toBeVisible();
    const notifications = screen.getByRole('region', { name: 'Notifications', hidden: true });
    expect(within(notifications).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('The album was not found.')).toBeNull();
  });
});

describe('selecting photos of an album', () => {
  it('selects photos with their checks, and adds them to another album', async () => {
    const { user, network } = openAlbum('owner');
    network
      .on(
        'GET /api/albumsDb?mine=true',
        jsonResponse(200, [album, { ...album, id: 'a2', name: 'Trips' }]),
      )
      .on('GET /api/albumsDb?shared=true', jsonResponse(200, []))
      .on('POST /api/photos/bulk-add', jsonResponse(200, { count: 2 }));
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    await user.click(within(photoCards()[0]!).getByRole('button', { name: /^Select: Photo by/ }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    expect(within(bar).getByText('1 selected')).toBeVisible();
    // While selecting, a click on a tile toggles it rather than opening the viewer.
    await user.click(within(photoCards()[1]!).getByRole('button', { pressed: false }));
    expect(within(bar).getByText('2 selected')).toBeVisible();
    expect(within(photoCards()[0]!).queryByRole('link', { name: 'Go to Photo' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));
    const dialog = await screen.findByRole('dialog', { name: /Add to album/ });
    await user.click(await within(dialog).findByRole('button', { name: /Trips/ }));
    expect(await screen.findByText('2 photos added to Trips')).toBeVisible();
    expect(network.sent('POST /api/photos/bulk-add')[0]!.body).toEqual({
      photoIds: ['p1', 'p2'],
      albumId: 'a2',
      move: false,
    });
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
    expect(within(photoCards()[0]!).getByRole('link', { name: 'Go to Photo' })).toBeVisible();
  });

  it('adds them to a new album made in the picker, and offers to open it', async () => {
    const { user, network } = openAlbum('owner');
    const made: Album = {
      ...album,
      id: 'a9',
      name: 'Party',
      coverPhotoUrl: '',
      photoCount: 0,
      firstPhotoDate: null,
      lastPhotoDate: null,
    };
    network
      .on('GET /api/albumsDb?mine=true', jsonResponse(200, [album]))
      .on('GET /api/albumsDb?shared=true', jsonResponse(200, []))
      .on('POST /api/albums', jsonResponse(201, made))
      .on('POST /api/photos/bulk-add', jsonResponse(200, { count: 1 }));
    await waitFor(() => expect(photoCards()).toHaveLength(2));
    await user.click(within(photoCards()[0]!).getByRole('button', { name: /^Select: Photo by/ }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Add to album' }));
    const dialog = await screen.findByRole('dialog', { name: /Add to album/ });
    const choices = within(dialog).getAllByRole('button');
    // "New album…" comes first, before the albums.
    expect(choices.find((button) => button.textContent !== '')).toHaveTextContent('New album…');
    await user.click(within(dialog).getByRole('button', { name: 'New album…' }));
    // A blank name is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the album a name.');
    await user.type(within(dialog).getByLabelText('Album name'), '  Party ');
    await user.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(await screen.findByText('1 photo added to Party')).toBeVisible();
    expect(network.sent('POST /api/albums').map((request) => request.body)).toEqual([
      { name: 'Party' },
    ]);
    expect(network.sent('POST /api/photos/bulk-add')[0]!.body).toEqual({
      photoIds: ['p1'],
      albumId: 'a9',
      move: false,
    });
    expect(screen.getByRole('link', { name: 'Open album' })).toHaveAttribute('href', '/album/a9');
  });
});
