import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { fakeTusServer, testClientConfig, type FakeTusOptions } from '../../../test/tus';

const album = { id: 'a1', name: 'Garden', createdById: 'u1', createdBy: 'Ann' };

/**
 * What GET client-config answers for a server started with MAX_UPLOAD_BYTES=90000000, with
 * chunks of 4 bytes so that a test's file takes several.
 */
const serverConfig = testClientConfig({ chunkBytes: 4 });

function openUpload(ownerId = 'u1', tusOptions: FakeTusOptions = {}) {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, { ...album, createdById: ownerId }))
    .on('GET /api/client-config', jsonResponse(200, serverConfig));
  const tus = fakeTusServer(network, tusOptions);
  return { ...renderApp('/upload/a1'), network, tus };
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

/** A file that says it is `size` bytes long, without holding them. */
function sizedFile(name: string, size: number) {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The queue's row of a file; throws until it is shown, so waitFor(() => row(name)) waits for it. */
function row(name: string): HTMLElement {
  const found = screen.queryAllByRole('listitem').find((item) => item.textContent?.includes(name));
  if (!found) throw new Error(`No row for ${name} yet.`);
  return found;
}

describe('upload page', () => {
  it('links back to its album and says what to do', async () => {
    openUpload();
    expect(await screen.findByRole('link', { name: 'Go back to Album' })).toHaveAttribute(
      'href',
      '/album/a1',
    );
    expect(await screen.findByRole('button', { name: /drag and drop/i })).toBeVisible();
    expect(
      await screen.findByText(
        /JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF photos, up to 85.8 MB and 100 megapixels each; MP4, MOV or WebM videos, up to 1.8 GB and 3 hours each/,
      ),
    ).toBeVisible();
    const input = screen.getByTestId('upload-input');
    for (const accepted of ['image/heic', '.heic', '.heif', 'video/quicktime', '.mov', '.mp4']) {
      expect(input.getAttribute('accept')!.split(',')).toContain(accepted);
    }
  });

  it("refuses a file over the server's limit at once, with the server's figure, and sends one under it", async () => {
    const { user, network } = openUpload();
    // The server refuses to start the one under the limit: its size is all this test needs.
    network.on('POST /api/uploads', apiError(403, 'FORBIDDEN', 'Not now.'));
    await screen.findByText(/up to 85.8 MB/);

    await user.upload(screen.getByTestId('upload-input'), [
      sizedFile('huge.jpg', 95_000_000),
      // Over the default 50 MiB, under this server's limit.
      sizedFile('sixty.jpg', 60_000_000),
    ]);

    expect(within(row('huge.jpg')).getByText('Not added')).toBeVisible();
    expect(within(row('huge.jpg')).getByText('Too large: at most 85.8 MB')).toBeVisible();
    expect(within(row('huge.jpg')).queryByRole('button', { name: /Retry/ })).toBeNull();
    await waitFor(() => expect(network.sent('POST /api/uploads')).toHaveLength(1));
    expect(network.sent('POST /api/uploads')[0]!.headers.get('Upload-Length')).toBe('60000000');
  });

  it('uploads photos and videos through the resumable endpoint, adds each to the album, and shows a duplicate as already there', async () => {
    const { network, tus } = openUpload();
    // Like a drop, the picker may hand over files of any type; the page sorts them out.
    const user = userEvent.setup({ applyAccept: false });
    network.on('POST /api/albumsDb/a1/photos', (request) =>
      (request.body as { fileId: string }).fileId === 'f-up2'
        ? apiError(409, 'DUPLICATE_PHOTO', 'This photo is already in the album.')
        : jsonResponse(201, { id: 'p1' }),
    );
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(screen.getByTestId('upload-input'), [
      // Browsers often give a HEIC no type: it is taken by its name.
      new File(['heic bytes'], 'IMG_0001.HEIC', { type: '' }),
      new File(['b'], 'two.jpg', { type: 'image/jpeg' }),
      new File(['mov bytes'], 'IMG_0003.MOV', { type: 'video/quicktime' }),
      new File(['c'], 'notes.txt', { type: 'text/plain' }),
    ]);

    await waitFor(() => expect(screen.getByText(/2 of 4 photos added\./)).toBeVisible());
    expect(within(row('IMG_0001.HEIC')).getByText('Added')).toBeVisible();
    expect(within(row('two.jpg')).getByText('Not added')).toBeVisible();
    expect(within(row('two.jpg')).getByText('Already in this album')).toBeVisible();
    expect(within(row('two.jpg')).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(row('IMG_0003.MOV')).getByText('Added')).toBeVisible();
    expect(within(row('notes.txt')).getByText('Not a photo or video')).toBeVisible();
    // The duplicate is not an error: nothing in the notification area.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(network.sent('POST /api/files/upload')).toHaveLength(0);
    expect(network.sent('POST /api/uploads')).toHaveLength(3);
    expect(tus.received).toBe('heic bytes'.length + 'b'.length + 'mov bytes'.length);
    expect(
      network
        .sent('POST /api/albumsDb/a1/photos')
        .map((request) => (request.body as { fileId: string }).fileId)
        .sort(),
    ).toEqual(['f-up1', 'f-up2', 'f-up3']);
  });

  it('offers a retry after a failure, and the retry can succeed', async () => {
    let patches = 0;
    const { user, network } = openUpload('u1', {
      // A failure no retry of the client cures by itself.
      beforePatch: () =>
        ++patches === 1
          ? Promise.resolve(apiError(403, 'FORBIDDEN', 'Uploads are paused on this server.'))
          : undefined,
    });
    network.on('POST /api/albumsDb/a1/photos', jsonResponse(201, { id: 'p9' }));
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['abcdefgh'], 'one.jpg', { type: 'image/jpeg' }),
    );

    expect(await within(await waitFor(() => row('one.jpg'))).findByText('Failed')).toBeVisible();
    expect(within(row('one.jpg')).getByText('Uploads are paused on this server.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Uploads are paused on this server.');

    await user.click(within(row('one.jpg')).getByRole('button', { name: /Retry/ }));
    expect(await within(row('one.jpg')).findByText('Added')).toBeVisible();
    // The retry went on with the same upload.
    expect(network.sent('POST /api/uploads')).toHaveLength(1);
  });

  it('shows a file the server refuses as not added, with the reason, and no retry', async () => {
    const { user } = openUpload('u1', {
      finish: () =>
        apiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Only photos (JPEG, PNG, WebP, GIF, AVIF, HEIC) and videos (MP4, MOV, WebM) are accepted.',
        ),
    });
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['not an image'], 'notes.jpg', { type: 'image/jpeg' }),
    );

    expect(
      await within(await waitFor(() => row('notes.jpg'))).findByText('Not added'),
    ).toBeVisible();
    expect(within(row('notes.jpg')).getByText('Not a photo or video')).toBeVisible();
    expect(within(row('notes.jpg')).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses while offline, says so, and goes on by itself from where it stopped', async () => {
    let patches = 0;
    let hold: ((response: Response) => void) | null = null;
    let resume: (() => void) | null = null;
    const { user, network, tus } = openUpload('u1', {
      beforePatch: () => {
        patches += 1;
        // The second chunk is cut off by the lost connection; the third waits for the test.
        if (patches === 2) return new Promise<Response>((resolve) => (hold = resolve));
        if (patches === 3) return new Promise<void>((resolve) => (resume = resolve));
      },
    });
    network.on('POST /api/albumsDb/a1/photos', jsonResponse(201, { id: 'p1' }));
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['abcdefghijkl'], 'IMG_0003.MOV', { type: 'video/quicktime' }),
    );
    await waitFor(() => expect(hold).not.toBeNull());
    setOnline(false);
    hold!(new Response(null, { status: 503 }));

    expect(
      await within(row('IMG_0003.MOV')).findByText('Paused — waiting for the connection'),
    ).toBeVisible();
    expect(screen.getByText(/No connection: the uploads wait/)).toBeVisible();

    setOnline(true);
    expect(await within(row('IMG_0003.MOV')).findByText('Resuming at 33 %')).toBeVisible();
    resume!();
    expect(await within(row('IMG_0003.MOV')).findByText('Added')).toBeVisible();
    expect(network.sent('POST /api/uploads')).toHaveLength(1);
    expect(tus.received).toBe(12);
  });

  it('after a reload, offers to finish an upload when its file is chosen again, and goes on from there', async () => {
    // What an earlier visit left: the server has half of IMG_0003.MOV.
    localStorage.setItem(
      'tus::photo-upload:u1:/api/uploads:IMG_0003.MOV:video/quicktime:8:1700000000000::1',
      JSON.stringify({
        size: 8,
        metadata: { filename: 'IMG_0003.MOV', filetype: 'video/quicktime' },
        creationTime: new Date().toString(),
        uploadUrl: '/api/uploads/up7',
      }),
    );
    let resumeNow!: () => void;
    const resumed = new Promise<void>((resolve) => (resumeNow = resolve));
    const { user, network, tus } = openUpload('u1', { beforePatch: () => resumed });
    tus.restore({ id: 'up7', length: 8, offset: 4, metadata: {} });
    network.on('POST /api/albumsDb/a1/photos', jsonResponse(201, { id: 'p1' }));

    const offer = await screen.findByRole('region', { name: 'An upload was not finished' });
    expect(offer).toHaveTextContent(
      'IMG_0003.MOV stopped at 50 %. Choose IMG_0003.MOV again to finish it.',
    );
    expect(offer).toHaveTextContent('The browser cannot open a file again by itself');

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['abcdefgh'], 'IMG_0003.MOV', {
        type: 'video/quicktime',
        lastModified: 1_700_000_000_000,
      }),
    );
    expect(await within(row('IMG_0003.MOV')).findByText('Resuming at 50 %')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'An upload was not finished' })).toBeNull();
    resumeNow();
    expect(await within(row('IMG_0003.MOV')).findByText('Added')).toBeVisible();
    expect(network.sent('POST /api/uploads')).toHaveLength(0);
    expect(network.sent('PATCH /api/uploads/up7').map((patch) => patch.body)).toEqual(['efgh']);
    expect(tus.received).toBe(4);
  });

  it("tells someone else's album apart: no uploader", async () => {
    openUpload('someone-else');
    expect(await screen.findByText("Only the album's owner can add photos to it.")).toBeVisible();
    expect(screen.queryByRole('button', { name: /drag and drop/i })).toBeNull();
  });
});
