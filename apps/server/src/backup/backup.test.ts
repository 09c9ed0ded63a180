import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Photo, UploadedFile } from '@photo/contract';
import { loadConfig } from '../config.js';
import { createDeps, type AppDeps } from '../deps.js';
import { DERIVE_IMAGES } from '../infra/job-queue.js';
import { ApiClient } from '../test/api-client.js';
import { buildApp, signUp, type TestUser } from '../test/harness.js';
import { sha256 } from '../test/hash.js';
import { imageOf } from '../test/images.js';
import { createTestPostgresDatabase } from '../test/postgres.js';
import { startS3Peer, type S3Peer } from '../test/s3-peer.js';
import { backup, restore } from './backup.js';

/**
 * Backup of a running server, restore into an empty place, and every listing compared. SQLite with
 * photos on disk; with TEST_DATABASE=postgres, PostgreSQL (pg_dump) with photos in a bucket.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';

interface Place {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

interface Instance {
  deps: AppDeps;
  app: FastifyInstance;
}

let peer: S3Peer | undefined;
let bucketCount = 0;
const cleanups: Array<() => Promise<void>> = [];

async function newPlace(): Promise<Place> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-backup-place-'));
  if (!onPostgres) {
    return { env: {}, dataDir, drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const database = await createTestPostgresDatabase();
  bucketCount += 1;
  const bucket = `restore-${bucketCount}`;
  await peer!.createBucket(bucket);
  return {
    env: { DATABASE_URL: database.url, ...peer!.env, S3_BUCKET: bucket },
    dataDir,
    drop: async () => {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A place to back up, an empty one to restore into and a backup folder, all dropped at the end. */
async function backupPlaces() {
  const source = await newPlace();
  const target = await newPlace();
  const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-backup-'));
  cleanups.push(source.drop, target.drop, () => fs.rm(backupDir, { recursive: true, force: true }));
  return { source, target, backupDir };
}

const configOf = (place: Place) =>
  loadConfig({ DATA_DIR: place.dataDir, LOG_LEVEL: 'silent', ...place.env });

async function start(place: Place): Promise<Instance> {
  const deps = await createDeps(configOf(place));
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await deps.close();
  });
  return { deps, app };
}

/** The API client of an instance; an upload returns once its sizes are made. */
const apiOf = (instance: Instance, token: string | null) =>
  new ApiClient(instance.app, token, () => instance.deps.jobQueue.settled(DERIVE_IMAGES));

/** Everything these users can see, and every blob key. */
async function listings(instance: Instance, users: TestUser[]) {
  const seen: Record<string, unknown> = {};
  const fileIds = new Set<string>();
  for (const user of users) {
    const api = apiOf(instance, user.idToken);
    const me = await api.me();
    expect(me.statusCode).toBe(200);
    seen[`${user.email} me`] = me.json();
    const albums = await api.listAlbums('?limit=100');
    expect(albums.statusCode).toBe(200);
    seen[`${user.email} albums`] = albums.json();
    // Counts kept by triggers come back as they were, not counted twice.
    seen[`${user.email} timeline months`] = (await api.get('/api/timeline/months')).json();
    for (const album of albums.json<Album[]>()) {
      const photos = await api.listPhotos(album.id, '?limit=100');
      seen[`${user.email} photos of ${album.id}`] = photos.json();
      for (const photo of photos.json<Photo[]>()) {
        seen[`${user.email} comments of ${photo.id}`] = (await api.listComments(photo.id)).json();
        seen[`${user.email} likes of ${photo.id}`] = (await api.listLikes(photo.id)).json();
        fileIds.add(photo.fileId);
      }
      fileIds.add(album.coverPhotoUrl.split('/').pop()!);
    }
  }
  for (const id of [...fileIds].sort()) {
    for (const size of [undefined, 'thumb', 'preview'] as const) {
      const shown = await apiOf(instance, null).show(id, size);
      seen[`file ${id} ${size ?? 'original'}`] = [
        shown.statusCode,
        shown.headers['content-type'],
        sha256(shown.rawPayload),
      ];
    }
  }
  const keys: string[] = [];
  for await (const blob of instance.deps.blobStore.list()) keys.push(blob.key);
  seen.blobKeys = keys.sort();
  return seen;
}

beforeAll(async () => {
  if (onPostgres) peer = await startS3Peer('backup-source');
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await peer?.close();
});

