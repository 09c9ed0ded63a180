import { HOME_PATH, paths } from '../../../shared/config/paths';

/** Router state the guard leaves for the login page: the page that was asked for. */
export interface LoginRedirectState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where to go after signing in: the page that was asked for, or Recent Albums. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return HOME_PATH;
  }
  if (pathname === paths.root || pathname === paths.login) return HOME_PATH;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}
