import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCEPTED_IMAGE_TYPES, clientConfigSchema } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const album = { id: 'a1', name: 'Garden', createdById: 'u1', createdBy: 'Ann' };

/** What GET client-config answers for a server started with MAX_UPLOAD_BYTES=90000000. */
const serverConfig = clientConfigSchema.parse({
  upload: {
    maxBytes: 90_000_000,
    acceptedTypes: [...ACCEPTED_IMAGE_TYPES],
    maxPixels: 100_000_000,
  },
  identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
});

function openUpload(ownerId = 'u1') {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albums/find', jsonResponse(200, { ...album, createdById: ownerId }))
    .on('GET /api/client-config', jsonResponse(200, serverConfig));
  return { ...renderApp('/upload/a1'), network };
}

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
        /JPEG, PNG, WebP, GIF or AVIF photos, up to 85.8 MB and 100 megapixels each/,
      ),
    ).toBeVisible();
  });

  it("refuses a file over the server's limit at once, with the server's figure, and sends one under it", async () => {
    const { user, network } = openUpload();
    network.on(
      'POST /api/files/upload',
      jsonResponse(201, { id: 'f1', url: '/api/files/show/f1' }),
    );
    network.on('POST /api/albumsDb/a1/photos', jsonResponse(201, { id: 'p1' }));
    await screen.findByText(/up to 85.8 MB/);

    await user.upload(screen.getByTestId('upload-input'), [
      sizedFile('huge.jpg', 95_000_000),
      // Over the default 50 MiB, under this server's limit.
      sizedFile('sixty.jpg', 60_000_000),
    ]);

    expect(within(row('huge.jpg')).getByText('Not uploaded')).toBeVisible();
    expect(
      within(row('huge.jpg')).getByText(
        '"huge.jpg" is too large (90.5 MB). Photos can be up to 85.8 MB.',
      ),
    ).toBeVisible();
    expect(await within(row('sixty.jpg')).findByText('Added')).toBeVisible();
    expect(network.sent('POST /api/files/upload')).toHaveLength(1);
  });

  it('uploads each photo, adds it to the album, and shows a duplicate as already there', async () => {
    const { network } = openUpload();
    // Like a drop, the picker may hand over files of any type; the page sorts them out.
    const user = userEvent.setup({ applyAccept: false });
    let nextFile = 0;
    network.on('POST /api/files/upload', () => {
      nextFile += 1;
      return jsonResponse(201, { id: `f${nextFile}`, url: `/api/files/show/f${nextFile}` });
    });
    network.on('POST /api/albumsDb/a1/photos', (request) =>
      (request.body as { fileId: string }).fileId === 'f2'
        ? apiError(409, 'DUPLICATE_PHOTO', 'This photo is already in the album.')
        : jsonResponse(201, { id: 'p1' }),
    );
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(screen.getByTestId('upload-input'), [
      new File(['a'], 'one.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'two.jpg', { type: 'image/jpeg' }),
      new File(['c'], 'notes.txt', { type: 'text/plain' }),
    ]);

    await waitFor(() => expect(screen.getByText(/1 of 3 photos added\./)).toBeVisible());
    expect(within(row('one.jpg')).getByText('Added')).toBeVisible();
    expect(within(row('two.jpg')).getByText('Already in this album')).toBeVisible();
    expect(within(row('notes.txt')).getByText(/"notes\.txt" is not a photo/)).toBeVisible();
    // The duplicate is not an error: nothing in the notification area.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(network.sent('POST /api/files/upload')).toHaveLength(2);
    expect(network.sent('POST /api/albumsDb/a1/photos').map((request) => request.body)).toEqual([
      { fileId: 'f1' },
      { fileId: 'f2' },
    ]);
  });

  it('offers a retry after a failure, and the retry can succeed', async () => {
    const { user, network } = openUpload();
    let attempt = 0;
    network.on('POST /api/files/upload', () =>
      ++attempt === 1
        ? apiError(503, 'UNAVAILABLE', 'Storage is busy.')
        : jsonResponse(201, { id: 'f9', url: '/api/files/show/f9' }),
    );
    network.on('POST /api/albumsDb/a1/photos', jsonResponse(201, { id: 'p9' }));
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['a'], 'one.jpg', { type: 'image/jpeg' }),
    );

    expect(await within(await waitFor(() => row('one.jpg'))).findByText('Failed')).toBeVisible();
    expect(within(row('one.jpg')).getByText('Storage is busy.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Storage is busy.');

    await user.click(within(row('one.jpg')).getByRole('button', { name: /Retry/ }));
    expect(await within(row('one.jpg')).findByText('Added')).toBeVisible();
  });

  it('shows a file the server refuses as not uploaded, once, with no retry', async () => {
    const { user, network } = openUpload();
    network.on(
      'POST /api/files/upload',
      apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only images are accepted.'),
    );
    await screen.findByRole('button', { name: /drag and drop/i });

    await user.upload(
      screen.getByTestId('upload-input'),
      new File(['not an image'], 'notes.jpg', { type: 'image/jpeg' }),
    );

    expect(
      await within(await waitFor(() => row('notes.jpg'))).findByText('Not uploaded'),
    ).toBeVisible();
    expect(
      within(row('notes.jpg')).getByText(/"notes.jpg" is not a photo we can take/),
    ).toBeVisible();
    expect(within(row('notes.jpg')).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("tells someone else's album apart: no uploader", async () => {
    openUpload('someone-else');
    expect(await screen.findByText("Only the album's owner can add photos to it.")).toBeVisible();
    expect(screen.queryByRole('button', { name: /drag and drop/i })).toBeNull();
  });
});
