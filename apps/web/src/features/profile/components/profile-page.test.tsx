import { screen } from '@testing-library/react';
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
});
