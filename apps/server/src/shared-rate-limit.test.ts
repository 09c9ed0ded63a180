import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import { buildApp } from './test/harness.js';
import { createTestPostgresDatabase } from './test/postgres.js';

/** The identity service's limit of requests per client address and minute. */
const LIMIT = 300;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance {
  deps: AppDeps;
  app: FastifyInstance;
  dataDir: string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-limit-'));
  const deps = await createDeps(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }));
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return { deps, app, dataDir };
}

async function stop(instances: Instance[]) {
  for (const instance of instances) {
    await instance.app.close();
    await instance.deps.close();
    await fs.rm(instance.dataDir, { recursive: true, force: true });
  }
}

/** Requests from one address, round-robin over the instances; answers the statuses in order. */
async function requestsFromOneAddress(instances: Instance[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await instances[i % instances.length]!.app.inject({
      method: 'GET',
      url: '/identity/v1/jwks.json',
      remoteAddress: '203.0.113.7',
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function expectLimitHeldAcross(instances: Instance[]) {
  const statuses = await requestsFromOneAddress(instances, LIMIT);
  expect(statuses.every((status) => status === 200)).toBe(true);
  // Each instance saw only half of them: the limit is counted in one place.
  for (const instance of instances) {
    const res = await instance.app.inject({
      method: 'GET',
      url: '/identity/v1/jwks.json',
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
  }
  // Another address is not held back.
  const other = await instances[0]!.app.inject({
    method: 'GET',
    url: '/identity/v1/jwks.json',
    remoteAddress: '203.0.113.8',
  });
  expect(other.statusCode).toBe(200);
}

async function redisAnswers(): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return `${REDIS_URL}: ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
}

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const redisProblem = await redisAnswers();
if (redisProblem) console.warn(`Skipping the Redis rate-limit test: ${redisProblem}`);
if (!onPostgres) {
  console.warn('Skipping the database rate-limit test: it runs with TEST_DATABASE=postgres');
} else {
  console.warn('Skipping the Redis rate-limit test here: it runs with the SQLite suite');
}

describe.skipIf(!onPostgres)('request limits in the database (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let instances: Instance[] = [];
  beforeAll(async () => {
    const postgres = await createTestPostgresDatabase();
    drop = postgres.drop;
    instances = await Promise.all([1, 2].map(() => startInstance({ DATABASE_URL: postgres.url })));
  });
  afterAll(async () => {
    await stop(instances);
    await drop();
  });

  it('holds across two instances', async () => {
    await expectLimitHeldAcross(instances);
  });
});

describe.skipIf(Boolean(redisProblem) || onPostgres)('request limits in Redis (REDIS_URL)', () => {
  let instances: Instance[] = [];
  beforeAll(async () => {
    // A prefix of its own: other runs may share this Redis.
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `photo-test-${randomBytes(6).toString('hex')}:`,
    };
    instances = await Promise.all([1, 2].map(() => startInstance(env)));
  });
  afterAll(async () => {
    await stop(instances);
  });

  it('holds across two instances', async () => {
    await expectLimitHeldAcross(instances);
  });
});
