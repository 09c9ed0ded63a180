import { t } from '../../../i18n/i18n';
import { ApiError, networkError, sessionEndedError } from '../../../shared/api/api-error';
import type { SessionHooks } from '../../../shared/api/api-client';
import {
  clearBrowserStorage,
  readSession,
  signingOut,
  writeSession,
  type StoredSession,
} from '../../../shared/auth/session-store';
import { REFRESH_MARGIN_MS } from '../../../shared/auth/session-keys';
import { IdentityError, identityClient } from './identity-client';
import { leaveLoginNotice } from './login-notice';

const expiringSoon = (session: StoredSession, now = Date.now()) =>
  session.expiresAt - now <= REFRESH_MARGIN_MS;

const expiresAt = (expiresIn: string) => Date.now() + (Number(expiresIn) || 3600) * 1000;

/** Keeps the tokens of a successful sign-in or sign-up. */
export function startSession(answer: { idToken: string; refreshToken: string; expiresIn: string }) {
  writeSession({
    idToken: answer.idToken,
    refreshToken: answer.refreshToken,
    expiresAt: expiresAt(answer.expiresIn),
  });
}

async function refreshNow(staleToken: string | null): Promise<string | null> {
  const current = readSession();
  if (!current) return null;
  // A newer token is already stored (another tab, or a call that refreshed first).
  if (current.idToken !== staleToken && !expiringSoon(current)) return current.idToken;
  if (!current.refreshToken) {
    clearBrowserStorage();
    return null;
  }
  try {
    const answer = await identityClient.refresh(current.refreshToken);
    // Refresh tokens rotate: the new one replaces the old one, which no longer works.
    writeSession({
      idToken: answer.id_token,
      refreshToken: answer.refresh_token,
      expiresAt: expiresAt(answer.expires_in),
    });
    return answer.id_token;
  } catch (error) {
    if (error instanceof IdentityError) {
      if (error.code === 'NETWORK_ERROR') throw networkError();
      if (/^HTTP_5\d\d$/.test(error.code)) {
        throw new ApiError(503, 'UNAVAILABLE', t('auth.error.serviceDown'));
      }
    }
    // Another tab may have used the same refresh token a moment ago and stored the result.
    const latest = readSession();
    if (latest && latest.refreshToken !== current.refreshToken && !expiringSoon(latest)) {
      return latest.idToken;
    }
    clearBrowserStorage();
    return null;
  }
}

let inflight: Promise<string | null> | null = null;

/**
 * A new ID token after `staleToken` was refused or is about to expire; null when the identity
 * service refuses the refresh token, in which case the user is signed out. Concurrent callers
 * share one refresh, and tabs take turns (Web Locks) so a rotating refresh token is used once.
 */
export function refreshIdToken(staleToken: string | null): Promise<string | null> {
  if (inflight) return inflight;
  const run = () => refreshNow(staleToken);
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  const pending = async (): Promise<string | null> =>
    locks ? await locks.request('my-photo-application:token-refresh', run) : run();
  const shared = pending().finally(() => {
    inflight = null;
  });
  inflight = shared;
  return shared;
}

/** The stored ID token, renewed first when it is about to expire; null when signed out. */
export async function getFreshIdToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  if (!expiringSoon(session)) return session.idToken;
  const fresh = await refreshIdToken(session.idToken);
  if (!fresh) throw sessionEndedError();
  return fresh;
}

/** What the API client needs from the session (see connectSession). */
export const sessionHooks: SessionHooks = {
  getIdToken: getFreshIdToken,
  refreshIdToken,
  accountDisabled: () => {
    leaveLoginNotice(t('admin.disabledNotice'));
    void signOut();
  },
};

/**
 * Signs out: forgets everything kept in the browser at once (the screens react to that), then
 * revokes the refresh token with the identity service.
 */
export async function signOut(): Promise<void> {
  signingOut();
  const session = readSession();
  clearBrowserStorage();
  if (!session?.refreshToken) return;
  try {
    await identityClient.signOut(session.refreshToken);
  } catch (error) {
    // Signed out here anyway; the token expires on its own.
    console.warn('The sign-in service could not revoke the session.', error);
  }
}
