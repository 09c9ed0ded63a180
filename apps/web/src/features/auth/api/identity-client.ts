import { currentLocale } from '../../../i18n/i18n';
import type {
  IdentityClientConfig,
  IdentityLookupResponse,
  IdentityRefreshResponse,
  IdentitySignInResponse,
  IdentityUpdateResponse,
} from '@photo/contract';
import { ApiError } from '../../../shared/api/api-error';
import { loadIdentityConfig } from '../../../shared/api/client-config';
import { describeIdentityError, identityErrorCode } from './identity-errors';

/** A refusal of the identity service: `code` as it sent it, `message` for people. */
export class IdentityError extends Error {
  readonly code: string;
  /** The provider's own message, e.g. "WEAK_PASSWORD : Password should be at least 8 characters". */
  readonly providerMessage: string;

  constructor(providerMessage: string) {
    super(describeIdentityError(providerMessage));
    this.name = 'IdentityError';
    this.providerMessage = providerMessage;
    this.code = identityErrorCode(providerMessage);
  }
}

function withKey(url: string, apiKey: string | undefined): string {
  if (!apiKey) return url;
  return `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(apiKey)}`;
}

type Endpoint = { accounts: string } | 'token';

/**
 * An identity call's address, built from the identity configuration; a configuration that cannot
 * be read fails the call as the service would (its 5xx, or no network).
 */
export async function identityUrl(
  build: (config: IdentityClientConfig) => string,
): Promise<string> {
  try {
    return build(await loadIdentityConfig());
  } catch (error) {
    throw new IdentityError(
      error instanceof ApiError && error.status >= 500 ? `HTTP_${error.status}` : 'NETWORK_ERROR',
    );
  }
}

/** The answer's JSON, or undefined where there is none (or it is not JSON). */
const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/**
 * POST with a JSON body to the identity service: its answer, or an IdentityError with the code it
 * sent (no network, no JSON answer: NETWORK_ERROR, BAD_RESPONSE).
 */
export async function postToIdentity<T>(
  url: string,
  body: unknown,
  {
    headers,
    read = readJson,
  }: {
    headers?: Record<string, string>;
    read?: (response: Response) => Promise<unknown>;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new IdentityError('NETWORK_ERROR');
  }
  const parsed = await read(response);
  if (!response.ok) {
    const message = (parsed as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new IdentityError(typeof message === 'string' ? message : `HTTP_${response.status}`);
  }
  if (parsed === undefined) throw new IdentityError('BAD_RESPONSE');
  return parsed as T;
}

/** The answer's JSON; an empty answer is an empty object, one that is not JSON undefined. */
async function readJsonOrEmpty(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/** POST with a JSON body to the identity service (Firebase Identity Toolkit REST protocol). */
async function post<T>(endpoint: Endpoint, body: unknown): Promise<T> {
  const url = await identityUrl((config) =>
    withKey(
      endpoint === 'token' ? config.tokenUrl : `${config.baseUrl}/accounts:${endpoint.accounts}`,
      config.apiKey,
    ),
  );
  return postToIdentity<T>(url, body, {
    // The language of the e-mails this request may send (the hosted protocol's header).
    headers: { 'X-Firebase-Locale': currentLocale() },
    read: readJsonOrEmpty,
  });
}

export const identityClient = {
  signUp: (email: string, password: string) =>
    post<IdentitySignInResponse>(
      { accounts: 'signUp' },
      { email, password, returnSecureToken: true },
    ),

  signIn: (email: string, password: string) =>
    post<IdentitySignInResponse>(
      { accounts: 'signInWithPassword' },
      { email, password, returnSecureToken: true },
    ),

  /** Exchanges a refresh token for a new ID token and a new refresh token (they rotate). */
  refresh: (refreshToken: string) =>
    post<IdentityRefreshResponse>('token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    }),

  /** Revokes a refresh token. */
  signOut: (refreshToken: string) => post<unknown>({ accounts: 'signOut' }, { refreshToken }),

  /** The account an ID token names (its address, and whether it is verified). */
  lookup: (idToken: string) => post<IdentityLookupResponse>({ accounts: 'lookup' }, { idToken }),

  /** Sets a new password (needs a sign-in of the last minutes); answers the caller's new sign-in. */
  updatePassword: (idToken: string, password: string) =>
    post<IdentityUpdateResponse>(
      { accounts: 'update' },
      { idToken, password, returnSecureToken: true },
    ),

  /** Deletes the sign-in account an ID token names. */
  deleteAccount: (idToken: string) => post<unknown>({ accounts: 'delete' }, { idToken }),

  /** E-mails a link to reset the password of the account with that address (if there is one). */
  sendPasswordReset: (email: string) =>
    post<{ email: string }>({ accounts: 'sendOobCode' }, { requestType: 'PASSWORD_RESET', email }),

  /** E-mails a link that confirms the signed-in user's address. */
  sendVerification: (idToken: string) =>
    post<{ email: string }>({ accounts: 'sendOobCode' }, { requestType: 'VERIFY_EMAIL', idToken }),

  /** Which address a password-reset code is for; refuses a used or expired code. */
  checkResetCode: (oobCode: string) =>
    post<{ email: string }>({ accounts: 'resetPassword' }, { oobCode }),

  /** Sets a new password with a reset code (every sign-in of the account ends). */
  resetPassword: (oobCode: string, newPassword: string) =>
    post<{ email: string }>({ accounts: 'resetPassword' }, { oobCode, newPassword }),

  /** Confirms the address an e-mailed verification code was sent to. */
  applyVerification: (oobCode: string) =>
    post<IdentityUpdateResponse>({ accounts: 'update' }, { oobCode }),
};
