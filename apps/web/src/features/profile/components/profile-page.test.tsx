import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

describe('profile', () => {
  it("shows the signed-in user's card, whatever the profile id, and how long ago they joined", async () => {
    signInAs('u1');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    const network = fakeNetwork().on(
      'GET /api/users/me',
      jsonResponse(200, {
        id: 'u1',
        name: 'Ann Example',
        emailAddress: 'ann@example.com',
        profilePicUrl: '/api/files/show/f1',
        dateCreated: twoDaysAgo,
      }),
    );
    renderApp('/profile/someone-else');

    expect(await screen.findByRole('heading', { name: 'Ann Example' })).toBeVisible();
    expect(screen.getByText('ann@example.com')).toBeVisible();
    const picture = screen.getByRole('img', { name: 'Profile picture of Ann Example' });
    expect(picture).toHaveClass('rounded-circle');
    expect(picture).toHaveAttribute('width', '200');
    expect(picture).toHaveAttribute('src', '/api/files/show/f1?size=thumb');
    expect(screen.getByText('2 days ago')).toBeVisible();
    expect(network.sent('GET /api/users/me')).toHaveLength(1);
  });

  it('changes the name with PATCH users/me and shows the new one', async () => {
    signInAs('u1');
    const me = {
      id: 'u1',
      name: 'Ann Example',
      emailAddress: 'ann@example.com',
      profilePicUrl: '/default-avatar.png',
      dateCreated: new Date().toISOString(),
    };
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, me))
      .on('PATCH /api/users/me', jsonResponse(200, { ...me, name: 'Ann Renamed' }));
    const { user } = renderApp('/profile/me');
    const form = await screen.findByRole('form', { name: 'Change name' });
    const field = within(form).getByLabelText('Name');
    expect(field).toHaveValue('Ann Example');
    await user.clear(field);
    await user.type(field, ' Ann Renamed ');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));

    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent('Your name has been changed.'),
    );
    expect(screen.getByRole('heading', { name: 'Ann Renamed' })).toBeVisible();
    expect(network.sent('PATCH /api/users/me')[0]!.body).toEqual({ name: 'Ann Renamed' });
  });
});
