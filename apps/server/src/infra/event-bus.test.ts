import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '../test/postgres.js';
import {
  createInProcessEventBus,
  createPostgresEventBus,
  type EventBus,
  type JsonValue,
} from './event-bus.js';

/** Collects what a subscription receives; waits for a number of events without a fixed sleep. */
function collector() {
  const received: JsonValue[] = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    handler: (event: JsonValue) => {
      received.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
    async waitFor(count: number, timeoutMs = 10_000): Promise<JsonValue[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`got ${received.length} of ${count} events`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
  };
}

/** Two instances' buses: a publisher and a subscriber elsewhere. */
interface Pair {
  a: EventBus;
  b: EventBus;
}

function contract(name: string, open: () => Promise<Pair>, across: boolean) {
  describe(name, () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await open();
    });
    afterAll(async () => {
      await pair.a.close();
      await pair.b.close();
    });

    it(`delivers a JSON event to every subscriber of its channel${across ? ', on another instance too' : ''}`, async () => {
      const there = collector();
      const here = collector();
      const elsewhere = collector();
      const stopThere = await pair.b.subscribe('comments:album-1', there.handler);
      const stopHere = await pair.a.subscribe('comments:album-1', here.handler);
      const stopElsewhere = await pair.b.subscribe('comments:album-2', elsewhere.handler);
      const event = { type: 'comment.added', id: 'c1', text: 'Ünïcode ✓', n: 3, tags: ['a', null] };
      await pair.a.publish('comments:album-1', event);
      expect(await there.waitFor(1)).toEqual([event]);
      expect(await here.waitFor(1)).toEqual([event]);
      // A later event on the other channel arrives; the first one never went there.
      await pair.a.publish('comments:album-2', { type: 'other' });
      expect(await elsewhere.waitFor(1)).toEqual([{ type: 'other' }]);
      await Promise.all([stopThere(), stopHere(), stopElsewhere()]);
    });

    it('keeps the order of one publisher, and stops delivering after unsubscribe', async () => {
      const sub = collector();
      const stop = await pair.b.subscribe('ordered', sub.handler);
      for (let i = 0; i < 20; i += 1) await pair.a.publish('ordered', i);
      expect(await sub.waitFor(20)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      await stop();
      const marker = collector();
      const stopMarker = await pair.b.subscribe('ordered-marker', marker.handler);
      await pair.a.publish('ordered', 'late');
      await pair.a.publish('ordered-marker', 'after');
      await marker.waitFor(1);
      expect(sub.received).toHaveLength(20);
      await stopMarker();
    });

    it('refuses bad channels and events too large', async () => {
      await expect(pair.a.publish('has space', 1)).rejects.toThrow(/Invalid event channel/);
      await expect(pair.a.subscribe('"; drop table users', () => undefined)).rejects.toThrow(
        /Invalid event channel/,
      );
      await expect(pair.a.publish('big', 'x'.repeat(9000))).rejects.toThrow(/at most/);
    });
  });
}

contract(
  'in-process event bus',
  async () => {
    const bus = createInProcessEventBus();
    return { a: bus, b: bus };
  },
  false,
);

const onPostgres = process.env.TEST_DATABASE === 'postgres';
if (!onPostgres)
  console.warn('Skipping the PostgreSQL event bus test: it runs with TEST_DATABASE=postgres');
if (onPostgres) {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());
  contract(
    'PostgreSQL LISTEN/NOTIFY event bus',
    async () => {
      const database = await createTestPostgresDatabase();
      drop = database.drop;
      return { a: createPostgresEventBus(database.url), b: createPostgresEventBus(database.url) };
    },
    true,
  );

  describe('PostgreSQL event bus, many at once', () => {
    it('sends events published together one query after another on its connection', async () => {
      const database = await createTestPostgresDatabase();
      const a = createPostgresEventBus(database.url);
      const b = createPostgresEventBus(database.url);
      const warnings: string[] = [];
      const warned = (warning: Error) => warnings.push(warning.message);
      process.on('warning', warned);
      try {
        const sub = collector();
        await Promise.all([
          b.subscribe('together', sub.handler),
          b.subscribe('together-too', () => undefined),
        ]);
        await Promise.all(Array.from({ length: 20 }, (_, n) => a.publish('together', n)));
        expect([...(await sub.waitFor(20))].sort((x, y) => Number(x) - Number(y))).toEqual(
          Array.from({ length: 20 }, (_, n) => n),
        );
        // Node reports a warning on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
      } finally {
        process.off('warning', warned);
        await a.close();
        await b.close();
        await database.drop();
      }
    });
  });

  describe('PostgreSQL event bus, connection lost', () => {
    it('listens again on a new connection, and publishing works again', async () => {
      const database = await createTestPostgresDatabase();
      const a = createPostgresEventBus(database.url);
      const b = createPostgresEventBus(database.url);
      try {
        const sub = collector();
        await b.subscribe('after-restart', sub.handler);
        await a.publish('after-restart', 'before');
        await sub.waitFor(1);
        // The server drops every connection (a restart, a failover).
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await admin.end();
        // Events while a bus reconnects are lost (at most once): publish until one arrives.
        const deadline = Date.now() + 20_000;
        while (!sub.received.includes('after') && Date.now() < deadline) {
          await a.publish('after-restart', 'after').catch(() => undefined);
          await sub.waitFor(sub.received.length + 1, 500).catch(() => undefined);
        }
        expect(sub.received).toContain('after');
      } finally {
        await a.close();
        await b.close();
        await database.drop();
      }
    });
  });
}
