import type { LikeEvent } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { POLL_MS } from '../../http/sse.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Keyset } from '../../lib/paging.js';
import { OverlappingReads } from '../../lib/overlapping-reads.js';
import { readLikeCount } from '../likes/likes.service.js';
import { readCommentEvents, type SentCommentEvent } from './comments.service.js';

export interface CommentStreamOptions {
  deps: AppDeps;
  caller: AuthUser;
  photoId: string;
  /** Send events after this position (see streamStart, http/sse.ts). */
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
  // The overlap may repeat what the client has (before a resume, or read with the list):
  // applying an event twice changes nothing on the client.
  const reads = new OverlappingReads<SentCommentEvent>(
    options.start,
    (event) => event.position.id,
    { startSent: true },
  );
  let likeCount: number | undefined;
  while (!signal.aborted) {
    const likes = await readLikeCount(deps, photoId);
    if (likes !== likeCount && !signal.aborted) {
      await options.sendLikes({ photoId, likeCount: likes });
      likeCount = likes;
    }
    await reads.sendNew(
      (from, limit) => readCommentEvents(deps, caller, photoId, from, limit),
      (event) => options.send(event),
      signal,
    );
    await waitForChange(deps, photoId, POLL_MS, signal);
  }
}
