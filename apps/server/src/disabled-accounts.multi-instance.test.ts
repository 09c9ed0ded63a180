import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitUntilServing, type ServerProcess } from './test/server-process.js';
import { createTestPostgresDatabase, postgresAvailability } from './test/postgres.js';

/**
 * Two server processes on one PostgreSQL database, started from the real entry point: an account
 * disabled through one is refused by the other within DISABLED_ACCOUNTS_CHECK_SECONDS.
 */
const CHECK_SECONDS = 2;

function call(
  instance: ServerProcess,
  method: string,
  pathName: string,
  token?: string,
  json?: unknown,
) {
  return fetch(`${instance.url}${pathName}`, {
    method,
    headers: {
      ...(token ? { idToken: token } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

async function signUp(
  instance: ServerProcess,
  name: string,
): Promise<{ token: string; uid: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  const res = await call(instance, 'POST', '/identity/v1/accounts:signUp', undefined, {
    email,
    password: 'correct horse battery',
    returnSecureToken: true,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { idToken: string; localId: string };
  const added = await call(instance, 'POST', '/api/users/addNewUser', body.idToken, {
    emailAddress: email,
    name,
    profilePicUrl: '/default-avatar.png',
  });
  expect(added.status).toBeLessThan(300);
  return { token: body.idToken, uid: body.localId };
}

const pg = await postgresAvailability();
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const skipReason = !pg.available
  ? `PostgreSQL is not reachable (${pg.reason})`
  : !onPostgres
    ? 'it runs once, with the PostgreSQL suite'
    : undefined;
if (skipReason) console.warn(`Skipping the disabled-accounts multi-instance test: ${skipReason}`);

describe.skipIf(Boolean(skipReason))('a disabled account on two instances', () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      DISABLED_ACCOUNTS_CHECK_SECONDS: String(CHECK_SECONDS),
    };
    a = await startServerProcess('a', env);
    await waitUntilServing(a);
    b = await startServerProcess('b', env);
    await waitUntilServing(b);
  }, 240_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      instance.child.kill('SIGKILL');
      await instance.exited;
      await fs.rm(instance.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  it("is refused by the other instance within the check's window", async () => {
    const admin = await signUp(a, 'Admin');
    const person = await signUp(a, 'Person');
    // The other instance knows the person, with a still valid ID token.
    expect((await call(b, 'GET', '/api/users/me', person.token)).status).toBe(200);

    const disabled = await call(a, 'POST', `/api/admin/users/${person.uid}/disable`, admin.token);
    expect(disabled.status).toBe(200);
    const since = Date.now();
    // At once on the instance that disabled it.
    expect((await call(a, 'GET', '/api/users/me', person.token)).status).toBe(401);
    let answer: Response | undefined;
    while (Date.now() - since < (CHECK_SECONDS + 5) * 1000) {
      answer = await call(b, 'GET', '/api/users/me', person.token);
      if (answer.status === 401) break;
      await answer.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const waited = Date.now() - since;
    expect(answer?.status).toBe(401);
    expect(((await answer!.json()) as { error: { code: string } }).error.code).toBe(
      'ACCOUNT_DISABLED',
    );
    expect(waited).toBeLessThanOrEqual((CHECK_SECONDS + 1) * 1000);
    // The administrator goes on.
    expect((await call(b, 'GET', '/api/users/me', admin.token)).status).toBe(200);
  }, 60_000);
});
