import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDeps, type AppDeps } from '../deps.js';
import { ManualClock } from '../lib/clock.js';
import { DERIVE_IMAGES } from '../infra/job-queue.js';
import { createEphemeralSigningKeys } from '../infra/signing-keys.js';
import { ApiClient } from './api-client.js';
import { createTestPostgresDatabase } from './postgres.js';
import { noteTestDatabaseUse } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  dataDir: string;
  /** The API client acting as this user (or with this ID token); no token when null or absent. */
  api(caller?: Caller): ApiClient;
  /** Closes the app and its deps, then removes what the context made (see remove). */
  close(): Promise<void>;
  /**
   * Drops the context's PostgreSQL database and removes its data folder: for a test that closed
   * the app and its deps itself (to see what a failing database does).
   */
  remove(): Promise<void>;
}

export interface TestContextOptions {
  logStream?: NodeJS.WritableStream;
  /** A built web app to serve (WEB_DIST_DIR): its files' contents by path, e.g. "assets/a.js". */
  webFiles?: Record<string, string | Buffer>;
  /**
   * When the sizes after a thumbnail wait for a batch of uploads to pass. By default they do not
   * wait: a test uploading files one after another waits for each file's sizes (the API client
   * does, after each upload), and a quiet second after each would only add idle time. Tests of
   * that pace give it (files/derive/derive.test.ts).
   */
  derivePace?: { quietMs: number; maxDeferrals: number };
}

/** Without a quiet time: a file's sizes are made as soon as its thumbnail is. */
const NO_QUIET_TIME = { quietMs: 0, maxDeferrals: 0 };

/** Someone signed in (a user, or an ID token), or null for no one. */
export type Caller = { idToken: string } | string | null;

function tokenOf(caller: Caller | undefined): string | null {
  if (caller === undefined || caller === null) return null;
  return typeof caller === 'string' ? caller : caller.idToken;
}

/**
 * A whole application on a fresh database (SQLite, or PostgreSQL when TEST_DATABASE=postgres) and
 * a fresh data folder, with a clock that moves only when the test says.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  noteTestDatabaseUse('createTestContext');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-test-'));
  const webDist = options.webFiles && (await writeFiles('photo-web-', options.webFiles));
  const postgres =
    process.env.TEST_DATABASE === 'postgres'
      ? await createTestPostgresDatabase({ migrated: true })
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Deleting is final unless a test turns Trash on (its own tests give TRASH_DAYS): the suite's
    // other tests read deletions as they were before Trash (decision 0080).
    TRASH_DAYS: '0',
    // Faces are looked for only where a test asks (ML_ENABLED=true, modules/people): loading the
    // model and searching every photo of every other test would cost the suite minutes of CPU.
    ML_ENABLED: 'false',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    ...env,
  });
  const clock = new ManualClock(new Date());
  const deps = await createDeps(config, {
    clock,
    signingKeys: await createEphemeralSigningKeys(),
    derivePace: options.derivePace ?? NO_QUIET_TIME,
  });
  const app = await buildApp(deps, {
    logger: options.logStream ? { stream: options.logStream } : false,
    checkAnswers: true,
  });
  await app.ready();
  const remove = async () => {
    await postgres?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (webDist) await fs.rm(webDist, { recursive: true, force: true });
  };
  return {
    app,
    deps,
    clock,
    dataDir,
    api: (caller) =>
      new ApiClient(app, tokenOf(caller), () => deps.jobQueue.settled(DERIVE_IMAGES)),
    close: async () => {
      await app.close();
      await deps.close();
      await remove();
    },
    remove,
  };
}

/** A new temporary folder holding these files (contents by relative path). */
async function writeFiles(prefix: string, files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  for (const [name, data] of Object.entries(files)) {
    const file = path.join(dir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }
  return dir;
}

/**
 * What `make` makes in the beforeAll of the enclosing file or describe block, closed in its
 * afterAll before what earlier hooks made is released (Vitest runs afterAll hooks in reverse). The
 * answer stands for it: read it only in hooks and tests.
 */
export function madeBeforeAll<T extends { close(): Promise<void> }>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    await made?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!made) throw new Error(`${String(key)} read before beforeAll made it`);
      return Reflect.get(made, key) as unknown;
    },
  });
}

/**
 * A test context for the enclosing file or describe block (see madeBeforeAll). `env` may be a
 * function, called when the context is made, for what an earlier beforeAll set up.
 */
export function useTestContext(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestContextOptions = {},
): TestContext {
  return madeBeforeAll(() => createTestContext(typeof env === 'function' ? env() : env, options));
}

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

let userCounter = 0;

/**
 * Signs a new user up through the real paths: the identity service's accounts:signUp, then the
 * API's users/addNewUser.
 */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${Date.now()}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const name = options.name ?? `User ${userCounter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signUp',
    payload: { email, password, returnSecureToken: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ idToken: string; refreshToken: string; localId: string }>();
  const added = await new ApiClient(app, body.idToken).addNewUser({
    emailAddress: email,
    id: '',
    name,
    profilePicUrl: '/default-avatar.png',
  });
  if (added.statusCode >= 300)
    throw new Error(`addNewUser failed: ${added.statusCode} ${added.body}`);
  return {
    uid: body.localId,
    email,
    name,
    password,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
  };
}

/** Builds another application on a context's dependencies, as a restart or a second instance would. */
export { buildApp } from '../app.js';
