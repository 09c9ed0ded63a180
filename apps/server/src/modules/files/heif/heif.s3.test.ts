import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@photo/contract';
import { madeBeforeAll, signUp, useTestContext } from '../../../test/harness.js';
import { sha256 } from '../../../test/hash.js';
import { startS3Peer } from '../../../test/s3-peer.js';
import { blobKeys } from '../store/blobs.js';

/** A HEIC stored in a bucket: its original and its still are objects, its sizes made from the still. */
const peer = madeBeforeAll(() => startS3Peer('heif-photos'));
const ctx = useTestContext(() => peer.env);

describe('HEIC uploads to a bucket', () => {
  it('stores the original as uploaded, a copy without its location and the still, and serves the sizes made from it', async () => {
    const user = await signUp(ctx.app);
    const heic = await fs.readFile(
      new URL('../../../test/fixtures/heif-located.heic', import.meta.url),
    );
    const res = await ctx.api(user).upload(heic, { filename: 'IMG_0002.HEIC' });
    expect(res.statusCode).toBe(201);
    const file = res.json<UploadedFile>();
    expect(file).toMatchObject({ contentType: 'image/heic', size: heic.length, width: 320 });

    expect(await peer.keys()).toEqual(
      [
        blobKeys.original(file.id),
        blobKeys.placeless(file.id),
        blobKeys.still(file.id),
        blobKeys.derived(file.id, 'thumb'),
        blobKeys.derived(file.id, 'preview'),
        blobKeys.derived(file.id, 'card'),
        blobKeys.derived(file.id, 'card3x'),
      ].sort(),
    );
    // What others are served: the copy, its location blanked in place (same length).
    const original = await ctx.api().show(file.id);
    expect(original.headers['content-type']).toBe('image/heic');
    expect(original.rawPayload.length).toBe(heic.length);
    expect(sha256(original.rawPayload)).not.toBe(sha256(heic));
    expect(original.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);
    const thumb = await ctx.api().show(file.id, 'thumb');
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });
});
