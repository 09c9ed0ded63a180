import type { Album, AlbumSharing } from '@photo/contract';
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
  photoCount: 2,
  firstPhotoDate: '2026-11-01T10:00:00Z',
  lastPhotoDate: '2026-11-01T10:00:00Z',
};

/** The addresses the browser was asked to download, by a link clicked from the code. */
function downloadsStarted() {
  const started: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    started.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return started;
}

function openAlbum(userId: string, shown: Album = album) {
  signInAs(userId);
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, shown))
    .on('GET /api/albumsDb/a1/photos', jsonResponse(200, [makePhoto({ id: 'p1' })]));
  return { ...renderApp('/album/a1'), network };
}

// jsdom lays nothing out: the photo grid is given a desktop's width to lay its rows in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe("the album page's Download", () => {
  it('asks the server for the zip of the album, waiting with a spinner, then downloads it', async () => {
    const started = downloadsStarted();
    let answer: (response: Response) => void = () => undefined;
    const { user, network } = openAlbum('visitor');
    network.on(
      'POST /api/downloads',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const download = await screen.findByRole('button', { name: 'Download' });
    await user.click(download);

    const waiting = await screen.findByRole('button', { name: 'Preparing the download…' });
    expect(waiting).toBeDisabled();
    expect(waiting.querySelector('.spinner-border')).not.toBeNull();
    expect(network.sent('POST /api/downloads')[0]?.body).toEqual({ albumId: 'a1' });
    expect(started).toHaveLength(0);

    answer(jsonResponse(201, { url: '/api/downloads/t-123', expiresAt: '2026-11-27T09:00:00Z' }));
    await waitFor(() => expect(started).toEqual([{ href: '/api/downloads/t-123', download: '' }]));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('says in place why the zip could not be had, not in the notification area', async () => {
    const started = downloadsStarted();
    const { user, network } = openAlbum('owner');
    network.on(
      'POST /api/downloads',
      apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
    );
    const download = await screen.findByRole('button', { name: 'Download' });
    await user.click(download);

    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(
      'The album could not be downloaded: The database is not answering; try again soon.',
    );
    expect(download).toHaveAccessibleDescription(problem.textContent);
    expect(screen.getAllByText(/The database is not answering/)).toHaveLength(1);
    expect(started).toHaveLength(0);
    expect(download).toBeEnabled();
  });

  it('is not offered for an album without photos', async () => {
    openAlbum('owner', { ...album, photoCount: 0 });
    expect(await screen.findByRole('button', { name: 'Download' })).toBeDisabled();
  });
});

const sharing = (link: AlbumSharing['link']): AlbumSharing => ({
  albumId: 'a1',
  visibility: 'everyone',
  members: [],
  invitations: [],
  link,
  links: link ? [link] : [],
  membersMax: 50,
  mailConfigured: true,
});
const link: NonNullable<AlbumSharing['link']> = {
  id: 'l1',
  token: 't1',
  url: '/shared/t1',
  label: '',
  permission: 'view',
  expiresAt: null,
  hasPassword: false,
  lastOpenedAt: null,
  guestLimits: null,
  guestPhotoCount: 0,
  guestBytes: 0,
  dateCreated: '2026-11-02T10:00:00Z',
};

describe('what a share link allows: downloading or not', () => {
  it('lets the owner allow and forbid downloading all photos by the link', async () => {
    const { user, network } = openAlbum('owner');
    network
      .on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing(link)))
      .on(
        'PATCH /api/albumsDb/a1/links/l1',
        jsonResponse(200, { ...link, permission: 'download', allowDownload: true }),
        jsonResponse(200, { ...link, permission: 'view', allowDownload: false }),
      );
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Garden”' });
    const allows = await within(dialog).findByRole('combobox', { name: 'What Link allows' });
    expect(allows).toHaveDisplayValue('Can view');

    network.on(
      'GET /api/albumsDb/a1/sharing',
      jsonResponse(200, sharing({ ...link, permission: 'download', allowDownload: true })),
    );
    await user.selectOptions(allows, 'Can view and download');
    await waitFor(() => expect(allows).toBeEnabled());
    expect(allows).toHaveDisplayValue('Can view and download');
    expect(network.sent('PATCH /api/albumsDb/a1/links/l1')[0]?.body).toEqual({
      permission: 'download',
    });
    expect(await within(dialog).findByText('Saved')).toBeVisible();

    network.on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing(link)));
    await user.selectOptions(allows, 'Can view');
    await waitFor(() => expect(network.sent('PATCH /api/albumsDb/a1/links/l1')).toHaveLength(2));
    await waitFor(() => expect(allows).toHaveDisplayValue('Can view'));
    expect(network.sent('PATCH /api/albumsDb/a1/links/l1')[1]?.body).toEqual({
      permission: 'view',
    });
  });

  it('goes back when the server refuses, saying why in the dialog', async () => {
    const { user, network } = openAlbum('owner');
    network
      .on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing(link)))
      .on(
        'PATCH /api/albumsDb/a1/links/l1',
        apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
      );
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Garden”' });
    const allows = await within(dialog).findByRole('combobox', { name: 'What Link allows' });
    await user.selectOptions(allows, 'Can view and download');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is not answering; try again soon.',
    );
    await waitFor(() => expect(allows).toHaveDisplayValue('Can view'));
    expect(within(dialog).queryByText('Saved')).toBeNull();
  });

  it('is chosen for a new link, before any link is made', async () => {
    const { user, network } = openAlbum('owner');
    network
      .on('GET /api/albumsDb/a1/sharing', jsonResponse(200, sharing(null)))
      .on('POST /api/albumsDb/a1/links', jsonResponse(201, { ...link, permission: 'download' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Garden”' });
    await user.click(await within(dialog).findByRole('button', { name: 'New link' }));
    expect(within(dialog).queryByRole('combobox', { name: /allows/ })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Can view and download' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(network.sent('POST /api/albumsDb/a1/links')).toHaveLength(1));
    expect(network.sent('POST /api/albumsDb/a1/links')[0]?.body).toMatchObject({
      permission: 'download',
    });
  });
});

describe('a share link’s page', () => {
  function openLink(allowDownload: boolean | undefined) {
    fakeNetwork()
      .on('GET /api/shared/t1', jsonResponse(200, { ...album, allowDownload }))
      .on('GET /api/shared/t1/photos', jsonResponse(200, [makePhoto({ id: 'p1' })]));
    return renderApp('/shared/t1');
  }

  it('offers all the photos as one zip when the owner allows it', async () => {
    openLink(true);
    const link = await screen.findByRole('link', { name: 'Download all' });
    expect(link).toHaveAttribute('href', '/api/shared/t1/download');
    expect(link).toHaveAttribute('download');
  });

  it('does not, otherwise', async () => {
    for (const allowDownload of [false, undefined]) {
      const { unmount } = openLink(allowDownload);
      await screen.findByRole('heading', { name: 'Garden' });
      expect(screen.queryByRole('link', { name: 'Download all' })).toBeNull();
      unmount();
    }
  });
});
