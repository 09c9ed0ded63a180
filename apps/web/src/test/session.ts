import { SESSION_KEYS } from '../shared/auth/session-store';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like an ID token (the client reads it; only the server checks signatures). */
export function fakeIdToken(userId: string, label = 'token'): string {
  return `${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url({ sub: userId, label })}.signature`;
}

/** Stores a session as a sign-in would, expiring in `expiresInMs`. */
export function signInAs(
  userId = 'user-1',
  { expiresInMs = 60 * 60 * 1000, refreshToken = 'refresh-1', label = 'token' } = {},
) {
  const idToken = fakeIdToken(userId, label);
  localStorage.setItem(SESSION_KEYS.idToken, idToken);
  localStorage.setItem(SESSION_KEYS.refreshToken, refreshToken);
  localStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + expiresInMs));
  return idToken;
}
