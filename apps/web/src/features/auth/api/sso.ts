import type { IdentitySignInResponse, SsoClientConfig } from '@photo/contract';
import { SSO_EXCHANGE_PATH } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { startSession } from './session';

/** Where the browser lands after a single sign-on: kept for the finishing page, in this tab. */
const TARGET_KEY = 'photo.sso.target';

/** Whether the server offers single sign-on, and its button's label; undefined until known. */
export function useSsoConfig(): SsoClientConfig | undefined {
  const query = useQuery(clientConfigQuery);
  if (!query.isSuccess) return undefined;
  return query.data.sso ?? { offered: false };
}

/** Remembers, in this tab, where to land once the sign-in that starts now comes back. */
export function rememberSsoTarget(target: string): void {
  try {
    sessionStorage.setItem(TARGET_KEY, target);
  } catch {
    // Not remembered: the sign-in lands on the home page.
  }
}

/** Where the sign-in started from wanted to go (once); null when not known. */
export function takeSsoTarget(): string | null {
  try {
    const target = sessionStorage.getItem(TARGET_KEY);
    sessionStorage.removeItem(TARGET_KEY);
    return target;
  } catch {
    return null;
  }
}

/** A refused exchange: the server's code (SSO_CODE_INVALID…), or NETWORK_ERROR / HTTP_<status>. */
export class SsoExchangeError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'SsoExchangeError';
  }
}

async function exchange(code: string): Promise<IdentitySignInResponse> {
  let response: Response;
  try {
    response = await fetch(SSO_EXCHANGE_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch {
    throw new SsoExchangeError('NETWORK_ERROR');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new SsoExchangeError(typeof message === 'string' ? message : `HTTP_${response.status}`);
  }
  return body as IdentitySignInResponse;
}

// The code works once: a second run of the effect (React's StrictMode) shares the exchange under way.
const exchanges = new Map<string, Promise<void>>();

/** Trades the one-time code for the tokens, and keeps them as a password sign-in does. */
export function finishSso(code: string): Promise<void> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchange(code)
      .then(startSession)
      .finally(() => exchanges.delete(code));
    exchanges.set(code, pending);
  }
  return pending;
}
