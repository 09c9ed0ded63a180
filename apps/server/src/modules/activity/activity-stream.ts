import type { AppDeps } from '../../deps.js';
import { POLL_MS } from '../../http/sse.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { OverlappingReads } from '../../lib/overlapping-reads.js';
import { readActivityEvents, type SentActivityEvent } from './activity.service.js';

export interface ActivityStreamOptions {
  deps: AppDeps;
  caller: AuthUser;
  /** Send entries after this position (see streamStart, http/sse.ts). */
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
