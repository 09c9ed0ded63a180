import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../shared/auth/session-store';
import { fakeNetwork, identityError, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { fakeIdToken, signInAs } from '../../../test/session';

/**
 * jsdom has no WebAuthn: these stand in for the browser's navigator.credentials (the prompt),
 * answering as a browser's PublicKeyCredential does. @simplewebauthn/browser runs for real.
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

function fakeBrowser({
  create,
  get,
  suggestions = false,
}: {
  create?: () => Promise<unknown>;
  get?: () => Promise<unknown>;
  /** Offers passkeys in form fields' suggestions (conditional mediation). */
  suggestions?: boolean;
}) {
  class FakePublicKeyCredential {
    static isConditionalMediationAvailable = () => Promise.resolve(suggestions);
  }
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  const credentials = {
    create: vi.fn(create ?? (() => Promise.reject(new Error('unexpected')))),
    get: vi.fn(get ?? (() => Promise.reject(new Error('unexpected')))),
  };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return credentials;
}

const newCredential = () =>
  Promise.resolve({
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      attestationObject: bytes('attestation'),
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  });

const assertion = () =>
  Promise.resolve({
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      authenticatorData: bytes('auth-data'),
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      signature: bytes('signature'),
      userHandle: bytes('u1'),
    },
    getClientExtensionResults: () => ({}),
  });

const cancelled = () =>
  Promise.reject(
    new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
  );

const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'localhost' },
  user: { id: 'dTE', name: 'ann@example.com', displayName: 'Ann' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};
const requestOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'required',
  timeout: 300000,
};

const laptop = {
  id: 'p1',
  name: 'Laptop',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};
const me = {
  id: 'u1',
  name: 'Ann',
  emailAddress: 'ann@example.com',
  profilePicUrl: '/default-avatar.png',
  dateCreated: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
});

const passkeysSection = async () =>
  (await screen.findByRole('heading', { name: 'Passkeys' })).closest('section')!;

describe('passkeys in account settings', () => {
  it('lists the passkeys, adds one through the browser prompt under its name, and removes one after a confirmation', async () => {
    signInAs('u1');
    const browser = fakeBrowser({ create: newCredential });
    const phone = { ...laptop, id: 'p2', name: 'Phone', createdAt: '2026-04-02T10:00:00.000Z' };
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, me))
      .on(
        'POST /identity/v1/passkeys:list',
        jsonResponse(200, { passkeys: [laptop] }),
        jsonResponse(200, { passkeys: [laptop, phone] }),
        jsonResponse(200, { passkeys: [phone] }),
      )
      .on('POST /identity/v1/passkeys:registrationOptions', jsonResponse(200, creationOptions))
      .on('POST /identity/v1/passkeys:register', jsonResponse(200, phone))
      .on('POST /identity/v1/passkeys:delete', jsonResponse(200, {}));
    const { user } = renderApp('/profile/me');
    const section = await passkeysSection();
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Laptop')).toBeVisible();
    expect(within(list).getByText(/Added Mar 1, 2026 · never used/)).toBeVisible();

    await user.type(within(section).getByLabelText('Name of the new passkey'), ' Phone ');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Passkey added.');
    expect(await within(list).findByText('Phone')).toBeVisible();
    expect(browser.create).toHaveBeenCalledOnce();
    const [register] = network.sent('POST /identity/v1/passkeys:register');
    expect(register!.body).toMatchObject({
      idToken: fakeIdToken('u1'),
      name: 'Phone',
      response: {
        id: 'Y3JlZA',
        rawId: 'Y3JlZA',
        type: 'public-key',
        response: { transports: ['internal'] },
      },
    });

    await user.click(within(list).getByRole('button', { name: 'Remove Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('“Laptop” will no longer sign you in.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(within(list).queryByText('Laptop')).toBeNull());
    expect(network.sent('POST /identity/v1/passkeys:delete')[0]!.body).toEqual({
      idToken: fakeIdToken('u1'),
      id: 'p1',
    });
  });

  it('tells when the browser prompt is cancelled, and when the server refuses; nothing is added', async () => {
    signInAs('u1');
    const browser = fakeBrowser({ create: cancelled });
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, me))
      .on('POST /identity/v1/passkeys:list', jsonResponse(200, { passkeys: [] }))
      .on('POST /identity/v1/passkeys:registrationOptions', jsonResponse(200, creationOptions))
      .on('POST /identity/v1/passkeys:register', identityError('INVALID_PASSKEY_CHALLENGE'));
    const { user } = renderApp('/profile/me');
    const section = await passkeysSection();
    expect(await within(section).findByText('You have no passkeys yet.')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The passkey prompt was closed or timed out. Nothing was changed.',
    );
    expect(network.sent('POST /identity/v1/passkeys:register')).toHaveLength(0);

    browser.create.mockImplementation(newCredential);
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'That took too long. Please try again.',
      ),
    );
    expect(network.sent('POST /identity/v1/passkeys:register')[0]!.body).toMatchObject({
      name: 'Passkey',
    });
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('renames a passkey', async () => {
    signInAs('u1');
    fakeBrowser({});
    const network = fakeNetwork()
      .on('GET /api/users/me', jsonResponse(200, me))
      .on(
        'POST /identity/v1/passkeys:list',
        jsonResponse(200, { passkeys: [laptop] }),
        jsonResponse(200, { passkeys: [{ ...laptop, name: 'Work laptop' }] }),
      )
      .on(
        'POST /identity/v1/passkeys:rename',
        jsonResponse(200, { ...laptop, name: 'Work laptop' }),
      );
    const { user } = renderApp('/profile/me');
    const section = await passkeysSection();
    await user.click(await within(section).findByRole('button', { name: 'Rename Laptop' }));
    const field = within(section).getByRole('textbox', { name: 'New name for Laptop' });
    await user.clear(field);
    await user.type(field, 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Work laptop')).toBeVisible();
    expect(network.sent('POST /identity/v1/passkeys:rename')[0]!.body).toEqual({
      idToken: fakeIdToken('u1'),
      id: 'p1',
      name: 'Work laptop',
    });
  });
});

