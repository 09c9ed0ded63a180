import fs from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Album, Photo, TimelinePage, UploadedFile } from '@photo/contract';
import { DERIVE_IMAGES, INDEX_FACES, createInProcessJobQueue } from '../../../infra/job-queue.js';
import { multipartBody } from '../../../test/api-client.js';
import { signUp, type TestUser, useTestContext } from '../../../test/harness.js';
import { imageOf, redBlueJpeg } from '../../../test/images.js';
import { blobKeys } from '../store/blobs.js';
import { deriveImages, startImageJobs, type DerivePace } from './derive.js';
import { findFileById } from '../store/repository.js';
import { findStorageOf, storedBytes } from '../store/storage-use.js';
import { stored, storedBlob } from '../store/test-support.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
  // No worker here takes image jobs: each test runs the job itself when it means to.
  await ctx.deps.jobQueue.stop();
});

/** Uploads as a client does, answered before any job has run. */
async function upload(
  image: Buffer,
  part: { filename: string; contentType: string } = {
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  },
): Promise<UploadedFile> {
  const body = multipartBody([{ name: 'file', ...part, data: image }]);
  const res = await ctx.api(alice).request<UploadedFile>({
    method: 'POST',
    url: '/api/files/upload',
    headers: body.headers,
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** Without a quiet time: the jobs run here one after the other, as no batch of uploads would. */
const NO_QUIET_TIME: DerivePace = { quietMs: 0, maxDeferrals: 0 };

/**
 * A HEIC fixture (320 x 240, the same picture in each): libvips does not read it, so its thumbnail
 * is made by the job, from its decoded still, first.
 */
async function uploadHeic(fixture: 'plain' | 'msf1'): Promise<UploadedFile> {
  const heic = await fs.readFile(
    new URL(`../../../test/fixtures/heif-${fixture}.heic`, import.meta.url),
  );
  const file = await upload(heic, { filename: 'IMG_0001.HEIC', contentType: 'image/heic' });
  expect(file).toMatchObject({ ready: false, thumbReady: false });
  return file;
}

const runJob = (
  file: UploadedFile,
  options: {
    last?: boolean;
    version?: number;
    deferred?: number;
    deps?: typeof ctx.deps;
    pace?: DerivePace;
  } = {},
) =>
  deriveImages(
    options.deps ?? ctx.deps,
    {
      fileId: file.id,
      editVersion: options.version ?? 0,
      // Without it: the job queued for the upload; with it, a follow-up put off so often.
      ...(options.deferred === undefined ? {} : { deferred: options.deferred }),
    },
    { last: options.last ?? false },
    ctx.app.log,
    options.pace ?? NO_QUIET_TIME,
  );

async function albumWith(file: UploadedFile): Promise<{ album: Album; photo: Photo }> {
  const created = await ctx.api(alice).createAlbum({
    name: `Album ${file.id}`,
    coverPhotoUrl: file.url,
  });
  expect(created.statusCode, created.body).toBe(201);
  const album = created.json<Album>();
  // The cover is the album's first photo.
  const [photo] = (await ctx.api(alice).listPhotos(album.id)).json<Photo[]>();
  return { album, photo: photo! };
}

describe('derived sizes made by a job after the upload', () => {
  it('answers the upload with its thumbnail made; until the job has run, another size is the original, asked again each time', async () => {
    const jpeg = await redBlueJpeg();
    const file = await upload(jpeg);
    expect(file).toMatchObject({ ready: false, thumbReady: true });
    const { album, photo } = await albumWith(file);
    expect(album.coverReady).toBe(false);
    expect(photo).toMatchObject({ ready: false, thumbReady: true });

    // The grid's size, made with the upload, is served at once and for good.
    const thumb = await ctx.api().show(file.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toContain('immutable');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);

    const before = await ctx.api().show(file.id, 'preview');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('image/jpeg');
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.rawPayload.equals(jpeg)).toBe(true);

    await runJob(file);

    const after = await ctx.api().show(file.id, 'preview');
    expect(after.headers['content-type']).toBe('image/webp');
    expect(after.headers['cache-control']).toContain('immutable');
    expect((await ctx.api().show(file.id, 'thumb')).rawPayload.equals(thumb.rawPayload)).toBe(true);
    expect((await ctx.api(alice).getPhoto(photo.id)).json<Photo>().ready).toBe(true);
    const albums = (await ctx.api(alice).listAlbums()).json<Album[]>();
    expect(albums.find((a) => a.id === album.id)?.coverReady).toBe(true);
  });

  it("stores the upload's thumbnail under its key, counted in the owner's figure as the job's sizes are", async () => {
    const file = await upload(await imageOf('jpeg', 900, 600));
    const key = blobKeys.derived(file.id, 'thumb', 0);
    const thumb = await storedBlob(ctx, key);
    expect(await sharp(thumb).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 400,
    });
    const row = await findFileById(ctx.deps.db, file.id);
    expect(row).toMatchObject({ thumb_key: key, derived_state: 'pending' });
    expect(Number(row?.derived_bytes)).toBe(thumb.length);
    const figure = async () => ({
      used: (await findStorageOf(ctx.deps.db, alice.uid))?.used,
      sum: (
        await ctx.deps.db
          .selectFrom('files')
          .selectAll()
          .where('owner_id', '=', alice.uid)
          .execute()
      )
        .map(storedBytes)
        .reduce((total, bytes) => total + bytes, 0),
    });
    const afterUpload = await figure();
    expect(afterUpload.used).toBe(afterUpload.sum);

    await runJob(file);
    const afterJob = await figure();
    expect(afterJob.used).toBe(afterJob.sum);
    expect(afterJob.used).toBeGreaterThan(afterUpload.used!);
  });

  it("looks for the faces of a photo whose thumbnail the upload made, from the upload's job only", async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const config = { ...ctx.deps.config, ml: { ...ctx.deps.config.ml, enabled: true } };
    const deps = { ...ctx.deps, config, jobQueue: queue };
    const pace: DerivePace = { quietMs: 60_000, maxDeferrals: 1 };
    const file = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Faces' } } }));
    await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Faces, later' } } }));
    // Put off while uploads arrive: its faces are queued all the same, once.
    await runJob(file, { deps, pace });
    expect((await queue.depth(INDEX_FACES)).waiting).toBe(1);
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);
    await runJob(file, { deps, pace, deferred: 1 });
    expect((await findFileById(ctx.deps.db, file.id))?.derived_state).toBe('ready');
    expect((await queue.depth(INDEX_FACES)).waiting).toBe(1);
    await queue.stop();
  });

  it('does its work once, however often it runs', async () => {
    const file = await upload(await imageOf('png', 40, 30));
    await runJob(file);
    const once = { row: await findFileById(ctx.deps.db, file.id), stored: await stored(ctx) };
    await runJob(file);
    expect({ row: await findFileById(ctx.deps.db, file.id), stored: await stored(ctx) }).toEqual(
      once,
    );
  });

  it('leaves alone a file deleted, or edited, since it was queued', async () => {
    const file = await upload(await imageOf('webp', 50, 20));
    const before = await stored(ctx);
    await runJob(file, { version: 3 });
    expect(await stored(ctx)).toEqual(before);
    expect((await findFileById(ctx.deps.db, file.id))?.derived_state).toBe('pending');

    await ctx.deps.db.deleteFrom('files').where('id', '=', file.id).execute();
    await runJob(file);
    expect((await stored(ctx)).blobs).toBe(before.blobs);
  });

  it('after its last failed attempt, the file is shown by its original for good', async () => {
    const file = await upload(await imageOf('jpeg', 30, 30));
    const row = await findFileById(ctx.deps.db, file.id);
    // The original's bytes no longer decode (a damaged disk, say).
    await ctx.deps.blobStore.putBuffer(row!.blob_key, Buffer.from('not an image'), 'image/jpeg');
    await expect(runJob(file)).rejects.toThrow();
    expect((await findFileById(ctx.deps.db, file.id))?.derived_state).toBe('pending');
    await expect(runJob(file, { last: true })).rejects.toThrow();
    expect((await findFileById(ctx.deps.db, file.id))?.derived_state).toBe('failed');
    const { photo } = await albumWith(file);
    expect(photo.ready).toBe(true);
    const shown = await ctx.api().show(file.id, 'card');
    expect(shown.headers['cache-control']).toBe('no-cache');
    expect(shown.rawPayload.toString()).toBe('not an image');
  });

  it('a worker that starts queues again what was still waiting (jobs kept in memory are lost on a restart)', async () => {
    const file = await upload(await imageOf('png', 64, 48));
    // pg-boss keeps its jobs: on PostgreSQL, only a file waiting for long has lost its job.
    if (ctx.deps.config.databaseUrl) ctx.clock.advance(11 * 60 * 1000);
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    try {
      await startImageJobs(deps, ctx.app.log);
      await queue.settled(DERIVE_IMAGES);
      expect((await findFileById(ctx.deps.db, file.id))?.derived_state).toBe('ready');
      expect((await ctx.api().show(file.id, 'preview')).headers['content-type']).toBe('image/webp');
    } finally {
      await queue.stop();
    }
  });

  it('makes a thumbnail the upload did not make first, and serves it before the other sizes exist while another file waits for its own', async () => {
    // A queue no worker takes from: the job the first turn queues is seen waiting, then run here.
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const first = await uploadHeic('plain');
    const second = await uploadHeic('msf1');
    const before = await stored(ctx);

    await runJob(first, { deps });
    // The grid's size is served, for good; the others are still stand-ins, asked for again.
    const thumb = await ctx.api().show(first.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toContain('immutable');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    for (const size of ['preview', 'card', 'card3x'] as const) {
      const standIn = await ctx.api().show(first.id, size);
      expect(standIn.statusCode, size).toBe(200);
      expect(standIn.headers['content-type'], size).not.toBe('image/webp');
      expect(standIn.headers['cache-control'], size).toBe('no-cache');
    }
    const { photo } = await albumWith(first);
    expect(photo.ready).toBe(false);
    expect((await stored(ctx)).blobs).toBe(before.blobs + 1);
    // The rest of its sizes wait behind the second file's thumbnail.
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);

    // No other file waits for its thumbnail: every size in one turn.
    await runJob(second, { deps });
    expect((await findFileById(ctx.deps.db, second.id))?.derived_state).toBe('ready');
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);

    // The queued job makes the rest.
    await runJob(first, { deps });
    expect((await ctx.api(alice).getPhoto(photo.id)).json<Photo>().ready).toBe(true);
    const preview = await ctx.api().show(first.id, 'preview');
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toContain('immutable');
    expect((await ctx.api().show(first.id, 'card')).headers['content-type']).toBe('image/webp');
    expect((await stored(ctx)).blobs).toBe(before.blobs + 8);
    await queue.stop();
  });

  it('an edit between the thumbnail and the other sizes leaves no blob of the old version', async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    // Its thumbnail is made with the upload; its other sizes wait for the job.
    const file = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Edited' } } }));
    const { photo } = await albumWith(file);
    expect((await ctx.api().show(file.id, 'thumb')).headers['content-type']).toBe('image/webp');

    const turned = await ctx.api(alice).rotatePhoto(photo.id, { direction: 'right' });
    expect(turned.statusCode).toBe(200);
    const afterEdit = await stored(ctx);
    // The job queued for the old version finds the file edited: it leaves it alone.
    await runJob(file, { deps });
    expect(await stored(ctx)).toEqual(afterEdit);
    const row = await findFileById(ctx.deps.db, file.id);
    expect(row).toMatchObject({ edit_version: 1, derived_state: 'ready' });
    // Its original and the four sizes of the edit: nothing else.
    const keys: string[] = [];
    for await (const blob of ctx.deps.blobStore.list()) {
      if (blob.key.includes(file.id)) keys.push(blob.key);
    }
    expect(keys.sort()).toEqual(
      [
        blobKeys.original(file.id),
        ...(['thumb', 'preview', 'card', 'card3x'] as const).map((size) =>
          blobKeys.derived(file.id, size, 1),
        ),
      ].sort(),
    );
    await queue.stop();
  });

  it('while uploads make thumbnails one after another, the other sizes wait for a quiet time', async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const pace: DerivePace = { quietMs: 60_000, maxDeferrals: 1 };
    const first = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Batch 1' } } }));
    const second = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Batch 2' } } }));
    await runJob(first, { deps, pace });
    // Its thumbnail is served; its other sizes are queued to start a minute later.
    expect((await ctx.api().show(first.id, 'thumb')).headers['content-type']).toBe('image/webp');
    expect((await ctx.api().show(first.id, 'preview')).headers['cache-control']).toBe('no-cache');
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);
    // Put off as often as the pace allows: the other sizes are made then, uploads or not.
    await runJob(first, { deps, pace, deferred: 1 });
    expect((await findFileById(ctx.deps.db, first.id))?.derived_state).toBe('ready');
    // No other thumbnail was made since its own: the other sizes are made now.
    await runJob(second, { deps, pace });
    expect((await findFileById(ctx.deps.db, second.id))?.derived_state).toBe('ready');
    expect((await ctx.api().show(second.id, 'preview')).headers['content-type']).toBe('image/webp');
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);
    await queue.stop();
  });

  it('answers thumbReady, and serves the thumbnail, while the other sizes wait for a quiet time', async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const pace: DerivePace = { quietMs: 60_000, maxDeferrals: 1 };
    const original = await redBlueJpeg({ exif: { IFD0: { Model: 'Thumb 2' } } });
    const second = await upload(original);
    expect(second).toMatchObject({ ready: false, thumbReady: true });
    const { photo } = await albumWith(second);
    const timelinePhoto = async () => {
      const res = await ctx.api(alice).get<TimelinePage>('/api/timeline?limit=500');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TimelinePage>().photos.find((tile) => tile.id === photo.id);
    };
    // Another upload comes: its other sizes are put off.
    await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Thumb 3' } } }));
    await runJob(second, { deps, pace });
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);
    const shown = (await ctx.api(alice).getPhoto(photo.id)).json<Photo>();
    expect(shown).toMatchObject({ ready: false, thumbReady: true });
    const listed = (await ctx.api(alice).listPhotos(photo.albumId)).json<Photo[]>();
    expect(listed.find((p) => p.id === photo.id)).toMatchObject({ ready: false, thumbReady: true });
    expect(await timelinePhoto()).toMatchObject({ ready: false, thumbReady: true });
    const thumb = await ctx.api().show(second.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.equals(original)).toBe(false);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
    const preview = await ctx.api().show(second.id, 'preview');
    expect(preview.rawPayload.equals(original)).toBe(true);

    // Once the other sizes are made, both are true.
    await runJob(second, { deps, pace, deferred: 1 });
    expect((await ctx.api(alice).getPhoto(photo.id)).json<Photo>()).toMatchObject({
      ready: true,
      thumbReady: true,
    });
    expect(await timelinePhoto()).toMatchObject({ ready: true, thumbReady: true });
    await queue.stop();
  });
});
