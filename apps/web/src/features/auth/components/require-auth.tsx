import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '../../../shared/auth/session-store';
import { paths } from '../../../shared/config/paths';
import type { LoginRedirectState } from './redirect-target';

/** Guards its routes: a signed-out visitor goes to login, and comes back after signing in. */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
