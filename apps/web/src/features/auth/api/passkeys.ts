import type { PasskeyInfo } from '@photo/contract';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { loadIdentityConfig } from '../../../shared/api/client-config';
import { IdentityError, postToIdentity } from './identity-client';
import { getFreshIdToken, startSession } from './session';

/**
 * Passkeys (WebAuthn) of the embedded identity service. @simplewebauthn/browser is loaded only
 * when a passkey is asked for, never with the first page.
 */

const loadBrowser = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (without loading the library). */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Whether the page was opened by a host name: passkeys belong to one, and an IP address
 * (127.0.0.1, [::1]) cannot be a WebAuthn relying party.
 */
export const openedByName = () =>
  typeof location !== 'undefined' &&
  !/^[\d.]+$/.test(location.hostname) &&
  !location.hostname.includes(':');

/** The prompt was closed, timed out, or refused by the person: nothing happened. */
export class PasskeyCancelled extends Error {
  constructor() {
    super('PASSKEY_CANCELLED');
    this.name = 'PasskeyCancelled';
  }
}

/** The browser or authenticator could not do it (`code`: the library's, or the DOM error name). */
export class PasskeyBrowserError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'PasskeyBrowserError';
  }
}

/** Our own abort (a newer ceremony replaced this one): not worth telling anyone. */
export class PasskeyAborted extends Error {
  constructor() {
    super('PASSKEY_ABORTED');
    this.name = 'PasskeyAborted';
  }
}

function browserError(error: unknown): Error {
  const e = error as { name?: string; code?: string; cause?: { name?: string } };
  const name = e.cause?.name ?? e.name;
  if (e.code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return new PasskeyAborted();
  if (name === 'NotAllowedError') return new PasskeyCancelled();
  return new PasskeyBrowserError(e.code ?? name ?? 'UNKNOWN');
}

async function post<T>(call: string, body: unknown): Promise<T> {
  let url: string;
  try {
    url = `${(await loadIdentityConfig()).baseUrl}/passkeys:${call}`;
  } catch {
    throw new IdentityError('NETWORK_ERROR');
  }
  return postToIdentity<T>(url, body);
}

async function idToken(): Promise<string> {
  const token = await getFreshIdToken();
  if (!token) throw new IdentityError('INVALID_ID_TOKEN');
  return token;
}

export const passkeysApi = {
  list: async () =>
    (await post<{ passkeys: PasskeyInfo[] }>('list', { idToken: await idToken() })).passkeys,

  rename: async (id: string, name: string) =>
    post<PasskeyInfo>('rename', { idToken: await idToken(), id, name }),

  remove: async (id: string) => post<unknown>('delete', { idToken: await idToken(), id }),

  /** The browser's prompt makes a new passkey; the server keeps it under `name`. */
  async add(name: string): Promise<PasskeyInfo> {
    const browser = await loadBrowser();
    const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>('registrationOptions', {
      idToken: await idToken(),
    });
    let response: RegistrationResponseJSON;
    try {
      response = await browser.startRegistration({ optionsJSON });
    } catch (error) {
      throw browserError(error);
    }
    return post<PasskeyInfo>('register', { idToken: await idToken(), name, response });
  },
};

/**
 * Signs in with a passkey the browser holds for this site (none named: discoverable credentials)
 * and keeps the tokens as a password sign-in does. `autofill`: the browser offers passkeys in the
 * e-mail field's suggestions (conditional mediation) and this waits until one is picked; it answers
 * false when the browser has no such suggestions. `signal` gives it up before the prompt opens.
 */
export async function signInWithPasskey({
  autofill = false,
  signal,
}: { autofill?: boolean; signal?: AbortSignal } = {}): Promise<boolean> {
  const browser = await loadBrowser();
  if (autofill && !(await browser.browserSupportsWebAuthnAutofill())) return false;
  let optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  try {
    optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>('signInOptions', {});
  } catch (error) {
    // Suggestions are a convenience: without options, the field just has none.
    if (autofill) return false;
    throw error;
  }
  // Given up while the options were on their way (the page left, or the button took over).
  if (signal?.aborted) throw new PasskeyAborted();
  let response: AuthenticationResponseJSON;
  try {
    response = await browser.startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (error) {
    throw browserError(error);
  }
  startSession(
    await post<{ idToken: string; refreshToken: string; expiresIn: string }>('signIn', {
      response,
    }),
  );
  return true;
}

/** Ends a pending passkey prompt of this page (the autofill one, when the page is left). */
export async function cancelPasskeyPrompt(): Promise<void> {
  (await loadBrowser()).WebAuthnAbortService.cancelCeremony();
}
