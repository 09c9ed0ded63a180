import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const me = {
  id: 'u1',
  name: 'Ann Example',
  emailAddress: 'ann@example.com',
  profilePicUrl: '/default-avatar.png',
  dateCreated: new Date().toISOString(),
};

/** Ann signed in, her summaries daily, on a server that sends e-mail or not. */
function signedInWithSummaries(mailConfigured = true) {
  signInAs('u1');
  return fakeNetwork()
    .on('GET /api/users/me', jsonResponse(200, me))
    .on('GET /api/users/me/notifications', jsonResponse(200, { digest: 'daily', mailConfigured }));
}

describe('e-mail summaries in account settings', () => {
  it('shows the choice and saves another one', async () => {
    const network = signedInWithSummaries().on(
      'PUT /api/users/me/notifications',
      jsonResponse(200, { digest: 'hourly', mailConfigured: true }),
    );
    const { user } = renderApp('/profile/me');
    const group = await screen.findByRole('group', { name: 'E-mail summaries' });
    expect(within(group).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Off' })).not.toBeChecked();
    // Summaries go only to a confirmed address.
    expect(group).toHaveAccessibleDescription(/sent once you have confirmed your e-mail address/);
    expect(within(group).getByRole('radio', { name: 'Hourly' })).toHaveAccessibleDescription(
      'At most one e-mail an hour, when something happened.',
    );

    await user.click(within(group).getByRole('radio', { name: 'Hourly' }));
    // Checked as it is clicked, before the server has answered.
    expect(within(group).getByRole('radio', { name: 'Hourly' })).toBeChecked();
    await waitFor(() =>
      expect(network.sent('PUT /api/users/me/notifications')[0]?.body).toEqual({
        digest: 'hourly',
      }),
    );
    expect(await within(group).findByRole('status')).toHaveTextContent('Saved.');
    expect(within(group).getByRole('radio', { name: 'Hourly' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Daily' })).not.toBeChecked();
  });

  it('goes back to the choice before when saving fails, and says why', async () => {
    signedInWithSummaries().on(
      'PUT /api/users/me/notifications',
      jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }),
    );
    const { user } = renderApp('/profile/me');
    const group = await screen.findByRole('group', { name: 'E-mail summaries' });
    await user.click(within(group).getByRole('radio', { name: 'Off' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('Try again in a moment.');
    expect(within(group).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Off' })).not.toBeChecked();
  });

  it('says when the server sends no e-mail, and offers no choice', async () => {
    signedInWithSummaries(false);
    renderApp('/profile/me');
    expect(await screen.findByText(/E-mail isn.t set up on this server/)).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
