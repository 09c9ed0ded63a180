import { GUEST_NAME_FIELD, LINK_KEY_HEADER, type Album } from '@photo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePhoto } from '../../../test/builders';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { testClientConfig } from '../../../test/tus';

const album: Album = {
  id: 'a1',
  name: 'Garden',
  coverPhotoUrl: '/api/files/show/f1',
  coverPlaceholder: null,
  coverReady: true,
  createdBy: 'Olivia',
  createdById: 'owner',
  dateCreated: '2026-11-01T10:00:00Z',
  photoCount: 1,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

const protectedAnswer = () =>
  apiError(401, 'LINK_PASSWORD_REQUIRED', 'This link needs its password.');

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  sessionStorage.clear();
  localStorage.clear();
});

describe('a password-protected link', () => {
  it('asks for the password, then sends the key it unlocks with every request of the link', async () => {
    const network = fakeNetwork()
      .on('GET /api/shared/t1', protectedAnswer(), jsonResponse(200, album))
      .on('GET /api/shared/t1/photos', jsonResponse(200, [makePhoto({ id: 'p1' })]))
      .on(
        'POST /api/shared/t1/unlock',
        apiError(401, 'WRONG_LINK_PASSWORD', 'That is not the password of this link.'),
        jsonResponse(200, { linkKey: 'key-1', expiresAt: '2026-11-28T10:00:00Z' }),
      );
    const { user } = renderApp('/shared/t1');
    expect(
      await screen.findByText('This album is protected. Enter the password the owner gave you.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Garden' })).toBeNull();
    const password = screen.getByLabelText('Password');

    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('That is not the password of this link.');
    expect(password).toHaveAccessibleDescription('That is not the password of this link.');
    expect(sessionStorage.length).toBe(0);

    await user.clear(password);
    await user.type(password, 'tulip-42');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect(await screen.findByRole('heading', { name: 'Garden' })).toBeVisible();
    await screen.findByRole('link', { name: /View larger/ });

    expect(network.sent('POST /api/shared/t1/unlock').map((sent) => sent.body)).toEqual([
      { password: 'wrong' },
      { password: 'tulip-42' },
    ]);
    const [first, second] = network.sent('GET /api/shared/t1');
    expect(first?.headers.get(LINK_KEY_HEADER)).toBeNull();
    expect(second?.headers.get(LINK_KEY_HEADER)).toBe('key-1');
    expect(network.sent('GET /api/shared/t1/photos')[0]?.headers.get(LINK_KEY_HEADER)).toBe(
      'key-1',
    );
    // Kept for this tab, per link.
    expect(sessionStorage.getItem('photo.linkKey.t1')).toBe('key-1');
  });

  it('says how long to wait after too many tries', async () => {
    fakeNetwork()
      .on('GET /api/shared/t1', protectedAnswer())
      .on(
        'POST /api/shared/t1/unlock',
        jsonResponse(
          429,
          { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many wrong passwords.' } },
          { 'Retry-After': '240' },
        ),
      );
    const { user } = renderApp('/shared/t1');
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Try again in 4 minutes.',
    );
  });

  it('forgets a key the server no longer takes, and asks again', async () => {
    sessionStorage.setItem('photo.linkKey.t1', 'old-key');
    const network = fakeNetwork().on('GET /api/shared/t1', protectedAnswer());
    renderApp('/shared/t1');
    expect(await screen.findByLabelText('Password')).toBeVisible();
    expect(network.sent('GET /api/shared/t1')[0]?.headers.get(LINK_KEY_HEADER)).toBe('old-key');
    expect(sessionStorage.getItem('photo.linkKey.t1')).toBeNull();
  });
});

describe('a link that no longer works', () => {
  it('says it has expired or was stopped', async () => {
    fakeNetwork().on(
      'GET /api/shared/t1',
      apiError(404, 'LINK_NOT_FOUND', 'This link does not work: it may have been revoked.'),
    );
    renderApp('/shared/t1');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was stopped.' }),
    ).toBeVisible();
    expect(screen.getByText('Ask the person who shared it for a new link.')).toBeVisible();
  });
});

/** A small file of the given type, named `name`. */
const fileOf = (name: string, type = 'image/jpeg') => new File(['jpeg bytes'], name, { type });

