import type { IdentityRefreshResponse, IdentitySignInResponse } from '@photo/contract';
import { identityConfig } from '../../../shared/config/env';
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

function endpoint(url: string): string {
  const { apiKey } = identityConfig;
  if (!apiKey) return url;
  return `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(apiKey)}`;
}

/** POST with a JSON body to the identity service (Firebase Identity Toolkit REST protocol). */
async function post<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(endpoint(url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
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

const accounts = (operation: string) => `${identityConfig.baseUrl}/accounts:${operation}`;

export const identityClient = {
  signUp: (email: string, password: string) =>
    post<IdentitySignInResponse>(accounts('signUp'), { email, password, returnSecureToken: true }),

  signIn: (email: string, password: string) =>
    post<IdentitySignInResponse>(accounts('signInWithPassword'), {
      email,
      password,
      returnSecureToken: true,
    }),

  /** Exchanges a refresh token for a new ID token and a new refresh token (they rotate). */
  refresh: (refreshToken: string) =>
    post<IdentityRefreshResponse>(identityConfig.tokenUrl, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    }),

  /** Revokes a refresh token. */
  signOut: (refreshToken: string) => post<unknown>(accounts('signOut'), { refreshToken }),
};
