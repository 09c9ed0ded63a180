import fs from 'node:fs';
import type { FaceIndexStatus, People } from '@photo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_FACES, INDEX_FACES_BACKFILL } from '../../infra/job-queue.js';
import { addPhotoAs, createAlbumAs, storeImage } from '../../test/fixtures.js';
import { buildApp, signUp, useTestContext, type TestUser } from '../../test/harness.js';
import { inject } from '../../test/api-client.js';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../test/fixtures/faces/${name}.jpg`, import.meta.url));

const FACE_TEST_MS = 180_000;

describe('ML_ENABLED=false, then a backfill', () => {
  // The server starts with face indexing off: photos are stored, no face is looked for.
  const ctx = useTestContext({ ML_ENABLED: 'false' });
  let admin: TestUser;
  let indexing: FastifyInstance | undefined;

  beforeAll(async () => {
    admin = await signUp(ctx.app);
    const cover = await storeImage(ctx, admin, { bytes: fixture('coffee') });
    const { album } = await createAlbumAs(ctx, admin, { cover });
    await addPhotoAs(
      ctx,
      admin,
      album.id,
      await storeImage(ctx, admin, { bytes: fixture('astronaut') }),
    );
  });

  afterAll(async () => {
    await indexing?.close();
  });

  it('indexes nothing, and refuses a backfill with 409', async () => {
    await ctx.deps.jobQueue.settled(INDEX_FACES);
    const people = await ctx.api(admin).get<People>('/api/people');
    expect(people.json().people).toEqual([]);
    const status = await ctx.api(admin).get<FaceIndexStatus>('/api/admin/faces/backfill');
    expect(status.json()).toMatchObject({ enabled: false, photos: 2, indexed: 0, failed: 0 });
    const started = await ctx
      .api(admin)
      .request({ method: 'POST', url: '/api/admin/faces/backfill' });
    expect(started.statusCode).toBe(409);
  });

  it('only an administrator watches or starts the backfill', async () => {
    const someone = await signUp(ctx.app);
    expect((await ctx.api(someone).get('/api/admin/faces/backfill')).statusCode).toBe(403);
    const started = await ctx
      .api(someone)
      .request({ method: 'POST', url: '/api/admin/faces/backfill' });
    expect(started.statusCode).toBe(403);
  });

  it(
    'turned on, the backfill indexes the earlier photos and says how far it is',
    async () => {
      // The same database with ML_ENABLED=true, as the server started again with it.
      const deps = {
        ...ctx.deps,
        config: { ...ctx.deps.config, ml: { enabled: true, concurrency: 1 } },
      };
      indexing = await buildApp(deps, { logger: false });
      await indexing.ready();
      const call = (method: 'GET' | 'POST') =>
        inject(indexing!, admin.idToken, { method, url: '/api/admin/faces/backfill' });
      const before = (await call('GET')).json<FaceIndexStatus>();
      expect(before).toMatchObject({ enabled: true, photos: 2, indexed: 0 });
      const started = await call('POST');
      expect(started.statusCode).toBe(200);
      await ctx.deps.jobQueue.settled(INDEX_FACES_BACKFILL, { timeoutMs: FACE_TEST_MS });
      await ctx.deps.jobQueue.settled(INDEX_FACES, { timeoutMs: FACE_TEST_MS });
      const after = (await call('GET')).json<FaceIndexStatus>();
      expect(after).toMatchObject({
        photos: 2,
        indexed: 2,
        failed: 0,
        waiting: 0,
        active: 0,
        errors: [],
      });
      const people = await inject(indexing, admin.idToken, { method: 'GET', url: '/api/people' });
      expect(people.json<People>().people.map((person) => person.count)).toEqual([1]);
      // A second backfill finds nothing left to do.
      await call('POST');
      await ctx.deps.jobQueue.settled(INDEX_FACES_BACKFILL, { timeoutMs: FACE_TEST_MS });
      expect((await call('GET')).json<FaceIndexStatus>()).toMatchObject({ indexed: 2, waiting: 0 });
    },
    FACE_TEST_MS,
  );
});
