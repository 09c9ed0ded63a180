import type { AppDeps } from '../../deps.js';
import { POLL_MS } from '../../http/sse.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { OverlappingReads } from '../../lib/overlapping-reads.js';
import type { ActivityUnread } from '@photo/contract';
import { readActivityEvents, unreadActivity, type SentActivityEvent } from './activity.service.js';

export interface ActivityStreamOptions {
  deps: AppDeps;
  caller: AuthUser;
  /** Send entries after this position (see streamStart, http/sse.ts). */
  start: Keyset;
  send(event: SentActivityEvent): Promise<void>;
  /**
   * Sends the unread count alone: at the start with no entry to send, and when it changed with no
   * new entry (see below).
   */
  sendUnread(unread: ActivityUnread): Promise<void>;
  signal: AbortSignal;
}

/**
 * Sends the caller's new feed entries as they come, until the signal aborts. When the caller is
 * told of a change that brought no new entry (they left an album, or were removed from it, so
 * its entries no longer count), the unread count is read again and sent alone if it moved. A
 * stream that opens with no entry to send starts with the count: the client's may have been read
 * before it connected (a page drawn on the server, a read in another tab or on another device).
 */
export async function runActivityStream(options: ActivityStreamOptions): Promise<void> {
  const { deps, caller, signal } = options;
  // The overlap may repeat what the client has (read with the list, or before a resume): the
  // client keeps one entry per id. An entry that grew by a burst comes again with a new position,
  // so a new event id.
  const reads = new OverlappingReads<SentActivityEvent>(options.start, (event) => event.id);
  let lastUnread: string | undefined;
  // The first pass counts as woken: it sends the count when it has no entry to send.
  let woken = true;
  while (!signal.aborted) {
    let sent = false;
    await reads.sendNew(
      (from, limit) => readActivityEvents(deps, caller, from, limit),
      (event) => {
        sent = true;
        lastUnread = JSON.stringify(event.data.unread);
        return options.send(event);
      },
      signal,
    );
    if (woken && !sent && !signal.aborted) {
      const unread = await unreadActivity(deps, caller);
      const said = JSON.stringify(unread);
      if (said !== lastUnread) {
        lastUnread = said;
        await options.sendUnread(unread);
      }
    }
    woken = await deps.activityChanges.wakeups.wait(caller.id, POLL_MS, signal);
  }
}