describe(`backup and restore (${onPostgres ? 'PostgreSQL + S3' : 'SQLite + local disk'})`, () => {
  const formats = onPostgres ? (['pg_dump', 'export'] as const) : (['SQLite backup API'] as const);
  it.each(formats)(
    'restores every listing of a running server into an empty place (%s)',
    async (format) => {
      const { source, target, backupDir } = await backupPlaces();

      const live = await start(source);
      const alice = await signUp(live.app, { name: 'Alice' });
      const bob = await signUp(live.app, { name: 'Bob' });
      const api = apiOf(live, alice.idToken);
      const files: UploadedFile[] = [];
      for (const [format, w, h] of [
        ['jpeg', 1800, 1200],
        ['png', 300, 200],
        ['webp', 640, 480],
      ] as const) {
        const res = await api.upload(await imageOf(format, w, h));
        expect(res.statusCode).toBe(201);
        files.push(res.json<UploadedFile>());
      }
      const album = (
        await api.createAlbum({ name: 'Holidays', coverPhotoUrl: files[0]!.url })
      ).json<Album>();
      for (const file of files.slice(1)) {
        const added = await api.addPhoto(album.id, { fileId: file.id });
        expect(added.statusCode, added.body).toBe(201);
      }
      const photos = (await api.listPhotos(album.id)).json<Photo[]>();
      const bobApi = apiOf(live, bob.idToken);
      expect(
        (await bobApi.postComment({ photoId: photos[0]!.id, message: 'Lovely light' })).statusCode,
      ).toBe(201);
      expect((await bobApi.like(photos[0]!.id)).statusCode).toBeLessThan(300);
      expect((await api.setProfilePhoto({ profilePicUrl: files[1]!.url })).statusCode).toBe(200);

      const before = await listings(live, [alice, bob]);
      expect(JSON.stringify(before)).toContain('Lovely light');
      expect(Object.keys(before).filter((key) => key.startsWith('file '))).toHaveLength(9);
      // The server keeps running (and answering) while the backup is made.
      const [manifest] = await Promise.all([
        backup(configOf(source), backupDir, {
          postgresFormat: format === 'export' ? 'export' : 'pg_dump',
        }),
        api.listAlbums(),
        bobApi.me(),
      ]);
      expect(manifest).toMatchObject({
        database: onPostgres ? 'postgres' : 'sqlite',
        databaseFile:
          { pg_dump: 'database.pgdump', export: 'database-export' }[format as string] ?? 'app.db',
        // Three files, each with its original, thumbnail, preview and two card crops.
        blobs: 15,
        blobsGoneMeanwhile: 0,
      });

      await restore(configOf(target), backupDir);
      const restored = await start(target);
      // Same keys restored: tokens issued before the backup still verify.
      expect(await listings(restored, [alice, bob])).toEqual(before);
      // Passwords were restored too.
      const signIn = await restored.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email: alice.email, password: alice.password, returnSecureToken: true },
      });
      expect(signIn.statusCode).toBe(200);
      if (onPostgres) {
        await expect(fs.access(path.join(target.dataDir, 'blobs'))).rejects.toThrow();
      }
    },
    120_000,
  );

  it('restores a backup taken during writes to a whole state: every album shows its photos', async () => {
    const { source, target, backupDir } = await backupPlaces();
    const live = await start(source);
    const user = await signUp(live.app);
    const api = apiOf(live, user.idToken);
    let writing = true;
    let written = 0;
    let writerEnded = false;
    const writer = (async () => {
      for (let i = 0; writing || written < 3; i += 1) {
        const file = (await api.upload(await imageOf('png', 40 + i, 30))).json<UploadedFile>();
        const album = await api.createAlbum({ name: `During ${i}`, coverPhotoUrl: file.url });
        expect(album.statusCode).toBe(201);
        written += 1;
      }
    })().finally(() => {
      writerEnded = true;
    });
    // The backup starts once writes are under way (or the writer failed: awaited below).
    while (written < 2 && !writerEnded) await new Promise((resolve) => setTimeout(resolve, 20));
    const manifest = await backup(configOf(source), backupDir);
    writing = false;
    await writer;
    expect(manifest.blobsGoneMeanwhile).toBe(0);

    await restore(configOf(target), backupDir);
    const restored = await start(target);
    const albums = (await apiOf(restored, user.idToken).listAlbums('?limit=100')).json<Album[]>();
    expect(albums.length).toBeGreaterThanOrEqual(2);
    for (const album of albums) {
      const id = album.coverPhotoUrl.split('/').pop()!;
      for (const size of [undefined, 'thumb', 'preview'] as const) {
        expect((await apiOf(restored, null).show(id, size)).statusCode).toBe(200);
      }
    }
  }, 120_000);

  it('refuses to restore over existing data, and a folder with no finished backup', async () => {
    const source = await newPlace();
    const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-backup-'));
    cleanups.push(source.drop, () => fs.rm(backupDir, { recursive: true, force: true }));
    const live = await start(source);
    await signUp(live.app);
    await backup(configOf(source), backupDir);
    await expect(restore(configOf(source), backupDir)).rejects.toThrow(/not empty|exists/);
    await expect(restore(configOf(source), source.dataDir)).rejects.toThrow(/no finished backup/);
    await expect(backup(configOf(source), backupDir)).rejects.toThrow(/not empty/);
  }, 120_000);
});
