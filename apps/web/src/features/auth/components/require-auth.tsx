import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '../../../shared/auth/session-store';
import { paths } from '../../../shared/config/paths';
import type { LoginRedirectState } from './redirect-target';

/**
 * Guards its routes: a signed-out visitor goes to login, and comes back to the page they asked
 * for after signing in. When the session ends during a visit (logout, a refused refresh, another
 * tab signing out), the page left is not remembered: the next sign-in, maybe someone else's,
 * starts at Recent Albums.
 */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const [arrivedSignedIn] = useState(signedIn);
  if (!signedIn) {
    const state: LoginRedirectState | undefined = arrivedSignedIn
      ? undefined
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
