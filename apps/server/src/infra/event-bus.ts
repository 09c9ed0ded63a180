import pg from 'pg';
import { createLimiter } from '../lib/limiter.js';

/** Values that survive JSON.stringify and JSON.parse unchanged. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type EventHandler = (event: JsonValue) => void;

/**
 * Publish/subscribe of JSON events by channel, for live features. Delivery is at most once: a
 * subscriber that is not connected when an event is published does not get it later. Every
 * subscriber of a channel, on every instance, gets each event, its publisher's included.
 */
export interface EventBus {
  publish(channel: string, event: JsonValue): Promise<void>;
  /** Answers a function that ends this subscription. */
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Letters, digits, "_", "-", ".", ":"; short enough for a PostgreSQL identifier with our prefix. */
const CHANNEL = /^[A-Za-z0-9_.:-]{1,48}$/;
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes on. */
export const MAX_EVENT_BYTES = 7900;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid event channel: ${JSON.stringify(channel)}`);
}

function encode(event: JsonValue): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
    throw new Error(`An event is at most ${MAX_EVENT_BYTES} bytes of JSON`);
  }
  return payload;
}

class Subscribers {
  readonly #byChannel = new Map<string, Set<EventHandler>>();

  add(channel: string, handler: EventHandler): boolean {
    const set = this.#byChannel.get(channel) ?? new Set();
    const first = set.size === 0;
    set.add(handler);
    this.#byChannel.set(channel, set);
    return first;
  }

  /** Answers whether it was the channel's last subscriber. */
  remove(channel: string, handler: EventHandler): boolean {
    const set = this.#byChannel.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.#byChannel.delete(channel);
    return true;
  }

  clear(): void {
    this.#byChannel.clear();
  }

  channels(): string[] {
    return [...this.#byChannel.keys()];
  }

  deliver(channel: string, event: JsonValue, onError: (error: unknown) => void): void {
    for (const handler of this.#byChannel.get(channel) ?? []) {
      try {
        handler(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}

/** Within one process (the default, and SQLite's). */
export function createInProcessEventBus(
  onError: (error: unknown) => void = () => undefined,
): EventBus {
  const subscribers = new Subscribers();
  return {
    async publish(channel, event) {
      checkChannel(channel);
      // A copy, as from another instance: a subscriber never shares the publisher's object.
      const copy = JSON.parse(encode(event)) as JsonValue;
      queueMicrotask(() => subscribers.deliver(channel, copy, onError));
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      subscribers.add(channel, handler);
      return async () => {
        subscribers.remove(channel, handler);
      };
    },
    async close() {
      subscribers.clear();
    },
  };
}

const RECONNECT_MS = 1000;

/**
 * Across instances through PostgreSQL LISTEN/NOTIFY, on one connection of its own (a pooled
 * connection cannot listen), opened on first use and opened again when it is lost; events
 * published while it is down are lost, as at-most-once says.
 */
export function createPostgresEventBus(
  connectionString: string,
  onError: (error: unknown) => void = () => undefined,
): EventBus {
  const subscribers = new Subscribers();
  const pgChannel = (channel: string) => `"photo_events:${channel}"`;
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  // One query at a time on the connection: pg runs a second one sent meanwhile only after the
  // first, and no longer accepts being sent it (deprecated in pg 8, refused from pg 9).
  const inTurn = createLimiter(1);

  const connect = (): Promise<pg.Client> => {
    client ??= (async () => {
      const connection = new pg.Client({ connectionString });
      connection.on('notification', (message) => {
        const channel = message.channel.replace(/^photo_events:/, '');
        if (message.channel === channel || message.payload === undefined) return;
        let event: JsonValue;
        try {
          event = JSON.parse(message.payload) as JsonValue;
        } catch (error) {
          onError(error);
          return;
        }
        subscribers.deliver(channel, event, onError);
      });
      const lost = (error?: Error) => {
        if (error) onError(error);
        client = undefined;
        connection.removeAllListeners('end');
        connection.removeAllListeners('error');
        connection.on('error', () => undefined);
        void connection.end().catch(() => undefined);
        if (!closed && subscribers.channels().length > 0) {
          setTimeout(() => void connect().catch(onError), RECONNECT_MS).unref();
        }
      };
      connection.on('error', lost);
      connection.on('end', () => lost());
      try {
        await connection.connect();
        for (const channel of subscribers.channels()) {
          await inTurn(() => connection.query(`listen ${pgChannel(channel)}`));
        }
      } catch (error) {
        connection.removeAllListeners('end');
        lost(error as Error);
        throw error;
      }
      return connection;
    })();
    return client;
  };

  return {
    async publish(channel, event) {
      checkChannel(channel);
      const connection = await connect();
      await inTurn(() =>
        connection.query('select pg_notify($1, $2)', [`photo_events:${channel}`, encode(event)]),
      );
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      const first = subscribers.add(channel, handler);
      try {
        const connection = await connect();
        if (first) await inTurn(() => connection.query(`listen ${pgChannel(channel)}`));
      } catch (error) {
        subscribers.remove(channel, handler);
        throw error;
      }
      return async () => {
        if (subscribers.remove(channel, handler) && client) {
          const connection = await client;
          await inTurn(() => connection.query(`unlisten ${pgChannel(channel)}`)).catch(onError);
        }
      };
    },
    async close() {
      closed = true;
      subscribers.clear();
      const current = client;
      client = undefined;
      if (current) {
        const connection = await current.catch(() => undefined);
        connection?.removeAllListeners('end');
        connection?.on('error', () => undefined);
        await connection?.end().catch(() => undefined);
      }
    },
  };
}
