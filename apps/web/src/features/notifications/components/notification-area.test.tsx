import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../../../shared/notifications/notifications-store';
import { apiError, fakeNetwork, networkFailure } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { NotificationArea } from './notification-area';

describe('notification area', () => {
  it('shows nothing, not even "Clear", while there are no messages', () => {
    render(<NotificationArea />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows the two newest messages, newest first, as red alerts', () => {
    render(<NotificationArea />);
    act(() => {
      notify('First problem');
      notify('Second problem');
      notify('Third problem');
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Third problem', 'Second problem']);
    for (const alert of alerts) expect(alert).toHaveClass('alert', 'alert-danger');
  });

  it('clears them all with one "Clear" button', async () => {
    render(<NotificationArea />);
    act(() => {
      notify('First problem');
      notify('Second problem');
    });
    const clear = screen.getByRole('button', { name: 'Clear' });
    await userEvent.click(clear);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it("shows an API failure with the server's message", async () => {
    signInAs('u1');
    fakeNetwork().on(
      'GET /api/albumsDb',
      apiError(503, 'UNAVAILABLE', 'The database is not answering; try again soon.'),
    );
    renderApp('/albums/recent');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The database is not answering; try again soon.',
    );
    expect(screen.getByText('The albums could not be loaded.')).toBeVisible();
  });

  it('shows a network failure', async () => {
    signInAs('u1');
    fakeNetwork().on('GET /api/users/me', networkFailure());
    renderApp('/profile/me');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
  });
});
