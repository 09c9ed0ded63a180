import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../theme/theme-store';
import { decodeTokenSubject } from './jwt';
import { SESSION_KEYS } from './session-keys';

export { SESSION_KEYS };

export interface StoredSession {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

/** The stored session, or null when nobody is signed in. */
export function readSession(): StoredSession | null {
  const idToken = read(SESSION_KEYS.idToken);
  if (!idToken) return null;
  const expiresAt = Number(read(SESSION_KEYS.expiresAt));
  return {
    idToken,
    refreshToken: read(SESSION_KEYS.refreshToken) ?? '',
    expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0,
  };
}

export function writeSession(session: StoredSession): void {
  const store = storage();
  if (store) {
    try {
      store.setItem(SESSION_KEYS.idToken, session.idToken);
      store.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
      store.setItem(SESSION_KEYS.expiresAt, String(session.expiresAt));
    } catch {
      // Storage full or refused: the session still works until the page is reloaded.
    }
  }
  emit();
}

/** Signing out forgets everything the app kept in the browser: local and session storage. */
export function clearBrowserStorage(): void {
  try {
    // The colour theme is this device's display setting, not the user's data: it stays.
    const theme = window.localStorage.getItem(THEME_STORAGE_KEY);
    window.localStorage.clear();
    if (theme !== null) window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage not available: nothing to clear.
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // Same.
  }
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in, refreshed or signed out.
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getIdTokenSnapshot = () => read(SESSION_KEYS.idToken);
const signedInSnapshot = () => getIdTokenSnapshot() !== null;

/**
 * The id of the person a server-rendered page was drawn for (its session cookie named them), or
 * null: the server draws the page, and the browser hydrates it, as signed in to that person. Once
 * hydrated, the stored session decides.
 */
export const ServerViewerContext = createContext<string | null>(null);

/** The stored ID token (re-renders when it changes), or null when signed out. */
export function useIdToken(): string | null {
  return useSyncExternalStore(subscribeSession, getIdTokenSnapshot, () => null);
}

export function useSignedIn(): boolean {
  const viewer = useContext(ServerViewerContext);
  return useSyncExternalStore(subscribeSession, signedInSnapshot, () => viewer !== null);
}

/** The signed-in user's id: the `sub` claim of the stored ID token. */
export function useCurrentUserId(): string | null {
  const viewer = useContext(ServerViewerContext);
  const token = useSyncExternalStore(subscribeSession, getIdTokenSnapshot, () => undefined);
  return useMemo(
    () => (token === undefined ? viewer : token ? decodeTokenSubject(token) : null),
    [token, viewer],
  );
}

const signingOutHooks = new Set<() => void>();

/**
 * Runs `hook` when the person signs out, before the session is forgotten (its ID token is still
 * here). Code loaded with one page registers itself this way, so the first page's code does not
 * carry it (the locked place ends its session so).
 */
export function whenSigningOut(hook: () => void): void {
  signingOutHooks.add(hook);
}

/** Signing out begins: every registered hook runs, while the session is still stored. */
export function signingOut(): void {
  for (const hook of signingOutHooks) hook();
}
