import type { AppDeps } from '../../deps.js';
import { recordSeen } from './admin.repository.js';

/** How often, at most, one instance records that it saw a person. */
const SEEN_EVERY_MS = 10 * 60 * 1000;
const SEEN_MAX = 100_000;

/**
 * With a hosted identity provider the server sees no sign-in: the administration's "last sign-in"
 * is when an instance last saw the person (a request with their ID token), recorded at most every
 * ten minutes per person and instance. With the embedded service, sessions.signInAnswer records
 * every sign-in, and this does nothing.
 */
export function accountsSeen(deps: Pick<AppDeps, 'db' | 'clock' | 'signingKeys'>) {
  const last = new Map<string, number>();
  return (uid: string): void => {
    if (deps.signingKeys) return;
    const now = deps.clock.now();
    const before = last.get(uid);
    if (before !== undefined && now.getTime() - before < SEEN_EVERY_MS) return;
    if (last.size >= SEEN_MAX) last.clear();
    last.set(uid, now.getTime());
    void recordSeen(deps.db, uid, now.toISOString()).catch(() => last.delete(uid));
  };
}
