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
    lastSignIn: '2026-11-25T10:00:00.000Z',
    disabled: false,
    storageUsed: 3 * 1024 * 1024,
    quotaBytes: null,
    photoCount: 12,
    trashBytes: 0,
    ...overrides,
  };
}

const STATS = {
  users: 2,
  photos: 40,
  files: 41,
  storedBytes: 50 * 1024 * 1024,
  trashBytes: 5 * 1024 * 1024,
  jobs: { waiting: 1, active: 0, failed: 2 },
};

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
        jsonResponse(200, {
          upload: UPLOAD,
          identity: EMBEDDED,
          mail: { configured: false },
          trash: { days: 30 },
        }),
      )
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
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
        jsonResponse(200, {
          upload: UPLOAD,
          identity: EMBEDDED,
          mail: { configured: false },
          trash: { days: 30 },
        }),
      )
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]))
      .on(
        'POST /api/admin/users/u2/password-link',
        jsonResponse(201, {
          link: 'https://photos.example.org/auth/action?mode=resetPassword&oobCode=abc',
          emailAddress: 'fred@example.com',
          expiresAt,
          emailSent: false,
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
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
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
    expect(alert).toHaveTextContent('This page is for the administrators.');
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
          trash: { days: 30 },
        }),
      )
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]));
    renderApp('/admin');
    expect(await screen.findByText(/kept by the hosted identity provider/)).toBeVisible();
    await screen.findByRole('list', { name: 'Accounts' });
    expect(screen.queryByRole('button', { name: /Mark the address/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password link/ })).not.toBeInTheDocument();
  });

  it("shows each person's last sign-in, storage and photos, and the server's figures", async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on(
        'GET /api/admin/users',
        jsonResponse(200, [
          account({ quotaBytes: 10 * 1024 * 1024, trashBytes: 1536 * 1024 }),
          admin,
        ]),
      )
      .on('POST /api/admin/jobs/retry', jsonResponse(200, { retried: 2 }));
    const { user } = renderApp('/admin');
    const fred = await screen.findByRole('listitem', { name: 'Fred Friend' });
    expect(fred).toHaveTextContent('Last sign-in');
    expect(fred).toHaveTextContent('3 MB of 10 MB stored (1.5 MB of it in Trash)');
    expect(fred).toHaveTextContent('12 photos in albums');
    const ada = screen.getByRole('listitem', { name: 'Ada Admin' });
    // Nothing in Trash: nothing said of it.
    expect(ada).toHaveTextContent('3 MB stored, no limit · 12 photos');
    expect(ada).not.toHaveTextContent('Trash');
    expect(await screen.findByText('Jobs failed')).toBeVisible();
    expect(screen.getByText('50 MB')).toBeVisible();
    // The bytes only Trash still uses, beside those stored, formatted alike.
    expect(screen.getByText('In Trash').nextElementSibling).toHaveTextContent('5 MB');
    await user.click(screen.getByRole('button', { name: 'Retry failed jobs' }));
    expect(await screen.findByText('2 jobs queued again.')).toBeVisible();
    expect(network.sent('POST /api/admin/jobs/retry')).toHaveLength(1);
  });

  it('disables and enables an account, but offers neither, nor deleting, for oneself', async () => {
    signInAs('u1');
    const fred = account({});
    fakeNetwork()
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [fred, admin]))
      .on('POST /api/admin/users/u2/disable', jsonResponse(200, { ...fred, disabled: true }))
      .on('POST /api/admin/users/u2/enable', jsonResponse(200, fred));
    const { user } = renderApp('/admin');
    const row = await screen.findByRole('listitem', { name: 'Fred Friend' });
    const own = screen.getByRole('listitem', { name: 'Ada Admin' });
    expect(within(own).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', { name: 'Disable the account of Fred Friend' }),
    );
    await waitFor(() => expect(row).toHaveTextContent('Disabled'));
    await user.click(
      within(row).getByRole('button', { name: 'Enable the account of Fred Friend' }),
    );
    await waitFor(() => expect(row).not.toHaveTextContent('Disabled'));
  });

  it('sets a quota in megabytes, refusing what is not 0 or more before sending', async () => {
    signInAs('u1');
    const fred = account({});
    const network = fakeNetwork()
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [fred, admin]))
      .on(
        'PUT /api/admin/users/u2/quota',
        jsonResponse(200, { ...fred, quotaBytes: 5 * 1024 * 1024 }),
      );
    const { user } = renderApp('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Set the storage quota of Fred Friend' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Storage quota of Fred Friend' });
    const field = within(dialog).getByLabelText('Quota in megabytes');
    await user.type(field, '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Save the quota' }));
    expect(within(dialog).getByText(/Give a number of megabytes/)).toBeVisible();
    expect(network.sent('PUT /api/admin/users/u2/quota')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save the quota' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = network.sent('PUT /api/admin/users/u2/quota');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ quotaBytes: 5 * 1024 * 1024 });
    expect(screen.getByRole('listitem', { name: 'Fred Friend' })).toHaveTextContent(
      '3 MB of 5 MB stored',
    );
  });

  it('deletes an account once its address is typed again', async () => {
    signInAs('u1');
    const network = fakeNetwork()
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]))
      .on('DELETE /api/admin/users/u2', () => new Response(null, { status: 204 }));
    const { user } = renderApp('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Delete the account of Fred Friend' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the account of Fred Friend?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Delete the account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'fred@example.com');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Fred Friend' })).not.toBeInTheDocument(),
    );
    expect(network.sent('DELETE /api/admin/users/u2')[0]!.body).toEqual({
      confirmEmail: 'fred@example.com',
    });
  });

  it('says that a password link went by e-mail when the server sends e-mail', async () => {
    signInAs('u1');
    fakeNetwork()
      .on(
        'GET /api/client-config',
        jsonResponse(200, {
          upload: UPLOAD,
          identity: EMBEDDED,
          mail: { configured: true },
          trash: { days: 30 },
        }),
      )
      .on('GET /api/admin/stats', jsonResponse(200, STATS))
      .on('GET /api/admin/users', jsonResponse(200, [account({}), admin]))
      .on(
        'POST /api/admin/users/u2/password-link',
        jsonResponse(201, {
          emailAddress: 'fred@example.com',
          expiresAt: '2026-11-27T12:00:00.000Z',
          emailSent: true,
        }),
      );
    const { user } = renderApp('/admin');
    await user.click(
      await screen.findByRole('button', { name: 'Make a password link for Fred Friend' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Password link for Fred Friend' });
    expect(dialog).toHaveTextContent('The link has been sent by e-mail to Fred Friend');
    expect(within(dialog).queryByLabelText('Password link')).not.toBeInTheDocument();
  });
});

describe('an account disabled while its page is open', () => {
  it('is signed out, back to the login page with a notice', async () => {
    signInAs('u2');
    fakeNetwork().on(
      'GET /api/admin/users',
      apiError(401, 'ACCOUNT_DISABLED', 'This account has been disabled by an administrator.'),
    );
    renderApp('/admin');
    expect(
      await screen.findByText(/Your account has been disabled by an administrator/),
    ).toBeVisible();
    // The login page, which shows the notice.
    expect(screen.getByRole('status')).toHaveTextContent(/has been disabled/);
    expect(document.getElementById('login-password')).toBeVisible();
  });
});
