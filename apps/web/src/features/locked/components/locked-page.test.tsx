import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../../shared/auth/session-store';
import { apiError, fakeNetwork, identityError, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A stored session whose token names the person's address, as the unlock step reads it. */
function signedInAs(email: string, label = 'old') {
  const token = `${base64url({ alg: 'ES256' })}.${base64url({ sub: 'u1', email, label })}.sig`;
  localStorage.setItem(SESSION_KEYS.idToken, token);
  localStorage.setItem(SESSION_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 3600_000));
  return token;
}

const freshSignIn = {
  idToken: `${base64url({ alg: 'ES256' })}.${base64url({ sub: 'u1', email: 'ann@example.com', label: 'fresh' })}.sig`,
  refreshToken: 'refresh-2',
  expiresIn: '3600',
  localId: 'u1',
};

const session = {
  session: 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  idleSeconds: 300,
};

const photo = {
  id: 'p1',
  album: { id: 'a1', name: 'Holidays' },
  photoUrl: '/api/files/show/f1?exp=1&sig=locked~x~y',
  placeholder: null,
  width: 64,
  height: 48,
  kind: 'photo',
  video: null,
  thumbReady: true,
  sortDate: '2024-06-03T10:00:00.000Z',
  lockedAt: '2026-11-29T10:00:00.000Z',
};

function lockedServer(page: unknown = { photos: [photo], nextCursor: null, total: 1 }) {
  return fakeNetwork()
    .on('POST /identity/v1/accounts:signInWithPassword', jsonResponse(200, freshSignIn))
    .on('POST /api/locked/session', jsonResponse(200, session))
    .on('GET /api/locked', jsonResponse(200, page))
    .on('DELETE /api/locked/session', new Response(null, { status: 204 }));
}

async function unlock(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Your password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('the locked place', () => {
  it('asks for the password first, then opens with a fresh sign-in and shows its photos', async () => {
    signedInAs('ann@example.com');
    const network = lockedServer();
    const { user } = renderApp('/locked');
    expect(await screen.findByRole('heading', { level: 1, name: 'Locked place' })).toBeVisible();
    expect(screen.getByText(/Signed in as ann@example.com/)).toBeVisible();
    // Nothing of it is asked for before the person confirms it is them.
    expect(network.sent('GET /api/locked')).toEqual([]);

    await unlock(user);
    const list = await screen.findByRole('list', { name: 'Locked place' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 photo, only you can see it')).toBeVisible();
    expect(network.sent('POST /identity/v1/accounts:signInWithPassword')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    // The session is opened with the token of that fresh sign-in, and carried by the list.
    expect(network.sent('POST /api/locked/session')[0]?.headers.get('idToken')).toBe(
      freshSignIn.idToken,
    );
    expect(network.sent('GET /api/locked')[0]?.headers.get('X-Locked-Session')).toBe(
      session.session,
    );

    // Lock: the session ends, and the page asks again.
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByLabelText('Your password')).toBeVisible();
    await waitFor(() =>
      expect(network.sent('DELETE /api/locked/session')[0]?.headers.get('X-Locked-Session')).toBe(
        session.session,
      ),
    );
  });

  it('tells a wrong password in words and opens nothing', async () => {
    signedInAs('ann@example.com');
    const network = lockedServer().on(
      'POST /identity/v1/accounts:signInWithPassword',
      identityError('INVALID_LOGIN_CREDENTIALS'),
    );
    const { user } = renderApp('/locked');
    await unlock(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is not right.',
    );
    expect(network.sent('POST /api/locked/session')).toEqual([]);
    expect(screen.getByLabelText('Your password')).toHaveValue('');
  });

  it('says what it is for while it is empty', async () => {
    signedInAs('ann@example.com');
    lockedServer({ photos: [], nextCursor: null, total: 0 });
    const { user } = renderApp('/locked');
    await unlock(user);
    expect(await screen.findByText('Nothing locked away yet')).toBeVisible();
    expect(screen.getByText(/show only on this page after you confirm it's you/)).toBeVisible();
  });

  it('moves selected photos out, with the session', async () => {
    signedInAs('ann@example.com');
    const network = lockedServer().on(
      'POST /api/locked/restore',
      jsonResponse(200, { count: 1, elsewhere: { photoIds: [], album: null } }),
    );
    const { user } = renderApp('/locked');
    await unlock(user);
    await user.click(await screen.findByRole('button', { name: /^Select: / }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected photos' });
    await user.click(within(bar).getByRole('button', { name: 'Move out' }));
    expect(await screen.findByText('1 photo moved back to its album')).toBeVisible();
    const sent = network.sent('POST /api/locked/restore')[0];
    expect(sent?.body).toEqual({ photoIds: ['p1'] });
    expect(sent?.headers.get('X-Locked-Session')).toBe(session.session);
  });

  it('goes back to the unlock step when the server says the session ended', async () => {
    signedInAs('ann@example.com');
    lockedServer().on(
      'GET /api/locked',
      apiError(403, 'LOCKED_SESSION_REQUIRED', 'The locked place is closed.'),
    );
    const { user } = renderApp('/locked');
    await unlock(user);
    expect(await screen.findByLabelText('Your password')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Locked place' })).toBeNull();
  });
});
