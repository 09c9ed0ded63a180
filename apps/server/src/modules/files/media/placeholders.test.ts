import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs, storeImage } from '../../../test/fixtures.js';
import { signUp, useTestContext } from '../../../test/harness.js';
import { redBlueJpeg } from '../../../test/images.js';

const ctx = useTestContext();

/** What a browser gets from a placeholder: its rough aspect ratio and its top-left colour. */
function decode(placeholder: string | null | undefined) {
  expect(placeholder).toEqual(expect.any(String));
  const hash = Buffer.from(placeholder ?? '', 'base64');
  const { rgba } = thumbHashToRGBA(hash);
  return {
    aspect: thumbHashToApproximateAspectRatio(hash),
    topLeft: { r: rgba[0]!, g: rgba[1]!, b: rgba[2]! },
  };
}

const reddish = (c: { r: number; b: number }) => c.r > 150 && c.b < 110;
const bluish = (c: { r: number; b: number }) => c.b > 150 && c.r < 110;

describe('placeholders', () => {
  it('comes with an upload: a ThumbHash of the picture of its shape', async () => {
    const owner = await signUp(ctx.app);
    const res = await ctx.api(owner).upload(await redBlueJpeg({ orientation: 6 }));
    expect(res.statusCode).toBe(201);
    const file = res.json();
    // Shown upright: 100 x 200, the red half on top.
    expect([file.width, file.height]).toEqual([100, 200]);
    const decoded = decode(file.placeholder);
    expect(decoded.aspect).toBeLessThan(0.7);
    expect(reddish(decoded.topLeft)).toBe(true);
  });

  it('is carried by album lists, albums, photo lists and photos, and by shared pages', async () => {
    const owner = await signUp(ctx.app);
    const cover = await storeImage(ctx, owner, { bytes: await redBlueJpeg() });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    const coverHash = cover.placeholder;
    expect(decode(coverHash).aspect).toBeGreaterThan(1.5);
    expect(album.coverPlaceholder).toBe(coverHash);

    const listed = (await ctx.api(owner).listAlbums('?mine=true')).json();
    expect(listed.find((a) => a.id === album.id)?.coverPlaceholder).toBe(coverHash);
    expect((await ctx.api(owner).findAlbum(`?id=${album.id}`)).json().coverPlaceholder).toBe(
      coverHash,
    );

    const other = await addPhotoAs(ctx, owner, album.id);
    expect(decode(other.placeholder).aspect).toBeGreaterThan(1);
    expect(other.placeholder).not.toBe(coverHash);
    const photos = (await ctx.api(owner).listPhotos(album.id)).json();
    expect(photos.map((p) => p.placeholder).sort()).toEqual([coverHash, other.placeholder].sort());
    expect((await ctx.api(owner).getPhoto(other.id)).json().placeholder).toBe(other.placeholder);

    const link = (await ctx.api(owner).createLink(album.id)).json();
    expect((await ctx.api().sharedAlbum(link.token)).json().coverPlaceholder).toBe(coverHash);
    const shared = (await ctx.api().sharedPhotos(link.token)).json();
    expect(shared.map((p) => p.placeholder).sort()).toEqual(
      photos.map((p) => p.placeholder).sort(),
    );
  });

  it('turns with the photo, for the photo and for the album it is the cover of', async () => {
    const owner = await signUp(ctx.app);
    const cover = await storeImage(ctx, owner, { bytes: await redBlueJpeg() });
    const { album } = await createAlbumAs(ctx, owner, { cover });
    const [photo] = (await ctx.api(owner).listPhotos(album.id)).json();
    const before = decode(photo!.placeholder);
    expect(before.aspect).toBeGreaterThan(1.5);
    expect(reddish(before.topLeft)).toBe(true);

    const res = await ctx.api(owner).rotatePhoto(photo!.id, { direction: 'left' });
    expect(res.statusCode).toBe(200);
    const turned = res.json();
    expect(turned.placeholder).not.toBe(photo!.placeholder);
    // Anticlockwise: the right (blue) half comes on top.
    const after = decode(turned.placeholder);
    expect(after.aspect).toBeLessThan(0.7);
    expect(bluish(after.topLeft)).toBe(true);
    const listed = (await ctx.api(owner).listAlbums('?mine=true')).json();
    expect(listed.find((a) => a.id === album.id)?.coverPlaceholder).toBe(turned.placeholder);
  });
});
