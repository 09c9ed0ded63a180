import type { Keyset } from './paging.js';

/**
 * Each read starts this long before the last event sent: a transaction that began earlier can
 * commit its event after later ones were read. What was already sent is not sent again.
 */
const OVERLAP_MS = 5_000;
const READ_LIMIT = 100;

/** One read of a live stream's events after a position, in keyset order. */
export interface OverlapRead<E> {
  events: readonly E[];
  /** Rows the read looked at (it may send fewer events than it read). */
  rowsRead: number;
  /** Where the read stopped; undefined when it read nothing. */
  lastRead: Keyset | undefined;
}

function laterThan(a: Keyset, b: Keyset): boolean {
  return a.key > b.key || (a.key === b.key && a.id > b.id);
}

function shifted(position: Keyset, ms: number): Keyset {
  return { key: new Date(Date.parse(position.key) + ms).toISOString(), id: '' };
}

/**
 * What a live stream (Server-Sent Events) has sent: its position, and the events sent lately, so
 * that reads overlapping the last few seconds send nothing twice. Used by the comment and activity
 * streams.
 */
export class OverlappingReads<E extends { position: Keyset }> {
  #position: Keyset;
  /** Ids of events sent lately, with their time. */
  readonly #sent = new Map<string, string>();
  readonly #idOf: (event: E) => string;

  /** `idOf`: what names an event (an event with an id already sent is not sent again). */
  constructor(start: Keyset, idOf: (event: E) => string, options: { startSent?: boolean } = {}) {
    this.#position = start;
    this.#idOf = idOf;
    if (options.startSent) this.#sent.set(start.id, start.key);
  }

  /** Reads from a little before the position on, and sends each event not sent yet. */
  async sendNew(
    read: (from: Keyset, limit: number) => Promise<OverlapRead<E>>,
    send: (event: E) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    let from = shifted(this.#position, -OVERLAP_MS);
    for (;;) {
      const page = await read(from, READ_LIMIT);
      for (const event of page.events) {
        const id = this.#idOf(event);
        if (!this.#sent.has(id) && !signal.aborted) {
          await send(event);
          this.#sent.set(id, event.position.key);
        }
        if (laterThan(event.position, this.#position)) this.#position = event.position;
      }
      if (page.rowsRead < READ_LIMIT || !page.lastRead) break;
      from = page.lastRead;
    }
    const forgetBefore = shifted(this.#position, -2 * OVERLAP_MS).key;
    for (const [id, key] of this.#sent) if (key < forgetBefore) this.#sent.delete(id);
  }
}