describe('sign in with a passkey', () => {
  it('signs in without an e-mail address and lands where a password sign-in lands', async () => {
    const browser = fakeBrowser({ get: assertion });
    const network = fakeNetwork()
      .on('POST /identity/v1/passkeys:signInOptions', jsonResponse(200, requestOptions))
      .on(
        'POST /identity/v1/passkeys:signIn',
        jsonResponse(200, {
          idToken: fakeIdToken('u1'),
          refreshToken: 'refresh-u1',
          expiresIn: '3600',
          localId: 'u1',
          email: 'ann@example.com',
        }),
      );
    const { user, router } = renderApp('/login');
    const panel = await screen.findByRole('tabpanel', { name: 'Log In' });
    expect(within(panel).getByLabelText('Email address')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await user.click(within(panel).getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/recent'));
    expect(localStorage.getItem(SESSION_KEYS.idToken)).toBe(fakeIdToken('u1'));
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-u1');
    expect(browser.get).toHaveBeenCalledOnce();
    expect(network.sent('POST /identity/v1/passkeys:signIn')[0]!.body).toMatchObject({
      response: { id: 'Y3JlZA', response: { userHandle: 'dTE' } },
    });
  });

  it('tells a cancelled prompt and an unknown passkey in words, and stays', async () => {
    const browser = fakeBrowser({ get: cancelled });
    fakeNetwork()
      .on('POST /identity/v1/passkeys:signInOptions', jsonResponse(200, requestOptions))
      .on('POST /identity/v1/passkeys:signIn', identityError('PASSKEY_NOT_FOUND'));
    const { user, router } = renderApp('/login');
    const panel = await screen.findByRole('tabpanel', { name: 'Log In' });
    const button = within(panel).getByRole('button', { name: 'Sign in with a passkey' });
    await user.click(button);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The passkey prompt was closed or timed out.',
    );

    browser.get.mockImplementation(assertion);
    await user.click(button);
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent(
        'This passkey is not known here (it may have been removed). Sign in with your password.',
      ),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(SESSION_KEYS.idToken)).toBeNull();
  });

  it('asks for passkey suggestions in the e-mail field; picking one signs in', async () => {
    const browser = fakeBrowser({ get: assertion, suggestions: true });
    const network = fakeNetwork()
      .on('POST /identity/v1/passkeys:signInOptions', jsonResponse(200, requestOptions))
      .on(
        'POST /identity/v1/passkeys:signIn',
        jsonResponse(200, {
          idToken: fakeIdToken('u1'),
          refreshToken: 'refresh-u1',
          expiresIn: '3600',
          localId: 'u1',
          email: 'ann@example.com',
        }),
      );
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/recent'));
    expect(browser.get).toHaveBeenCalledWith(expect.objectContaining({ mediation: 'conditional' }));
    expect(network.sent('POST /identity/v1/passkeys:signIn')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-u1');
  });

  it('offers no passkey button in a browser without WebAuthn', async () => {
    fakeNetwork();
    renderApp('/login');
    const panel = await screen.findByRole('tabpanel', { name: 'Log In' });
    expect(within(panel).getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
