import type { EventBus } from './event-bus.js';

/** Wakes this instance's waiters on a key (e.g. a photo's id) when it changes. */
export class ChangeWakeups {
  readonly #waiters = new Map<string, Set<() => void>>();

  notify(key: string): void {
    for (const wake of this.#waiters.get(key) ?? []) wake();
  }

  /**
   * Resolves when the key changes here (true), after timeoutMs or on abort (false).
   */
  wait(key: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let waiters = this.#waiters.get(key);
      if (!waiters) this.#waiters.set(key, (waiters = new Set()));
      const finish = (changed: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        waiters.delete(wake);
        if (waiters.size === 0) this.#waiters.delete(key);
        resolve(changed);
      };
      const wake = () => finish(true);
      const stop = () => finish(false);
      const timer = setTimeout(stop, timeoutMs);
      signal.addEventListener('abort', stop);
      waiters.add(wake);
    });
  }
}

/**
 * That something named by a key changed (e.g. a photo's comments), told on one channel of the event
 * bus to every instance (this one included), whose waiters on that key then wake.
 */
export class ChangeFeed {
  readonly wakeups = new ChangeWakeups();

  constructor(
    private readonly eventBus: EventBus,
    private readonly channel: string,
  ) {}

  /** Tells every instance; does not wait for the bus. */
  publish(key: string, log: { warn(details: object, message: string): void }): void {
    this.eventBus.publish(this.channel, { key }).catch((error: unknown) => {
      // Other instances' waiters still poll; this one's wake now.
      log.warn({ err: error, channel: this.channel }, 'change not published on the event bus');
      this.wakeups.notify(key);
    });
  }

  /** Wakes this instance's waiters on every instance's changes; answers how to stop. */
  listen(): Promise<() => Promise<void>> {
    return this.eventBus.subscribe(this.channel, (event) => {
      if (typeof event === 'object' && event !== null && !Array.isArray(event)) {
        if (typeof event.key === 'string') this.wakeups.notify(event.key);
      }
    });
  }
}
