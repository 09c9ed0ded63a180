import { currentLocale } from '../../../i18n/i18n';
import type {
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

/** POST with a JSON body to the identity service (Firebase Identity Toolkit REST protocol). */
async function post<T>(endpoint: Endpoint, body: unknown): Promise<T> {
  let url: string;
  try {
    const config = await loadIdentityConfig();
    const target =
      endpoint === 'token' ? config.tokenUrl : `${config.baseUrl}/accounts:${endpoint.accounts}`;
    url = withKey(target, config.apiKey);
  } catch (error) {
    throw new IdentityError(
      error instanceof ApiError && error.status >= 500 ? `HTTP_${error.status}` : 'NETWORK_ERROR',
    );
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        // The language of the e-mails this request may send (the hosted protocol's header).
        'X-Firebase-Locale': currentLocale(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new IdentityError('NETWORK_ERROR');
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: handled below.
  }
  if (!response.ok) {
    const message = (parsed as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new IdentityError(typeof message === 'string' ? message : `HTTP_${response.status}`);
  }
  if (parsed === undefined) throw new IdentityError('BAD_RESPONSE');
  return parsed as T;
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
