/**
 * Property-based fuzzing of every route in the OpenAPI document (read from the application, so new
 * routes are covered without a change here), the identity service's included: no answer is a 5xx,
 * and the server is healthy afterwards. FUZZ_RUNS sets the number of requests (10,000 on SQLite,
 * 2,500 on PostgreSQL by default); FUZZ_SEED replays a run (fast-check prints the seed of a failure).
 */
import fc from 'fast-check';
import type { UploadedFile } from '@photo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from '../test/api-client.js';
import { imageOf } from '../test/images.js';
import { signUp, type TestUser, useTestContext } from '../test/harness.js';
import { listOperations, type Operation } from '../test/openapi-routes.js';
import { requestArbitrary, type KnownValues } from '../test/request-arbitraries.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 2_500 : 10_000));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const ctx = useTestContext();
let alice: TestUser;
let operations: Operation[];
let known: KnownValues;

/** Alice's album with two photos and a comment, and Bob's album: real ids for the fuzzer. */
async function seed(): Promise<KnownValues> {
  const bob = await signUp(ctx.app);
  const image = await imageOf('png', 24, 16);
  const uploads: UploadedFile[] = [];
  for (const [user, bytes] of [
    [alice, image],
    [alice, await imageOf('jpeg', 20, 20)],
    [bob, await imageOf('webp', 30, 10)],
  ] as const) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'x');
    const res = await inject(ctx.app, user.idToken, {
      method: 'POST',
      url: '/api/files/upload',
      payload: form,
    });
    uploads.push(res.json<UploadedFile>());
  }
  const create = async (user: TestUser, cover: UploadedFile) =>
    (
      await inject(ctx.app, user.idToken, {
        method: 'POST',
        url: '/api/albumsDb',
        payload: { name: 'Seeded', coverPhotoUrl: cover.url },
      })
    ).json<{ id: string }>().id;
  const albumId = await create(alice, uploads[0]!);
  const bobsAlbum = await create(bob, uploads[2]!);
  await inject(ctx.app, alice.idToken, {
    method: 'POST',
    url: `/api/albumsDb/${albumId}/photos`,
    payload: { fileId: uploads[1]!.id },
  });
  const photos = (
    await inject(ctx.app, alice.idToken, { method: 'GET', url: `/api/albumsDb/${albumId}/photos` })
  ).json<{ id: string }[]>();
  const comment = (
    await inject(ctx.app, alice.idToken, {
      method: 'POST',
      url: '/api/photos/comments',
      payload: { photoId: photos[0]!.id, message: 'Seeded' },
    })
  ).json<{ id: string }>();
  const photoIds = photos.map((p) => p.id);
  const fileIds = uploads.map((u) => u.id);
  return {
    idToken: alice.idToken,
    ids: {
      albumId: [albumId, bobsAlbum],
      photoId: photoIds,
      fileId: fileIds,
      id: [albumId, bobsAlbum, ...photoIds, ...fileIds, comment.id],
    },
    pictureUrls: uploads.map((u) => u.url),
    refreshToken: alice.refreshToken,
    email: alice.email,
    password: alice.password,
    image,
  };
}

beforeAll(async () => {
  alice = await signUp(ctx.app);
  operations = await listOperations(ctx.app);
  known = await seed();
});

describe('fuzzing every route of the OpenAPI document', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, and stays healthy`,
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(20);
      const statuses = new Map<number, number>();
      const routesHit = new Set<string>();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operations, known), async (request) => {
          const res = await ctx.app.inject({
            method: request.method,
            url: request.url,
            headers: request.headers,
            remoteAddress: request.remoteAddress,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          routesHit.add(request.route);
          if (res.statusCode >= 500) {
            throw new Error(
              `${request.route} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false },
      );
      const count = (test: (status: number) => boolean) =>
        [...statuses].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
      // The fuzzer reaches every route, and gets through to the rules as well as to the checks.
      expect([...routesHit].sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort());
      expect(count((s) => s >= 200 && s < 300)).toBeGreaterThan(RUNS / 50);
      expect(count((s) => s >= 400 && s < 500)).toBeGreaterThan(RUNS / 4);

      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const me = await inject(ctx.app, alice.idToken, { method: 'GET', url: '/api/users/me' });
      expect(me.statusCode).toBe(200);
    },
    15 * 60_000,
  );
});
