import type { Album, Photo } from '@photo/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { addPhotoAs, createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { isBlue, isRed, pixelAt, redBlueJpeg } from '../../test/images.js';

const ctx = useTestContext();

/** A picture URL with a derived size, keeping what the URL carries (v, exp, sig). */
function sized(url: string, size: 'thumb' | 'preview' | 'card' | 'card3x'): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}`;
}

async function fetchImage(url: string) {
  const res = await ctx.api().get(url);
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  const { width, height } = await sharp(bytes).metadata();
  return { res, bytes, width, height };
}

const stored = (key: string) => ctx.deps.blobStore.exists(key);

/** An album of `owner` with the red/blue picture (200 x 100: left red, right blue) as a photo. */
async function redBluePhoto(owner: TestUser): Promise<{ photo: Photo; original: Buffer }> {
  const original = await redBlueJpeg();
  const { album } = await createAlbumAs(ctx, owner);
  const image = await storeImage(ctx, owner, { bytes: original });
  return { photo: await addPhotoAs(ctx, owner, album.id, image), original };
}

describe('PUT /api/photos/{photoId}/rotation', () => {
  it('turns what is shown, keeps the original as uploaded and changes the picture URL', async () => {
    const owner = await signUp(ctx.app);
    const { photo, original } = await redBluePhoto(owner);
    expect(photo).toMatchObject({ rotation: 0, width: 200, height: 100 });
    // Seen before the edit: the thumbnail is now in the server's memory and the browser's cache.
    const before = await fetchImage(sized(photo.photoUrl, 'thumb'));
    expect([before.width, before.height]).toEqual([200, 100]);
    expect(isRed(await pixelAt(before.bytes, 10, 50))).toBe(true);

    const res = await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' });
    expect(res.statusCode).toBe(200);
    const turned = res.json();
    expect(turned).toMatchObject({ id: photo.id, rotation: 90, width: 100, height: 200 });
    expect(turned.photoUrl).not.toBe(photo.photoUrl);
    expect(turned.photoUrl).toBe(`/api/files/show/${photo.fileId}?v=1`);
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toEqual(turned);

    // Clockwise: the left (red) half is now on top.
    for (const size of ['thumb', 'preview'] as const) {
      const shown = await fetchImage(sized(turned.photoUrl, size));
      expect([shown.width, shown.height]).toEqual([100, 200]);
      expect(isRed(await pixelAt(shown.bytes, 50, 10))).toBe(true);
      expect(isBlue(await pixelAt(shown.bytes, 50, 190))).toBe(true);
      expect(shown.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(shown.res.headers.etag).toBe(`"${photo.fileId}.v1.${size}"`);
    }
    const card = await fetchImage(sized(turned.photoUrl, 'card'));
    expect(isRed(await pixelAt(card.bytes, 1, 1))).toBe(true);

    // The original, with or without the version, is the uploaded bytes.
    for (const url of [turned.photoUrl, photo.photoUrl]) {
      const shown = await ctx.api().get(url);
      expect(shown.statusCode).toBe(200);
      expect(Buffer.compare(shown.rawPayload, original)).toBe(0);
    }

    // The old URL answers what is shown now, which no cache may keep under it.
    const old = await fetchImage(sized(photo.photoUrl, 'thumb'));
    expect([old.width, old.height]).toEqual([100, 200]);
    expect(old.res.headers['cache-control']).toBe('no-cache');
    expect(old.res.headers.etag).not.toBe(before.res.headers.etag);
    const revalidated = await ctx
      .api()
      .get(sized(photo.photoUrl, 'thumb'), { 'if-none-match': String(before.res.headers.etag) });
    expect(revalidated.statusCode).toBe(200);
  });

  it('turns left anticlockwise, and four quarter turns come back to the start', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    const left = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'left' })).json();
    expect(left).toMatchObject({ rotation: 270, width: 100, height: 200 });
    const shown = await fetchImage(sized(left.photoUrl, 'thumb'));
    expect(isBlue(await pixelAt(shown.bytes, 50, 10))).toBe(true);
    expect(isRed(await pixelAt(shown.bytes, 50, 190))).toBe(true);

    const urls = new Set([photo.photoUrl, left.photoUrl]);
    let current = left;
    for (let turn = 0; turn < 4; turn += 1) {
      const res = await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' });
      expect(res.statusCode).toBe(200);
      current = res.json();
      urls.add(current.photoUrl);
    }
    expect(current).toMatchObject({ rotation: 270 });
    const back = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' })).json();
    expect(back).toMatchObject({ rotation: 0, width: 200, height: 100 });
    urls.add(back.photoUrl);
    // Every edit gave a new URL.
    expect(urls.size).toBe(7);
    const start = await fetchImage(sized(back.photoUrl, 'thumb'));
    expect([start.width, start.height]).toEqual([200, 100]);
    expect(isRed(await pixelAt(start.bytes, 10, 50))).toBe(true);
    expect(isBlue(await pixelAt(start.bytes, 190, 50))).toBe(true);
  });

  it('turns from the upright picture of a file with an EXIF orientation', async () => {
    const owner = await signUp(ctx.app);
    // Stored sideways (200 x 100, left red), with orientation 6: upright it is 100 x 200, red on top.
    const original = await redBlueJpeg({ orientation: 6 });
    const { album } = await createAlbumAs(ctx, owner);
    const image = await storeImage(ctx, owner, { bytes: original });
    const photo = await addPhotoAs(ctx, owner, album.id, image);
    expect(photo).toMatchObject({ width: 100, height: 200 });
    const left = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'left' })).json();
    expect(left).toMatchObject({ rotation: 270, width: 200, height: 100 });
    const shown = await fetchImage(sized(left.photoUrl, 'preview'));
    expect([shown.width, shown.height]).toEqual([200, 100]);
    // Anticlockwise from upright: the top (red) goes to the left.
    expect(isRed(await pixelAt(shown.bytes, 10, 50))).toBe(true);
    expect(isBlue(await pixelAt(shown.bytes, 190, 50))).toBe(true);
    const kept = await ctx.api().get(left.photoUrl);
    expect(Buffer.compare(kept.rawPayload, original)).toBe(0);
  });

  it('removes the blobs of the previous version', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    const keys = [
      `thumb/${photo.fileId}.webp`,
      `preview/${photo.fileId}.webp`,
      `card/${photo.fileId}.webp`,
      `card3x/${photo.fileId}.webp`,
    ];
    for (const key of keys) expect(await stored(key)).toBe(true);
    await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' });
    for (const key of keys) expect(await stored(key)).toBe(false);
    expect(await stored(`thumb/${photo.fileId}.v1.webp`)).toBe(true);
    expect(await stored(`originals/${photo.fileId}`)).toBe(true);
  });

  it('changes the cover URL of an album whose cover is the same file', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    const other = await ctx
      .api(owner)
      .createAlbum({ name: 'Same cover', coverPhotoUrl: photo.photoUrl });
    expect(other.statusCode).toBe(201);
    const turned = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' })).json();
    const album = (await ctx.api(owner).findAlbum(`?id=${other.json().id}`)).json<Album>();
    expect(album.coverPhotoUrl).toBe(turned.photoUrl);
    // The versioned URL is accepted back as a cover.
    const again = await ctx
      .api(owner)
      .createAlbum({ name: 'Again', coverPhotoUrl: turned.photoUrl });
    expect(again.statusCode).toBe(201);
  });

  it('changes the profile picture URL of a user whose picture is the same file', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    const set = await ctx.api(owner).setProfilePhoto({ profilePicUrl: photo.photoUrl });
    expect(set.statusCode).toBe(200);
    expect(set.json().profilePicUrl).toBe(photo.photoUrl);
    const turned = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'left' })).json();
    expect((await ctx.api(owner).me()).json().profilePicUrl).toBe(turned.photoUrl);
  });

  it('keeps signed URLs of an album not everyone sees valid', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    expect(
      (await ctx.api(owner).setVisibility(photo.albumId, { visibility: 'owner' })).statusCode,
    ).toBe(200);
    const turned = (await ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' })).json();
    expect(turned.photoUrl).toMatch(/\?v=1&exp=\d+&sig=/);
    const shown = await fetchImage(sized(turned.photoUrl, 'preview'));
    expect([shown.width, shown.height]).toEqual([100, 200]);
    // Without its signature the file stays hidden.
    const unsigned = await ctx.api().get(`/api/files/show/${photo.fileId}?v=1&size=preview`);
    expect(unsigned.statusCode).toBe(404);
  });

  it('is refused to anyone but the person who added the photo', async () => {
    const owner = await signUp(ctx.app);
    const someone = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    // Everyone with an account sees this album, and may not rotate its photos.
    expect((await ctx.api(someone).getPhoto(photo.id)).statusCode).toBe(200);
    const res = await ctx.api(someone).rotatePhoto(photo.id, { direction: 'right' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('NOT_OWNER');
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toMatchObject({ rotation: 0 });

    const unsigned = await ctx.api(null).rotatePhoto(photo.id, { direction: 'right' });
    expect(unsigned.statusCode).toBe(401);

    // Once the album is its owner's alone, the photo does not exist for anyone else.
    await ctx.api(owner).setVisibility(photo.albumId, { visibility: 'owner' });
    const hidden = await ctx.api(someone).rotatePhoto(photo.id, { direction: 'right' });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('PHOTO_NOT_FOUND');
  });

  it('answers 404 for an unknown photo and 400 for bad input', async () => {
    const owner = await signUp(ctx.app);
    const unknown = await ctx.api(owner).rotatePhoto(newId(), { direction: 'right' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('PHOTO_NOT_FOUND');

    const { photo } = await redBluePhoto(owner);
    for (const body of [{ direction: 'up' }, {}, { direction: 90 }, { direction: 'RIGHT' }]) {
      const res = await ctx.api(owner).rotatePhoto(photo.id, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toMatch(/direction|body/);
    }
    // A malformed id names no photo, as everywhere else.
    expect((await ctx.api(owner).rotatePhoto('not-an-id', { direction: 'left' })).statusCode).toBe(
      404,
    );
    const badVersion = await ctx.api().get(`/api/files/show/${photo.fileId}?v=-1&size=thumb`);
    expect(badVersion.statusCode).toBe(400);
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toMatchObject({ rotation: 0 });
  });

  it('turns the photos of several requests at once one after the other', async () => {
    const owner = await signUp(ctx.app);
    const { photo } = await redBluePhoto(owner);
    const answers = await Promise.all(
      [1, 2, 3].map(() => ctx.api(owner).rotatePhoto(photo.id, { direction: 'right' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await ctx.api(owner).getPhoto(photo.id)).json()).toMatchObject({
      rotation: 270,
      photoUrl: `/api/files/show/${photo.fileId}?v=3`,
    });
  });
});
