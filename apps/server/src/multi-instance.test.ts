import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedBlobKeys } from './test/fixtures.js';
import { imageOf } from './test/images.js';
import { startServerProcess, waitUntilServing, type ServerProcess } from './test/server-process.js';
import { createTestPostgresDatabase, postgresAvailability } from './test/postgres.js';
import { startS3Peer, type S3Peer } from './test/s3-peer.js';

/**
 * Two server processes, started at the same moment from the real entry point, on one PostgreSQL
 * database and one S3-compatible bucket, each with a data folder of its own; requests go to one
 * and then the other, as behind a load balancer.
 */

async function call(
  instance: ServerProcess,
  method: string,
  pathName: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Response> {
  const headers: Record<string, string> = options.token ? { idToken: options.token } : {};
  let body: string | FormData | undefined = options.form;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return fetch(`${instance.url}${pathName}`, { method, headers, body });
}

// The test reads the instances' info lines (which of them migrated); not the AWS SDK's Node warning.
const logs = { LOG_LEVEL: 'info', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

const pg = await postgresAvailability();
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const skipReason = !pg.available
  ? `PostgreSQL is not reachable (${pg.reason})`
  : !onPostgres
    ? 'it runs once, with the PostgreSQL suite'
    : undefined;
if (skipReason) console.warn(`Skipping the multi-instance test: ${skipReason}`);

describe.skipIf(Boolean(skipReason))(
  'two api instances and a worker on one PostgreSQL and one bucket',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let bucket: S3Peer;
    let a: ServerProcess;
    let b: ServerProcess;
    /** ROLE=worker: started once a job waits for it. */
    let worker: ServerProcess | undefined;
    let env: Record<string, string>;
    let turn = 0;
    /** The next instance, round-robin. */
    const next = () => [a, b][turn++ % 2]!;

    beforeAll(async () => {
      database = await createTestPostgresDatabase();
      bucket = await startS3Peer('multi-instance');
      env = { DATABASE_URL: database.url, ...bucket.env };
      // Started at the same moment, on a database with no tables yet; they serve and take no job.
      [a, b] = await Promise.all([
        startServerProcess('a', { ...env, ...logs, ROLE: 'api' }),
        startServerProcess('b', { ...env, ...logs, ROLE: 'api' }),
      ]);
      await Promise.all([waitUntilServing(a), waitUntilServing(b)]);
    }, 180_000);

    afterAll(async () => {
      for (const instance of [a, b, worker]) {
        if (!instance) continue;
        instance.child.kill('SIGKILL');
        await instance.exited;
        await fs.rm(instance.dataDir, { recursive: true, force: true });
      }
      await bucket?.close();
      await database?.drop();
    });

    it('applied the migrations once, on one of the two', () => {
      const migrated = [a, b].filter((instance) =>
        instance.output().includes('"database migrated"'),
      );
      expect(migrated).toHaveLength(1);
    });

    let token = '';
    /** The uploaded photo's URL, the cover of the albums of the burst. */
    let cover = '';
    const email = `multi-${Date.now()}@example.com`;
    const password = 'correct horse battery';

    it('signs up on one instance and signs in on the other', async () => {
      const first = next();
      const signUp = await call(first, 'POST', '/identity/v1/accounts:signUp', {
        json: { email, password, returnSecureToken: true },
      });
      expect(signUp.status).toBe(200);
      const { idToken } = (await signUp.json()) as { idToken: string };
      const added = await call(first, 'POST', '/api/users/addNewUser', {
        token: idToken,
        json: { emailAddress: email, name: 'Multi', profilePicUrl: '/default-avatar.png' },
      });
      expect(added.status).toBeLessThan(300);

      const second = next();
      expect(second).not.toBe(first);
      const signIn = await call(second, 'POST', '/identity/v1/accounts:signInWithPassword', {
        json: { email, password, returnSecureToken: true },
      });
      expect(signIn.status).toBe(200);
      token = ((await signIn.json()) as { idToken: string }).idToken;
      // A token issued by one instance is accepted by the other.
      const me = await call(first, 'GET', '/api/users/me', { token });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { emailAddress: string }).emailAddress).toBe(email);
    });

    it('shows on one instance a photo uploaded on the other, its sizes made by the worker, kept in the bucket only', async () => {
      const bytes = await imageOf('jpeg', 1200, 900);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
      const uploaded = await call(next(), 'POST', '/api/files/upload', { token, form });
      expect(uploaded.status).toBe(201);
      const file = (await uploaded.json()) as { id: string; url: string; ready: boolean };
      expect(file.ready).toBe(false);
      cover = file.url;

      const other = next();
      const original = await call(other, 'GET', `/api/files/show/${file.id}`);
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);

      // The thumbnail was made with the upload (decision 0128), and the other instance serves it
      // from the bucket. No api instance takes the job: until a worker runs, the preview is the
      // original.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const thumb = await call(other, 'GET', `/api/files/show/${file.id}?size=thumb`);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      await thumb.arrayBuffer();
      const waiting = await call(other, 'GET', `/api/files/show/${file.id}?size=preview`);
      expect(waiting.headers.get('content-type')).toBe('image/jpeg');
      expect(waiting.headers.get('cache-control')).toBe('no-cache');
      await waiting.arrayBuffer();
      const health = await call(other, 'GET', '/api/health');
      expect(await health.json()).toMatchObject({ jobs: { waiting: 1, active: 0 } });

      worker = await startServerProcess('worker', { ...env, ...logs, ROLE: 'worker' });
      await waitUntilServing(worker);
      const startedAt = Date.now();
      let preview: Response | undefined;
      while (Date.now() - startedAt < 20_000) {
        preview = await call(next(), 'GET', `/api/files/show/${file.id}?size=preview`);
        await preview.arrayBuffer();
        if (preview.headers.get('content-type') === 'image/webp') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(preview?.headers.get('content-type')).toBe('image/webp');
      process.stdout.write(
        `multi-instance: preview made by the worker ${Date.now() - startedAt} ms after it served\n`,
      );
      expect(await (await call(next(), 'GET', '/api/health')).json()).toMatchObject({
        jobs: { waiting: 0, active: 0, failed: 0 },
      });
      // The worker serves its health, and no API.
      const notServed = await call(worker, 'GET', '/api/albumsDb', { token });
      expect(notServed.status).toBe(404);

      expect(await bucket.keys()).toEqual(uploadedBlobKeys(file.id));
      for (const instance of [a, b, worker]) {
        await expect(fs.access(path.join(instance.dataDir, 'blobs'))).rejects.toThrow();
      }
      // A 3 s wait, a worker process started, and two waits of up to 20 s each: more than the
      // default 30 s on a busy machine.
    }, 120_000);

    it('refuses the next sign-in after 5 failures spread over both instances', async () => {
      const victim = `victim-${Date.now()}@example.com`;
      const made = await call(next(), 'POST', '/identity/v1/accounts:signUp', {
        json: { email: victim, password, returnSecureToken: true },
      });
      expect(made.status).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        const failed = await call(next(), 'POST', '/identity/v1/accounts:signInWithPassword', {
          json: { email: victim, password: 'wrong password', returnSecureToken: true },
        });
        expect(failed.status).toBe(400);
      }
      for (const instance of [a, b]) {
        const refused = await call(instance, 'POST', '/identity/v1/accounts:signInWithPassword', {
          json: { email: victim, password, returnSecureToken: true },
        });
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({
          error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' },
        });
      }
    });

    it('loses no acknowledged write when one instance is killed with SIGKILL during a burst', async () => {
      expect(cover).not.toBe('');
      const acknowledged: string[] = [];
      let failed = 0;
      let inFlight = 0;
      let killed = false;
      const write = async (target: ServerProcess, name: string) => {
        try {
          const res = await call(target, 'POST', '/api/albumsDb', {
            token,
            json: { name, coverPhotoUrl: cover },
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          else failed += 1;
        } catch {
          // The instance went away with this request in flight: not acknowledged.
          inFlight += 1;
        }
      };
      const writer = async (index: number) => {
        for (let i = 0; i < 40; i += 1) {
          const target = [a, b][(index + i) % 2]!;
          if (target === b && killed) continue;
          await write(target, `Burst ${index}-${i}`);
          if (!killed && acknowledged.length >= 30) {
            killed = true;
            // Killed while writes sent to it are on their way or being handled.
            const onTheWire = [1, 2, 3, 4].map((n) => write(b, `On the wire ${n}`));
            await new Promise((resolve) => setTimeout(resolve, 5));
            b.child.kill('SIGKILL');
            await Promise.all(onTheWire);
          }
        }
      };
      await Promise.all([0, 1, 2, 3].map(writer));
      await b.exited;
      expect(killed).toBe(true);
      expect(failed).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(30);
      // Every acknowledged album is there, read through the instance still running.
      const missing: string[] = [];
      for (const id of acknowledged) {
        const res = await call(a, 'GET', `/api/albums/find?id=${id}`, { token });
        if (res.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
      process.stdout.write(
        `multi-instance burst: ${acknowledged.length} albums acknowledged, ${inFlight} in flight ` +
          `at the SIGKILL, ${missing.length} lost\n`,
      );
    });
  },
);
