import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@photo/contract';
import { RENDER_VIDEO } from '../../../infra/job-queue.js';
import { madeBeforeAll, signUp, useTestContext } from '../../../test/harness.js';
import { startS3Peer } from '../../../test/s3-peer.js';
import { hevcMov, probe } from '../../../test/videos.js';
import { blobKeys } from '../store/blobs.js';

/** Videos on a bucket: the rendition job reads the original from it, playback reads ranges of it. */
const peer = madeBeforeAll(() => startS3Peer('videos-test'));
const ctx = useTestContext(() => peer.env);

describe('videos in a bucket', () => {
  it(
    'stores a MOV with its poster, makes its rendition, and answers ranges from the bucket',
    { timeout: 150_000 },
    async () => {
      const user = await signUp(ctx.app);
      const res = await ctx.api(user).upload(await hevcMov(), { filename: 'IMG_0003.MOV' });
      expect(res.statusCode).toBe(201);
      const file = res.json<UploadedFile>();
      await ctx.deps.jobQueue.settled(RENDER_VIDEO, { timeoutMs: 120_000 });
      expect(await peer.keys()).toEqual(
        expect.arrayContaining([
          blobKeys.original(file.id),
          blobKeys.still(file.id),
          blobKeys.rendition(file.id),
          blobKeys.derived(file.id, 'thumb'),
        ]),
      );

      const url = `${file.url}?size=video`;
      const whole = await ctx.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const bytes = whole.rawPayload;
      const video = (await probe(bytes)).streams.find((s) => s.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: 240, height: 320 });

      const part = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=200-1223' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 200-1223/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(200, 1224))).toBe(true);

      const last = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-64' } });
      expect(last.statusCode).toBe(206);
      expect(last.rawPayload.equals(bytes.subarray(bytes.length - 64))).toBe(true);

      const past = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: `bytes=${bytes.length + 10}-` },
      });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    },
  );
});
