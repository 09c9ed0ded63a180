import { LOCKED_SESSION_HEADER, type LockedSession } from '@photo/contract';
import { apiJson, authHeaders } from '../../../shared/api/api-client';
import { readSession, whenSigningOut } from '../../../shared/auth/session-store';
import { valueStore } from '../../../shared/lib/value-store';

/**
 * The open session of the locked place (decision 0084), kept in this page's memory only: a reload,
 * another tab or a sign-out asks again. The server ends it after its idle time; so does this
 * store, so the page falls back to the unlock step without waiting for a refused call.
 */
interface Open {
  session: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const current = valueStore<Open | null>(null);
let timer: ReturnType<typeof setTimeout> | undefined;

function set(next: Open | null) {
  clearTimeout(timer);
  if (next) timer = setTimeout(() => set(null), Math.max(0, next.expiresAt - Date.now()));
  current.set(next);
}

/** The open session's header for a locked call, or none (the call is then refused). */
export function lockedHeaders(): Record<string, string> {
  const open = current.get();
  return open ? { [LOCKED_SESSION_HEADER]: open.session } : {};
}

/** A locked call went through: the server pushed the session on by its idle time. */
export function sessionUsed(idleSeconds: number): void {
  const open = current.get();
  if (open) set({ ...open, expiresAt: Date.now() + idleSeconds * 1000 });
}

/** The server said the session is over (ended, or idle too long): ask again. */
export function forgetLockedSession(): void {
  set(null);
}

/** Whether a session is open, and the session itself (a query key part), re-rendering on change. */
export function useLockedSession(): string | null {
  return current.useValue()?.session ?? null;
}

/**
 * POST /api/locked/session: the current ID token must come from a sign-in made just now (the
 * unlock step's password, passkey or second factor).
 */
export async function openLockedSession(): Promise<void> {
  const answer = await apiJson<LockedSession>('/api/locked/session', { method: 'POST' });
  set({ session: answer.session, expiresAt: Date.parse(answer.expiresAt) });
}

/**
 * DELETE /api/locked/session: the page's pictures stop loading. Sent with the ID token as it is
 * now, without waiting, so that signing out can go on at once (the token is cleared right after).
 */
export function endLockedSession(): void {
  const ending = current.get();
  set(null);
  const token = readSession()?.idToken ?? null;
  if (!ending || !token) return;
  void fetch('/api/locked/session', {
    method: 'DELETE',
    headers: { ...authHeaders('DELETE', token), [LOCKED_SESSION_HEADER]: ending.session },
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {
    // Offline: the session ends on its own after its idle time.
  });
}

// Signing out ends the session, while the ID token that may end it is still here.
whenSigningOut(endLockedSession);
