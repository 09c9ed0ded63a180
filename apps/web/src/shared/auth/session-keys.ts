import { ID_TOKEN_STORAGE_KEY } from '@photo/contract';

/**
 * Browser-storage keys of the signed-in session. The ID token key is the spec's. Kept apart from
 * the session store so the page's early script (src/preload/albums-preload.ts) reads the same
 * keys without loading React.
 */
export const SESSION_KEYS = {
  idToken: ID_TOKEN_STORAGE_KEY,
  refreshToken: 'userRefreshToken',
  /** Milliseconds since the epoch at which the ID token expires. */
  expiresAt: 'userIdTokenExpiresAt',
} as const;

/** An ID token is renewed this long before it expires, so no call goes out with a stale one. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;
