import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext } from '../../test/harness.js';
import { h264Mp4 } from '../../test/videos.js';

const ctx = useTestContext();

describe('PUT /api/photos/{photoId}/rotation of phone media', () => {
  it('turns a HEIC photo from its decoded picture, its original kept as uploaded', async () => {
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const heic = await fs.readFile(new URL('../../test/fixtures/heif-plain.heic', import.meta.url));
    const image = await storeImage(ctx, owner, { bytes: heic, filename: 'IMG_0001.HEIC' });
    const photo = await addPhotoAs(ctx, owner, album.id, image);

    const res = await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' });
    expect(res.statusCode).toBe(200);
    const turned = res.json();
    expect(turned).toMatchObject({ rotation: 90, width: photo.height, height: photo.width });
    const thumb = await ctx.api().get(`${turned.photoUrl}&size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(thumb.rawPayload).metadata();
    expect([width, height]).toEqual([photo.height, photo.width]);
    const original = await ctx.api().get(`/api/files/show/${photo.fileId}`);
    expect(original.rawPayload.equals(heic)).toBe(true);
  });

  it('refuses to turn a video (409), which plays the way it was recorded', async () => {
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const video = await storeImage(ctx, owner, { bytes: await h264Mp4(), filename: 'clip.mp4' });
    const photo = await addPhotoAs(ctx, owner, album.id, video);
    expect(photo.kind).toBe('video');

    const res = await ctx.api(owner).rotatePhoto(photo.id, { direction: 'left' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'CONFLICT' });
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toMatchObject({ rotation: 0 });
  });
});
