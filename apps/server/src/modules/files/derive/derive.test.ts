import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Album, Photo, TimelinePage, UploadedFile } from '@photo/contract';
import { DERIVE_IMAGES, createInProcessJobQueue } from '../../../infra/job-queue.js';
import { multipartBody } from '../../../test/api-client.js';
import { signUp, type TestUser, useTestContext } from '../../../test/harness.js';
import { imageOf, redBlueJpeg } from '../../../test/images.js';
import { blobKeys } from '../store/blobs.js';
import { deriveImages, startImageJobs, type DerivePace } from './derive.js';
import { findFileById } from '../store/repository.js';
import { stored } from '../store/test-support.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
  // No worker here takes image jobs: each test runs the job itself when it means to.
  await ctx.deps.jobQueue.stop();
});

/** Uploads as a client does, answered before any job has run. */
async function upload(image: Buffer): Promise<UploadedFile> {
  const body = multipartBody([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: image },
  ]);
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

const runJob = (
  file: UploadedFile,
  options: { last?: boolean; version?: number; deps?: typeof ctx.deps; pace?: DerivePace } = {},
) =>
  deriveImages(
    options.deps ?? ctx.deps,
    { fileId: file.id, editVersion: options.version ?? 0 },
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
  it('answers the upload at once; until the job has run, a size is the original, asked again each time', async () => {
    const jpeg = await redBlueJpeg();
    const file = await upload(jpeg);
    expect(file.ready).toBe(false);
    const { album, photo } = await albumWith(file);
    expect(album.coverReady).toBe(false);
    expect(photo.ready).toBe(false);

    const before = await ctx.api().show(file.id, 'thumb');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('image/jpeg');
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.rawPayload.equals(jpeg)).toBe(true);

    await runJob(file);

    const after = await ctx.api().show(file.id, 'thumb');
    expect(after.headers['content-type']).toBe('image/webp');
    expect(after.headers['cache-control']).toContain('immutable');
    const meta = await sharp(after.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
    expect((await ctx.api(alice).getPhoto(photo.id)).json<Photo>().ready).toBe(true);
    const albums = (await ctx.api(alice).listAlbums()).json<Album[]>();
    expect(albums.find((a) => a.id === album.id)?.coverReady).toBe(true);
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

  it('serves the thumbnail before the other sizes exist while another file waits for its own', async () => {
    // A queue no worker takes from: the job the first turn queues is seen waiting, then run here.
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const jpeg = await redBlueJpeg({ exif: { IFD0: { Model: 'First' } } });
    const first = await upload(jpeg);
    const second = await upload(await imageOf('png', 66, 50));
    const before = await stored(ctx);

    await runJob(first, { deps });
    // The grid's size is served, for good; the others are still the original, asked for again.
    const thumb = await ctx.api().show(first.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toContain('immutable');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
    for (const size of ['preview', 'card', 'card3x'] as const) {
      const standIn = await ctx.api().show(first.id, size);
      expect(standIn.headers['content-type'], size).toBe('image/jpeg');
      expect(standIn.headers['cache-control'], size).toBe('no-cache');
      expect(standIn.rawPayload.equals(jpeg), size).toBe(true);
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
    const file = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Edited' } } }));
    const waiting = await upload(await imageOf('png', 40, 40));
    const { photo } = await albumWith(file);
    await runJob(file, { deps });
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
    await runJob(waiting, { deps });
    await queue.stop();
  });

  it('while thumbnails are being made one after another, the other sizes wait for a quiet time', async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const pace: DerivePace = { quietMs: 60_000, maxDeferrals: 1 };
    const first = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Batch 1' } } }));
    await runJob(first, { deps });
    const second = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Batch 2' } } }));
    await runJob(second, { deps, pace });
    // Its thumbnail is served; its other sizes are queued to start a minute later.
    expect((await ctx.api().show(second.id, 'thumb')).headers['content-type']).toBe('image/webp');
    expect((await ctx.api().show(second.id, 'preview')).headers['cache-control']).toBe('no-cache');
    expect((await queue.depth(DERIVE_IMAGES)).waiting).toBe(1);
    // No other thumbnail was made since its own: the other sizes are made now.
    await runJob(second, { deps, pace });
    expect((await findFileById(ctx.deps.db, second.id))?.derived_state).toBe('ready');
    expect((await ctx.api().show(second.id, 'preview')).headers['content-type']).toBe('image/webp');
    await queue.stop();
  });

  it('answers thumbReady, and serves the thumbnail, while the other sizes wait for a quiet time', async () => {
    const queue = createInProcessJobQueue(() => undefined);
    const deps = { ...ctx.deps, jobQueue: queue };
    const pace: DerivePace = { quietMs: 60_000, maxDeferrals: 1 };
    const first = await upload(await redBlueJpeg({ exif: { IFD0: { Model: 'Thumb 1' } } }));
    await runJob(first, { deps });
    const original = await redBlueJpeg({ exif: { IFD0: { Model: 'Thumb 2' } } });
    const second = await upload(original);
    expect(second).toMatchObject({ ready: false, thumbReady: false });
    const { photo } = await albumWith(second);
    expect(photo).toMatchObject({ ready: false, thumbReady: false });
    const timelinePhoto = async () => {
      const res = await ctx.api(alice).get<TimelinePage>('/api/timeline?limit=500');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TimelinePage>().photos.find((tile) => tile.id === photo.id);
    };
    expect(await timelinePhoto()).toMatchObject({ ready: false, thumbReady: false });

    // Its thumbnail is made; its other sizes are put off while uploads arrive.
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
    await runJob(second, { deps, pace });
    expect((await ctx.api(alice).getPhoto(photo.id)).json<Photo>()).toMatchObject({
      ready: true,
      thumbReady: true,
    });
    expect(await timelinePhoto()).toMatchObject({ ready: true, thumbReady: true });
    await queue.stop();
  });
});
