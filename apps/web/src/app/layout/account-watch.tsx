import { useEffect } from 'react';
import { apiRequest } from '../../shared/api/api-client';
import { useSignedIn } from '../../shared/auth/session-store';

/**
 * How often an open page asks whether its account still works. With the server's own check
 * (DISABLED_ACCOUNTS_CHECK_SECONDS, at most 60 s, 30 s by default), a page whose account an
 * administrator disabled is signed out within a minute even when nobody touches it.
 */
export const ACCOUNT_WATCH_MS = 20_000;

/**
 * While signed in and shown, asks GET users/me every ACCOUNT_WATCH_MS: an answer of 401
 * ACCOUNT_DISABLED signs the person out, back to the login page with a notice (the API client's
 * session hook). Other failures are left to the page's own requests.
 */
export function AccountWatch() {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      apiRequest('/api/users/me').then(
        (response) => void response.body?.cancel(),
        () => undefined,
      );
    }, ACCOUNT_WATCH_MS);
    return () => clearInterval(timer);
  }, [signedIn]);
  return null;
}
