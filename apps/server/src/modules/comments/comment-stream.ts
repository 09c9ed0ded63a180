import type { LikeEvent } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { readLikeCount } from '../likes/likes.service.js';
import { readCommentEvents, type SentCommentEvent } from './comments.service.js';

/**
 * A stream reads again at least this often. Changes wake it at once through the event bus; the
 * bus delivers at most once, so this bounds the delay when a notification is lost.
 */
export const POLL_MS = 5_000;
/** A comment line every so often keeps proxies from closing an idle stream. */
export const KEEPALIVE_MS = 25_000;
/**
 * Each read starts this long before the last event sent: a transaction that began earlier can
 * commit its event after later ones were read. What was already sent is not sent again.
 */
const OVERLAP_MS = 5_000;
const READ_LIMIT = 100;

function laterThan(a: Keyset, b: Keyset): boolean {
  return a.key > b.key || (a.key === b.key && a.id > b.id);
}

function shifted(position: Keyset, ms: number): Keyset {
  return { key: new Date(Date.parse(position.key) + ms).toISOString(), id: '' };
}

export interface CommentStreamOptions {
  deps: AppDeps;
  caller: AuthUser;
  photoId: string;
  /** Send events after this position (see streamStart). */
  start: Keyset;
  send(event: SentCommentEvent): Promise<void>;
  /** The photo's like count, when the stream opens and whenever it changes. */
  sendLikes(event: LikeEvent): Promise<void>;
  signal: AbortSignal;
}

/** Resolves when the photo's comments or likes change here, after timeoutMs, or on abort. */
async function waitForChange(
  deps: AppDeps,
  photoId: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const woken = new AbortController();
  const stop = () => woken.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await Promise.race([
      deps.commentChanges.wakeups.wait(photoId, timeoutMs, woken.signal),
      deps.likeChanges.wakeups.wait(photoId, timeoutMs, woken.signal),
    ]);
  } finally {
    signal.removeEventListener('abort', stop);
    woken.abort();
  }
}

/**
 * Sends the photo's comment events as they happen, and its like count when it opens and whenever
 * it changes (read again at every wake: the count, not the change, is sent, so a lost or
 * reordered notification costs nothing but delay), until the signal aborts.
 */
export async function runCommentStream(options: CommentStreamOptions): Promise<void> {
  const { deps, caller, photoId, signal } = options;
  let position = options.start;
  // Event ids sent lately (with their time), so the overlap sends nothing twice.
  const sent = new Map<string, string>([[position.id, position.key]]);
  let likeCount: number | undefined;
  while (!signal.aborted) {
    const likes = await readLikeCount(deps, photoId);
    if (likes !== likeCount && !signal.aborted) {
      await options.sendLikes({ photoId, likeCount: likes });
      likeCount = likes;
    }
    let from = shifted(position, -OVERLAP_MS);
    for (;;) {
      const read = await readCommentEvents(deps, caller, photoId, from, READ_LIMIT);
      for (const event of read.events) {
        const eventId = event.position.id;
        // The overlap may repeat what the client has (before a resume, or read with the list):
        // applying an event twice changes nothing on the client.
        if (!sent.has(eventId) && !signal.aborted) {
          await options.send(event);
          sent.set(eventId, event.position.key);
        }
        if (laterThan(event.position, position)) position = event.position;
      }
      if (read.rowsRead < READ_LIMIT || !read.lastRead) break;
      from = read.lastRead;
    }
    const forgetBefore = shifted(position, -2 * OVERLAP_MS).key;
    for (const [id, key] of sent) if (key < forgetBefore) sent.delete(id);
    await waitForChange(deps, photoId, POLL_MS, signal);
  }
}
