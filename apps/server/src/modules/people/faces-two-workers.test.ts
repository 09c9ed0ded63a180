import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Album, People } from '@photo/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase, postgresAvailability } from '../../test/postgres.js';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import {
  startServerProcess,
  waitUntilServing,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * Faces found by two worker processes (ROLE=worker) sharing one PostgreSQL database, its job queue
 * (pg-boss) and one bucket, behind an api instance: the "faces on PostgreSQL with two
 * workers" (decision 0102). Each worker loads the model for its first face job.
 */

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../test/fixtures/faces/${name}.jpg`, import.meta.url));

const pg = await postgresAvailability();
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const skipReason = !pg.available
  ? `PostgreSQL is not reachable (${pg.reason})`
  : !onPostgres
    ? 'it runs once, with the PostgreSQL suite'
    : undefined;
if (skipReason) console.warn(`Skipping the two-worker faces test: ${skipReason}`);

const DEADLINE_MS = 120_000;

describe.skipIf(Boolean(skipReason))('faces found by two worker processes on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let bucket: S3Peer;
  let api: ServerProcess;
  let workers: ServerProcess[] = [];
  let token = '';

  const call = async (
    method: string,
    pathName: string,
    options: { json?: unknown; form?: FormData } = {},
  ) => {
    const headers: Record<string, string> = token ? { idToken: token } : {};
    let body: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    return fetch(`${api.url}${pathName}`, { method, headers, body });
  };

  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
    const res = await call('POST', '/api/files/upload', { form });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; url: string };
  };

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    bucket = await startS3Peer('faces-two-workers');
    const env = {
      DATABASE_URL: database.url,
      ...bucket.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // The api instance migrates first; then the two workers start side by side.
    api = await startServerProcess('faces-api', { ...env, ROLE: 'api' });
    await waitUntilServing(api);
    workers = await Promise.all(
      ['faces-worker-1', 'faces-worker-2'].map((name) =>
        startServerProcess(name, { ...env, ROLE: 'worker', ML_ENABLED: 'true' }),
      ),
    );
    await Promise.all(workers.map(waitUntilServing));
  }, DEADLINE_MS);

  afterAll(async () => {
    for (const instance of [api, ...workers]) {
      if (!instance) continue;
      instance.child.kill('SIGKILL');
      await instance.exited;
      await fsp.rm(instance.dataDir, { recursive: true, force: true });
    }
    await bucket?.close();
    await database?.drop();
  });

  it(
    'the same face flipped and resized is one person, another face someone else',
    async () => {
      const email = `faces-${Date.now()}@example.com`;
      const signUp = await call('POST', '/identity/v1/accounts:signUp', {
        json: { email, password: 'correct horse battery', returnSecureToken: true },
      });
      expect(signUp.status).toBe(200);
      token = ((await signUp.json()) as { idToken: string }).idToken;
      const added = await call('POST', '/api/users/addNewUser', {
        json: { emailAddress: email, name: 'Faces', profilePicUrl: '/default-avatar.png' },
      });
      expect(added.status).toBeLessThan(300);

      const astronaut = fixture('astronaut');
      const pictures = [
        astronaut,
        await sharp(astronaut).flop().resize(200).jpeg({ quality: 80 }).toBuffer(),
        await sharp(astronaut).resize(320).jpeg({ quality: 85 }).toBuffer(),
        fixture('camera'),
      ];
      const started = Date.now();
      const [first, ...rest] = await Promise.all(
        pictures.map((bytes, index) => upload(bytes, `face-${index}.jpg`)),
      );
      const made = await call('POST', '/api/albumsDb', {
        json: { name: 'Crew', coverPhotoUrl: first!.url },
      });
      expect(made.status).toBe(201);
      const album = (await made.json()) as Album;
      for (const file of rest) {
        const res = await call('POST', `/api/albumsDb/${album.id}/photos`, {
          json: { fileId: file.id },
        });
        expect(res.status).toBe(201);
      }

      let counts: number[] = [];
      while (Date.now() - started < DEADLINE_MS - 20_000) {
        const res = await call('GET', '/api/people');
        expect(res.status).toBe(200);
        counts = ((await res.json()) as People).people.map((person) => person.count);
        if (counts.reduce((sum, count) => sum + count, 0) >= 4) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(
        counts,
        workers.map((worker) => `${worker.name}: ${worker.output()}`).join('\n'),
      ).toEqual([3, 1]);
      const health = (await (await call('GET', '/api/health')).json()) as {
        jobs: { failed: number };
      };
      expect(health.jobs.failed).toBe(0);
      process.stdout.write(
        `faces-two-workers: four pictures indexed and grouped in ${Date.now() - started} ms\n`,
      );
    },
    DEADLINE_MS,
  );
});
