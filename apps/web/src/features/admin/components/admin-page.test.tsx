import type { AdminUser } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeNetwork, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { signInAs } from '../../../test/session';

const UPLOAD = { maxBytes: 1000, acceptedTypes: ['image/jpeg'], maxPixels: 1000 };
const EMBEDDED = { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true };

function account(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 'u2',
    name: 'Fred Friend',
    emailAddress: 'fred@example.com',
    emailVerified: false,
    isAdmin: false,
    dateCreated: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const admin = account({
  id: 'u1',
  name: 'Ada Admin',
  emailAddress: 'ada@example.com',
  emailVerified: true,
  isAdmin: true,
  dateCreated: '2026-11-01T10:00:00.000Z',
});

describe('People on this server', () => {
  it('lists the accounts; marking an address verified says so at once', async () => {
    signInAs('u1');
    const fred = account({});
    const network = fakeNetwork()
      .on(
        'GET /api/client-config',
        jsonResponse(200, { upload: UPLOAD, identity: EMBEDDED, mail: { configured: false } }),
      )
      .on('GET /api/admin/users', jsonResponse(200, [fred, admin]))
      .on(
        'POST /api/admin/users/u2/verify-email',
        jsonResponse(200, { ...fred, emailVerified: true }),
      );
    const { user } = renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'People on this server',
    );
    expect(await screen.findByText(/E-mail is not set up on this server/)).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Accounts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Fred Friend');
    expect(rows[0]).toHaveTextContent('fred@example.com');
    expect(rows[0]).toHaveTextContent('Address not confirmed');
    expect(rows[1]).toHaveTextContent('Administrator');
    expect(rows[1]).toHaveTextContent('Address confirmed');
    // A confirmed address has nothing to confirm.
    expect(
      within(rows[1]!).queryByRole('button', { name: /Mark the address/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(rows[0]!).getByRole('button', { name: 'Mark the address of Fred Friend as verified' }),
    );
    await waitFor(() => expect(rows[0]).toHaveTextContent('Address confirmed'));
    expect(
      within(rows[0]!).queryByRole('button', { name: /Mark the address/ }),
    ).not.toBeInTheDocument();
    expect(network.sent('POST /api/admin/users/u2/verify-email')).toHaveLength(1);
  });

  it('makes a password link and shows it to copy, with when it stops working', async () => {
    signInAs('u1');
    const expiresAt = '2026-11-27T12:00:00.000Z';
    fakeNetwork()
      .on(
        'GET /api/client-config',
        jsonResponse(200, { upload: UPLOAD, identity: EMBEDDED, mail: { configured: false } }),
      )
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]))
      .on(
        'POST /api/admin/users/u2/password-link',
        jsonResponse(201, {
          link: 'https://photos.example.org/auth/action?mode=resetPassword&oobCode=abc',
          emailAddress: 'fred@example.com',
          expiresAt,
        }),
      );
    const { user } = renderApp('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Make a password link for Fred Friend' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Password link for Fred Friend' });
    expect(within(dialog).getByLabelText('Password link')).toHaveValue(
      'https://photos.example.org/auth/action?mode=resetPassword&oobCode=abc',
    );
    expect(within(dialog).getByText(/It works once, until/)).toBeVisible();
    expect(dialog.querySelector('time')).toHaveAttribute('dateTime', expiresAt);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a refusal where it happens, in the row', async () => {
    signInAs('u1');
    fakeNetwork()
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]))
      .on(
        'POST /api/admin/users/u2/verify-email',
        apiError(404, 'USER_NOT_FOUND', 'The account was not found.'),
      );
    const { user } = renderApp('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Mark the address of Fred Friend as verified' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The account was not found.');
  });

  it('tells anyone else that the page is for the administrator', async () => {
    signInAs('u2');
    fakeNetwork().on(
      'GET /api/admin/users',
      apiError(
        403,
        'NOT_ADMIN',
        "Only the server's administrator (the first account made on it) may do this.",
      ),
    );
    renderApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page is for the administrator.');
    expect(alert).toHaveTextContent("Only the server's administrator");
    expect(screen.queryByRole('list', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it('offers no address or password actions when a hosted provider keeps the accounts', async () => {
    signInAs('u1');
    fakeNetwork()
      .on(
        'GET /api/client-config',
        jsonResponse(200, {
          upload: UPLOAD,
          identity: {
            baseUrl: 'https://identitytoolkit.googleapis.com/v1',
            tokenUrl: 'https://securetoken.googleapis.com/v1/token',
            apiKey: 'AIza-key',
            embedded: false,
          },
          mail: { configured: false },
        }),
      )
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]));
    renderApp('/admin');
    expect(await screen.findByText(/kept by the hosted identity provider/)).toBeVisible();
    await screen.findByRole('list', { name: 'Accounts' });
    expect(screen.queryByRole('button', { name: /Mark the address/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password link/ })).not.toBeInTheDocument();
  });
});