describe('adding photos through an addPhotos link', () => {
  function openGuestLink() {
    let added = 0;
    const network = fakeNetwork()
      .on('GET /api/client-config', jsonResponse(200, testClientConfig()))
      .on('GET /api/shared/t1', () =>
        jsonResponse(200, {
          ...album,
          linkPermission: 'addPhotos',
          allowDownload: true,
          photoCount: 1 + added,
        }),
      )
      .on('GET /api/shared/t1/photos', () =>
        jsonResponse(200, [
          makePhoto({ id: 'p1' }),
          ...(added > 0
            ? [makePhoto({ id: 'p2', createdBy: 'Ann', createdById: 'owner', addedByGuest: true })]
            : []),
        ]),
      );
    const rendered = renderApp('/shared/t1');
    return {
      ...rendered,
      network,
      added: () => {
        added += 1;
      },
    };
  }

  it('asks the name once, remembers it, and sends each file with it; added photos show', async () => {
    const { user, network, added } = openGuestLink();
    network.on(
      'POST /api/shared/t1/photos',
      () => {
        added();
        return jsonResponse(201, makePhoto({ id: 'p2', createdBy: 'Ann', addedByGuest: true }));
      },
      apiError(413, 'GUEST_LIMIT_REACHED', 'This link takes no more photos: its limit is reached.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Add photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add photos to “Garden”' });
    await user.type(within(dialog).getByLabelText('Your name'), '  Ann ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(localStorage.getItem('photo.guestName')).toBe('Ann');
    expect(within(dialog).getByText('Ann')).toBeVisible();

    // Dropped on the zone, as from the desktop: a text file among them is refused at once.
    fireEvent.drop(within(dialog).getByRole('button', { name: /drag and drop/ }), {
      dataTransfer: {
        files: [fileOf('tulips.jpg'), fileOf('notes.txt', 'text/plain'), fileOf('roses.jpg')],
      },
    });
    const files = within(dialog).getByRole('list', { name: 'Your files' });
    const row = (name: string) =>
      within(files)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(name));
    await waitFor(() => expect(row('tulips.jpg')).toHaveTextContent('Added'));
    await waitFor(() => expect(row('roses.jpg')).toHaveTextContent('Failed'));
    expect(row('roses.jpg')).toHaveTextContent(
      'This link takes no more photos: its limit is reached.',
    );
    expect(row('notes.txt')).toHaveTextContent('Not added');
    expect(row('notes.txt')).toHaveTextContent('Not a photo or video');
    expect(within(row('notes.txt')!).queryByRole('button', { name: /Retry/ })).toBeNull();

    const sent = network.sent('POST /api/shared/t1/photos');
    expect(sent).toHaveLength(2);
    const form = sent[0]?.body as FormData;
    expect([...form.keys()]).toEqual([GUEST_NAME_FIELD, 'file']);
    expect(form.get(GUEST_NAME_FIELD)).toBe('Ann');
    expect((form.get('file') as File).name).toBe('tulips.jpg');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /View larger/ })).toHaveLength(2),
    );

    // The name is remembered: asked no more.
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const again = await screen.findByRole('dialog', { name: 'Add photos to “Garden”' });
    expect(within(again).queryByLabelText('Your name')).toBeNull();
    expect(within(again).getByRole('button', { name: /Choose photos and videos/ })).toBeVisible();
  });

  it('says how long to wait when the server asks to slow down, and retries on demand', async () => {
    localStorage.setItem('photo.guestName', 'Ben');
    const { user, network } = openGuestLink();
    network.on(
      'POST /api/shared/t1/photos',
      jsonResponse(
        429,
        { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many photos at once.' } },
        { 'Retry-After': '30' },
      ),
      jsonResponse(201, makePhoto({ id: 'p2', createdBy: 'Ben', addedByGuest: true })),
    );
    await user.click(await screen.findByRole('button', { name: 'Add photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add photos to “Garden”' });
    await user.upload(within(dialog).getByTestId('guest-upload-input'), [fileOf('a.jpg')]);
    const files = await within(dialog).findByRole('list', { name: 'Your files' });
    await waitFor(() =>
      expect(files).toHaveTextContent('Too many photos at once. Try again in 30 seconds.'),
    );
    const form = network.sent('POST /api/shared/t1/photos')[0]?.body as FormData;
    expect(form.get(GUEST_NAME_FIELD)).toBe('Ben');
    await user.click(within(files).getByRole('button', { name: 'Retry a.jpg' }));
    await waitFor(() => expect(files).toHaveTextContent('Added'));
  });

  it('is not offered through a link that only shows the album', async () => {
    fakeNetwork()
      .on('GET /api/shared/t1', jsonResponse(200, { ...album, linkPermission: 'view' }))
      .on('GET /api/shared/t1/photos', jsonResponse(200, [makePhoto({ id: 'p1' })]));
    renderApp('/shared/t1');
    await screen.findByRole('heading', { name: 'Garden' });
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
  });
});
