import { beforeAll, describe, expect, it } from 'vitest';
import type { Photo, UploadedFile } from '@photo/contract';
import { RENDER_VIDEO } from '../../../infra/job-queue.js';
import { createAlbumAs } from '../../../test/fixtures.js';
import {
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
  useTestContext,
} from '../../../test/harness.js';
import {
  CLIP_PLACE,
  h264Mp4,
  hevcMov,
  probe,
  tooLongMp4,
  tooWideMp4,
  topLevelBoxes,
  vp9Webm,
} from '../../../test/videos.js';
import { findFileById } from '../store/repository.js';
import { stored } from '../store/test-support.js';

const ctx = useTestContext();
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app);
});

const show = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function expectRefused(
  context: TestContext,
  bytes: Buffer,
  filename: string,
  status: number,
  code: string,
) {
  const before = await stored(context);
  const res = await context.api(alice).upload(bytes, { filename, contentType: 'video/mp4' });
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(await stored(context)).toEqual(before);
  expect(before.temporary).toBe(0);
}

describe('videos', () => {
  it('stores an H.264 + AAC MP4 as a video that plays as it is, with its poster sizes', async () => {
    const mp4 = await h264Mp4();
    const res = await ctx.api(alice).upload(mp4, { filename: 'IMG_0002.MP4' });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadedFile>();
    expect(body).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      width: 320,
      height: 240,
    });
    expect(body.durationMs).toBeGreaterThanOrEqual(1900);
    expect(body.durationMs).toBeLessThanOrEqual(2100);
    expect(body.placeholder).toEqual(expect.any(String));
    const row = await findFileById(ctx.deps.db, body.id);
    expect(row).toMatchObject({ video_state: 'ready', rendition_key: null });
    expect(row?.still_key).toEqual(expect.any(String));

    // Its sizes are made from the poster, as a photo's.
    const thumb = await ctx.api().show(body.id, 'thumb');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    // No location: it plays byte for byte as uploaded.
    const whole = await show(`${body.url}?size=video`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
  });

  it('answers range requests: 206 with the slice, the last bytes, and 416 past the end', async () => {
    const mp4 = await h264Mp4();
    const { url } = (await ctx.api(alice).upload(mp4)).json<UploadedFile>();
    const part = await show(`${url}?size=video`, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${mp4.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload.equals(mp4.subarray(100, 1100))).toBe(true);

    const open = await show(`${url}?size=video`, { range: `bytes=${mp4.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);

    const last = await show(`${url}?size=video`, { range: 'bytes=-500' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(
      `bytes ${mp4.length - 500}-${mp4.length - 1}/${mp4.length}`,
    );
    expect(last.rawPayload.equals(mp4.subarray(mp4.length - 500))).toBe(true);

    const past = await show(`${url}?size=video`, { range: `bytes=${mp4.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);

    // Several ranges, or an If-Range of other bytes: the whole file.
    const several = await show(`${url}?size=video`, { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    const stale = await show(`${url}?size=video`, { range: 'bytes=0-1', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(mp4.length);
  });

  it(
    'stores an iPhone MOV upright, with its date and camera, keeps its place for its owner only, and makes its rendition',
    { timeout: 150_000 },
    async () => {
      const mov = await hevcMov();
      // A Live Photo's still will name this video as its motion, right after its upload (before its
      // rendition can be made): it mirrors the video's playback state.
      const still = await ctx
        .api(alice)
        .upload(
          Buffer.from(await (await import('../../../test/images.js')).imageOf('jpeg', 64, 48)),
        );
      const stillId = still.json<UploadedFile>().id;
      const res = await ctx.api(alice).upload(mov, { filename: 'IMG_0003.MOV' });
      expect(res.statusCode).toBe(201);
      const body = res.json<UploadedFile>();
      await ctx.deps.db
        .updateTable('files')
        .set({ motion_file_id: body.id, video_state: 'processing', duration_ms: body.durationMs })
        .where('id', '=', stillId)
        .execute();
      // Turned a quarter: upright, it is taller than wide.
      expect(body).toMatchObject({
        kind: 'video',
        contentType: 'video/quicktime',
        width: 240,
        height: 320,
      });
      const row = await findFileById(ctx.deps.db, body.id);
      expect(row).toMatchObject({
        date_taken: '2024-06-01T08:00:00.000Z',
        camera_make: 'Apple',
        camera_model: 'iPhone 15',
      });

      const { album } = await createAlbumAs(ctx, alice);
      const added = await ctx.api(alice).addPhoto(album.id, { fileId: body.id });
      expect(added.statusCode).toBe(201);
      const photo = added.json<Photo>();
      expect(photo).toMatchObject({
        kind: 'video',
        width: 240,
        height: 320,
        dateTaken: '2024-06-01T08:00:00.000Z',
        cameraMake: 'Apple',
        cameraModel: 'iPhone 15',
      });
      expect(['processing', 'ready']).toContain(photo.video?.state);

      await ctx.deps.jobQueue.settled(RENDER_VIDEO, { timeoutMs: 120_000 });
      const after = (await ctx.api(alice).getPhoto(photo.id)).json<Photo>();
      expect(after.video).toEqual({ durationMs: body.durationMs, state: 'ready' });
      expect(await findFileById(ctx.deps.db, stillId)).toMatchObject({
        video_state: 'ready',
        rendition_key: null,
      });

      // What plays: H.264 + AAC in MP4, upright, its index before its data, no place.
      const played = await show(`${body.url}?size=video`);
      expect(played.statusCode).toBe(200);
      expect(played.headers['content-type']).toBe('video/mp4');
      const rendition = await probe(played.rawPayload);
      const video = rendition.streams.find((s) => s.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: 240, height: 320 });
      expect(video?.side_data_list ?? []).toEqual([]);
      expect(rendition.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
      const boxes = topLevelBoxes(played.rawPayload);
      expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      expect(played.rawPayload.includes(Buffer.from(CLIP_PLACE))).toBe(false);

      // The original, as an attachment: still HEVC turned a quarter, its date and camera kept, its
      // place gone.
      const download = await show(`${body.url}?size=video&download=1`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('video/quicktime');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mov"$/);
      expect(download.rawPayload.includes(Buffer.from(CLIP_PLACE))).toBe(false);
      const original = await probe(download.rawPayload);
      const tags = original.format.tags ?? {};
      expect(Object.keys(tags).filter((key) => /location|xyz|6709/i.test(key))).toEqual([]);
      expect(tags).toMatchObject({
        'com.apple.quicktime.make': 'Apple',
        'com.apple.quicktime.model': 'iPhone 15',
        'com.apple.quicktime.creationdate': '2024-06-01T10:00:00+0200',
      });
      const originalVideo = original.streams.find((s) => s.codec_type === 'video');
      expect(originalVideo?.codec_name).toBe('hevc');
      expect(Math.abs(Number(originalVideo?.side_data_list?.[0]?.rotation))).toBe(90);

      // The owner's own address names the place: the MOV as uploaded, and where it was taken.
      expect(after.location).toMatchObject({ latitude: expect.any(Number) as unknown });
      const own = await show(`${after.photoUrl}&size=video&download=1`);
      expect(own.rawPayload.equals(mov)).toBe(true);
    },
  );

  it('stores a VP9 + Opus WebM, which plays as it is', async () => {
    const res = await ctx.api(alice).upload(await vp9Webm(), { filename: 'clip.webm' });
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadedFile>()).toMatchObject({
      kind: 'video',
      contentType: 'video/webm',
      width: 320,
      height: 240,
    });
    const row = await findFileById(ctx.deps.db, res.json<UploadedFile>().id);
    expect(row?.video_state).toBe('ready');
  });

  it('plays a video of an album only the owner sees only from its signed address', async () => {
    const { album } = await createAlbumAs(ctx, alice);
    const file = (await ctx.api(alice).upload(await h264Mp4())).json<UploadedFile>();
    const photo = (await ctx.api(alice).addPhoto(album.id, { fileId: file.id })).json<Photo>();
    await ctx.api(alice).setVisibility(album.id, { visibility: 'owner' });
    const signed = (await ctx.api(alice).getPhoto(photo.id)).json<Photo>().photoUrl;
    expect(signed).toContain('sig=');
    const part = await show(`${signed}&size=video`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await show(`${file.url}?size=video`, { range: 'bytes=0-99' })).statusCode).toBe(404);
  });

  it('answers 404 for size=video of a picture', async () => {
    const { imageOf } = await import('../../../test/images.js');
    const file = (await ctx.api(alice).upload(await imageOf('jpeg', 40, 30))).json<UploadedFile>();
    expect((await show(`${file.url}?size=video`)).statusCode).toBe(404);
  });

  it('refuses a cut-short MP4, text named .mp4 and an MP4 with a page glued on (415), storing nothing', async () => {
    const mp4 = await h264Mp4();
    await expectRefused(
      ctx,
      mp4.subarray(0, mp4.length / 2),
      'cut.mp4',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectRefused(
      ctx,
      Buffer.from('This is not a video, only text.\n'.repeat(20)),
      'notes.mp4',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const page = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    await expectRefused(ctx, Buffer.concat([mp4, page]), 'page.mp4', 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a video wider than 8K or longer than allowed (413), storing nothing', async () => {
    await expectRefused(ctx, await tooWideMp4(), 'wide.mp4', 413, 'PAYLOAD_TOO_LARGE');
    await expectRefused(ctx, await tooLongMp4(), 'long.mp4', 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a video over MAX_VIDEO_BYTES (413)', async () => {
    const small = await createTestContext({ MAX_VIDEO_BYTES: '10000' });
    try {
      const user = await signUp(small.app);
      const before = await stored(small);
      const res = await small.api(user).upload(await h264Mp4());
      expect(res.statusCode).toBe(413);
      expect(await stored(small)).toEqual(before);
    } finally {
      await small.close();
    }
  });
});
