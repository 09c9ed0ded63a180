import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { readActivityEvents, type SentActivityEvent } from './activity.service.js';

/**
 * A stream reads again at least this often. New entries wake it at once through the event bus;
 * the bus delivers at most once, so this bounds the delay when a notification is lost.
 */
export const POLL_MS = 5_000;
/** A comment line every so often keeps proxies from closing an idle stream. */
export const KEEPALIVE_MS = 25_000;
/**
 * Each read starts this long before the last entry sent: a transaction that began earlier can
 * commit its entry after later ones were read. What was already sent is not sent again.
 */
const OVERLAP_MS = 5_000;
const READ_LIMIT = 100;

function laterThan(a: Keyset, b: Keyset): boolean {
  return a.key > b.key || (a.key === b.key && a.id > b.id);
}

function shifted(position: Keyset, ms: number): Keyset {
  return { key: new Date(Date.parse(position.key) + ms).toISOString(), id: '' };
}

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
  let position = options.start;
  // Events sent lately (with their time), so the overlap sends nothing twice.
  const sent = new Map<string, string>();
  while (!signal.aborted) {
    let from = shifted(position, -OVERLAP_MS);
    for (;;) {
      const read = await readActivityEvents(deps, caller, from, READ_LIMIT);
      for (const event of read.events) {
        // The overlap may repeat what the client has (read with the list, or before a resume):
        // the client keeps one entry per id. An entry that grew by a burst comes again with a new
        // position, so a new event id.
        if (!sent.has(event.id) && !signal.aborted) {
          await options.send(event);
          sent.set(event.id, event.position.key);
        }
        if (laterThan(event.position, position)) position = event.position;
      }
      if (read.rowsRead < READ_LIMIT || !read.lastRead) break;
      from = read.lastRead;
    }
    const forgetBefore = shifted(position, -2 * OVERLAP_MS).key;
    for (const [id, key] of sent) if (key < forgetBefore) sent.delete(id);
    await deps.activityChanges.wakeups.wait(caller.id, POLL_MS, signal);
  }
}
