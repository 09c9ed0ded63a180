import type { EventBus } from '../../infra/event-bus.js';

/** The event bus channel on which instances tell each other that a photo's comments changed. */
const CHANNEL = 'comments';

/** Wakes this instance's streams of a photo when one of its comments changes. */
export class CommentWakeups {
  readonly #waiters = new Map<string, Set<() => void>>();

  notify(photoId: string): void {
    for (const wake of this.#waiters.get(photoId) ?? []) wake();
  }

  /** Resolves when the photo's comments change here, after timeoutMs, or on abort. */
  wait(photoId: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let waiters = this.#waiters.get(photoId);
      if (!waiters) this.#waiters.set(photoId, (waiters = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0) this.#waiters.delete(photoId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done);
      waiters.add(done);
    });
  }
}

/**
 * That a photo's comments changed, told through the event bus to every instance (this one
 * included), whose open streams of the photo then wake.
 */
export class CommentChanges {
  readonly wakeups = new CommentWakeups();

  constructor(private readonly eventBus: EventBus) {}

  /** Tells every instance; does not wait for the bus. */
  publish(photoId: string, log: { warn(details: object, message: string): void }): void {
    this.eventBus.publish(CHANNEL, { photoId }).catch((error: unknown) => {
      // Other instances' streams still read within POLL_MS; this one's wake now.
      log.warn({ err: error }, 'comment change not published on the event bus');
      this.wakeups.notify(photoId);
    });
  }

  /** Wakes this instance's streams on every instance's changes; answers how to stop. */
  listen(): Promise<() => Promise<void>> {
    return this.eventBus.subscribe(CHANNEL, (event) => {
      if (typeof event === 'object' && event !== null && !Array.isArray(event)) {
        if (typeof event.photoId === 'string') this.wakeups.notify(event.photoId);
      }
    });
  }
}
