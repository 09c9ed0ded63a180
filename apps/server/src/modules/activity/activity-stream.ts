import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { OverlappingReads } from '../../lib/overlapping-reads.js';
import { readActivityEvents, type SentActivityEvent } from './activity.service.js';

/**
 * A stream reads again at least this often. New entries wake it at once through the event bus;
 * the bus delivers at most once, so this bounds the delay when a notification is lost.
 */
export const POLL_MS = 5_000;
/** A comment line every so often keeps proxies from closing an idle stream. */
export const KEEPALIVE_MS = 25_000;

export interface ActivityStreamOptions {
  deps: AppDeps;
  caller: AuthUser;
  /** Send entries after this position (see activityStreamStart). */
  start: Keyset;
  send(event: SentActivityEvent): Promise<void>;
  signal: AbortSignal;
}

/** Sends the caller's new feed entries as they come, until the signal aborts. */
export async function runActivityStream(options: ActivityStreamOptions): Promise<void> {
  const { deps, caller, signal } = options;
  // The overlap may repeat what the client has (read with the list, or before a resume): the
  // client keeps one entry per id. An entry that grew by a burst comes again with a new position,
  // so a new event id.
  const reads = new OverlappingReads<SentActivityEvent>(options.start, (event) => event.id);
  while (!signal.aborted) {
    await reads.sendNew(
      (from, limit) => readActivityEvents(deps, caller, from, limit),
      (event) => options.send(event),
      signal,
    );
    await deps.activityChanges.wakeups.wait(caller.id, POLL_MS, signal);
  }
}
