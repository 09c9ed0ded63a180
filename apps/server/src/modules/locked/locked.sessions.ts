import { createHash, randomBytes } from 'node:crypto';
import {
  LOCKED_SESSION_IDLE_SECONDS,
  LOCKED_SIGN_IN_MAX_AGE_SECONDS,
  type LockedSession,
} from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/errors.js';
import {
  deleteEndedSessions,
  deleteSession,
  extendOpenSession,
  insertLockedSession,
} from './locked.repository.js';

/**
 * Sessions of the locked place (decision 0084): opened with an ID token whose auth_time is fresh
 * (the person just gave their password, a passkey or their second factor), they end after
 * LOCKED_SESSION_IDLE_SECONDS without a locked call, or when the person ends them. The secret
 * travels as `<id>.<secret>`; the database keeps its SHA-256 only. The id is public: the locked
 * page's picture signatures name it, so they stop loading when it ends.
 */

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const idleUntil = (now: Date) => new Date(now.getTime() + LOCKED_SESSION_IDLE_SECONDS * 1000);

const sessionRequired = () =>
  new AppError(
    'LOCKED_SESSION_REQUIRED',
    'The locked place is closed: confirm it is you to open it again.',
  );

/** The id and secret a session header carries; null when it is not one of ours. */
function parseSession(header: string | undefined): { id: string; secret: string } | null {
  const match =
    header === undefined ? null : /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{16,128})$/.exec(header);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/**
 * Opens a session for a caller whose token says they signed in (password, passkey, second factor)
 * at most LOCKED_SIGN_IN_MAX_AGE_SECONDS ago; an older sign-in: 403 RECENT_SIGN_IN_REQUIRED.
 */
export async function openLockedSession(deps: AppDeps, caller: AuthUser): Promise<LockedSession> {
  const now = deps.clock.now();
  const age = caller.authTime === undefined ? Infinity : now.getTime() / 1000 - caller.authTime;
  if (!(age <= LOCKED_SIGN_IN_MAX_AGE_SECONDS)) {
    throw new AppError(
      'RECENT_SIGN_IN_REQUIRED',
      'Confirm it is you (your password, a passkey or your second factor) to open the locked place.',
    );
  }
  await deleteEndedSessions(deps.db, caller.id, now.toISOString());
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = idleUntil(now).toISOString();
  await insertLockedSession(deps.db, {
    id,
    secret_hash: hashOf(secret),
    user_id: caller.id,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { session: `${id}.${secret}`, expiresAt, idleSeconds: LOCKED_SESSION_IDLE_SECONDS };
}

/**
 * The caller's open session named by the header, pushed on for another idle period; 403
 * LOCKED_SESSION_REQUIRED when there is none (missing, someone else's, ended, idle too long).
 * Answers its public id (picture signatures name it).
 */
export async function requireLockedSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  caller: AuthUser,
  header: string | undefined,
): Promise<string> {
  const parsed = parseSession(header);
  if (!parsed) throw sessionRequired();
  const now = deps.clock.now();
  const open = await extendOpenSession(
    deps.db,
    { id: parsed.id, secretHash: hashOf(parsed.secret), userId: caller.id },
    { now: now.toISOString(), until: idleUntil(now).toISOString() },
  );
  if (!open) throw sessionRequired();
  return parsed.id;
}

/** Ends the caller's session named by the header (sign-out, leaving or locking the page). */
export async function endLockedSession(
  deps: Pick<AppDeps, 'db'>,
  caller: AuthUser,
  header: string | undefined,
): Promise<void> {
  const parsed = parseSession(header);
  if (!parsed) return;
  await deleteSession(deps.db, {
    id: parsed.id,
    secretHash: hashOf(parsed.secret),
    userId: caller.id,
  });
}
