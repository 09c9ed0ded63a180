import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** Counts one request of a key in a window; answers the count and when the window ends (ms). */
export type CounterHit = (
  key: string,
  windowMs: number,
  nowMs: number,
) => Promise<{ count: number; resetAtMs: number }>;

/** Options of @fastify/rate-limit that say where its counters live. */
export type RateLimitStorage = Pick<
  RateLimitPluginOptions,
  'store' | 'redis' | 'nameSpace' | 'skipOnError'
>;

/** How often (in counted requests) ended windows are removed from the database. */
const CLEAN_EVERY = 500;

/**
 * A @fastify/rate-limit store whose counters live in the database (db/rate-limit.repository.ts),
 * so a limit holds across every instance that shares it.
 */
export function databaseRateLimitStore(
  hit: CounterHit,
  removeEnded: (beforeMs: number) => Promise<void>,
  prefix = '',
): FastifyRateLimitStoreCtor {
  let counted = 0;
  const store = (keyPrefix: string): FastifyRateLimitStore => ({
    incr(key, callback, ...rest: unknown[]) {
      // The plugin passes the window (ms) after the callback; its type does not say so.
      const windowMs = Number(rest[0]);
      const now = Date.now();
      counted += 1;
      if (counted % CLEAN_EVERY === 0) void removeEnded(now).catch(() => undefined);
      hit(`${keyPrefix}${key}`, windowMs, now).then(
        ({ count, resetAtMs }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAtMs - now) }),
        (error: unknown) => callback(error as Error),
      );
    },
    child(routeOptions) {
      // Routes with their own limit count apart (the plugin passes the route as routeInfo).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return store(`${keyPrefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    },
  });
  return class {
    constructor() {
      return store(prefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** A Redis connection for shared counters (REDIS_URL); throws when Redis does not answer. */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, {
    // A request waits for one try, not for a reconnection: the limiter lets it through instead.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  // While Redis is away requests pass uncounted (skipOnError); say so once a minute at most.
  let lastReported = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastReported < 60_000) return;
    lastReported = Date.now();
    onError(error);
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis does not answer (${(error as Error).message})`);
  }
  return redis;
}
