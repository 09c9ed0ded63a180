import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { fakeTusServer, testClientConfig } from '../../../test/tus';

function openCreate() {
  signInAs('u1');
  const network = fakeNetwork()
    .on('GET /api/albumsDb', jsonResponse(200, []))
    .on('GET /api/client-config', jsonResponse(200, testClientConfig()));
  const tus = fakeTusServer(network);
  return { ...renderApp('/create'), network, tus };
}

const jpeg = () => new File(['jpeg bytes'], 'beach.jpg', { type: 'image/jpeg' });

describe('Create Album', () => {
  it('keeps the cover picker disabled until a name is typed (spaces are not a name)', async () => {
    const { user } = openCreate();
    expect(await screen.findByRole('heading', { name: 'Create Album' })).toBeVisible();
    const name = screen.getByLabelText('Album Name');
    const cover = screen.getByLabelText('Cover Photo');
    expect(name).toHaveAttribute('placeholder', 'Enter Album name');
    expect(cover).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    expect(cover).toBeDisabled();
    await user.type(name, '   ');
    expect(cover).toBeDisabled();
    await user.type(name, 'Trip');
    expect(cover).toBeEnabled();
    await user.clear(name);
    expect(cover).toBeDisabled();
  });

  it('refuses a file that is not an image before uploading it', async () => {
    signInAs('u1');
    const network = fakeNetwork().on('POST /api/uploads', jsonResponse(500, {}));
    const { router: _router } = renderApp('/create');
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText('Album Name'), 'Trip');
    await user.upload(
      screen.getByLabelText('Cover Photo'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(/"notes\.pdf" is not a photo/)).toBeVisible();
    expect(network.sent('POST /api/uploads')).toHaveLength(0);
  });

  it('uploads the cover, saves the album, waits for the save, then opens Recent Albums', async () => {
    const { user, router, network } = openCreate();
    let answer!: (response: Response) => void;
    network.on('POST /api/albumsDb', () => new Promise<Response>((resolve) => (answer = resolve)));

    await user.type(await screen.findByLabelText('Album Name'), '  Trip  ');
    await user.upload(screen.getByLabelText('Cover Photo'), jpeg());

    expect(await screen.findByText('Saving the album…')).toBeVisible();
    expect(router.state.location.pathname).toBe('/create');
    expect(screen.getByLabelText('Album Name')).toBeDisabled();
    answer(jsonResponse(201, { id: 'a1', name: 'Trip' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/recent'));
    // The cover went through the resumable endpoint, in the server's chunks.
    expect(network.sent('POST /api/uploads')).toHaveLength(1);
    expect(network.sent('PATCH /api/uploads/up1')).toHaveLength(3);
    expect(network.sent('POST /api/albumsDb')[0]!.body).toEqual({
      id: '',
      name: 'Trip',
      coverPhotoUrl: '/api/files/show/f-up1',
      createdBy: '',
      dateCreated: '',
    });
  });

  it('shows a failed save and stays, ready to try again', async () => {
    const { user, router, network } = openCreate();
    network.on(
      'POST /api/albumsDb',
      apiError(400, 'VALIDATION_FAILED', 'Name: must be at most 100 characters'),
    );

    await user.type(await screen.findByLabelText('Album Name'), 'Trip');
    await user.upload(screen.getByLabelText('Cover Photo'), jpeg());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Name: must be at most 100 characters',
    );
    expect(screen.getByText(/The album was not created/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/create');
    expect(screen.getByLabelText('Cover Photo')).toBeEnabled();
  });
});
