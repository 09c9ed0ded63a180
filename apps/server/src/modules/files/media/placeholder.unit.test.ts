import sharp from 'sharp';
import {
  thumbHashToApproximateAspectRatio,
  thumbHashToAverageRGBA,
  thumbHashToRGBA,
} from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { animatedGif, imageOf, noiseJpeg, redBlueJpeg } from '../../../test/images.js';
import { makeThumbnail } from './images.js';
import { makePlaceholder, makePlaceholderAndThumbnail } from './placeholder.js';

type Colour = { r: number; g: number; b: number; a: number };

/** The placeholder as a browser would paint it: its size and the colour at a relative spot. */
function decode(placeholder: string) {
  const hash = Buffer.from(placeholder, 'base64');
  const { w, h, rgba } = thumbHashToRGBA(hash);
  return {
    aspect: thumbHashToApproximateAspectRatio(hash),
    width: w,
    height: h,
    average: thumbHashToAverageRGBA(hash),
    at(x: number, y: number): Colour {
      const i = (Math.floor(y * (h - 1)) * w + Math.floor(x * (w - 1))) * 4;
      return { r: rgba[i]!, g: rgba[i + 1]!, b: rgba[i + 2]!, a: rgba[i + 3]! };
    },
  };
}

/** ThumbHash keeps the aspect ratio in coarse steps (a side of 3 to 7 cells): within 20 %. */
function expectAspect(actual: number, expected: number) {
  expect(Math.abs(actual / expected - 1)).toBeLessThan(0.2);
}

const reddish = (c: Colour) => c.r > 150 && c.b < 110;
const bluish = (c: Colour) => c.b > 150 && c.r < 110;

describe('makePlaceholder', () => {
  it('answers a short base64 ThumbHash of the picture: its shape and colours', async () => {
    const placeholder = await makePlaceholder(await redBlueJpeg());
    expect(placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(placeholder.length).toBeLessThanOrEqual(40);
    const decoded = decode(placeholder);
    expectAspect(decoded.aspect, 2);
    expect(decoded.width).toBeGreaterThan(decoded.height);
    expect(reddish(decoded.at(0.1, 0.5))).toBe(true);
    expect(bluish(decoded.at(0.9, 0.5))).toBe(true);
    expect(decoded.average.a).toBe(1);
  });

  it('is of the upright picture: the EXIF orientation is applied', async () => {
    // Orientation 6: shown turned a quarter clockwise, so the left half (red) comes on top.
    const decoded = decode(await makePlaceholder(await redBlueJpeg({ orientation: 6 })));
    expectAspect(decoded.aspect, 0.5);
    expect(reddish(decoded.at(0.5, 0.1))).toBe(true);
    expect(bluish(decoded.at(0.5, 0.9))).toBe(true);
  });

  it('is turned by the rotation, like the derived sizes', async () => {
    const jpeg = await redBlueJpeg();
    const right = decode(await makePlaceholder(jpeg, 90));
    expectAspect(right.aspect, 0.5);
    expect(reddish(right.at(0.5, 0.1))).toBe(true);
    expect(bluish(right.at(0.5, 0.9))).toBe(true);
    const upsideDown = decode(await makePlaceholder(jpeg, 180));
    expectAspect(upsideDown.aspect, 2);
    expect(bluish(upsideDown.at(0.1, 0.5))).toBe(true);
    expect(reddish(upsideDown.at(0.9, 0.5))).toBe(true);
    const left = decode(await makePlaceholder(jpeg, 270));
    expect(bluish(left.at(0.5, 0.1))).toBe(true);
    expect(reddish(left.at(0.5, 0.9))).toBe(true);
  });

  it('reads every accepted format, from a file path or from bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const decoded = decode(await makePlaceholder(await imageOf(format, 120, 40)));
      expect(decoded.aspect, format).toBeGreaterThan(2);
    }
  });

  it('keeps transparency, and reads grey and 16-bit images', async () => {
    const transparent = await sharp({
      create: { width: 80, height: 80, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(decode(await makePlaceholder(transparent)).average.a).toBeLessThan(0.1);

    const grey = await sharp({
      create: { width: 90, height: 60, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .greyscale()
      .png()
      .toBuffer();
    const greyColour = decode(await makePlaceholder(grey)).average;
    expect(Math.abs(greyColour.r - greyColour.b)).toBeLessThan(0.05);

    const deep = await sharp(await imageOf('png', 60, 90))
      .png({ force: true })
      .toColourspace('rgb16')
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    expectAspect(decode(await makePlaceholder(deep)).aspect, 60 / 90);
  });

  it('is of the first frame of an animation', async () => {
    // Frame one red, frame two green.
    const decoded = decode(await makePlaceholder(await animatedGif()));
    expectAspect(decoded.aspect, 40 / 30);
    expect(reddish(decoded.at(0.5, 0.5))).toBe(true);
  });

  it('refuses what is not an image with a 415', async () => {
    const error: unknown = await makePlaceholder(Buffer.from('not an image')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(415);
  });
});

describe('makePlaceholderAndThumbnail', () => {
  /** The largest difference of a channel between two placeholders as painted, out of 255. */
  function paintedDifference(one: string, other: string): number {
    const a = thumbHashToRGBA(Buffer.from(one, 'base64'));
    const b = thumbHashToRGBA(Buffer.from(other, 'base64'));
    expect([a.w, a.h]).toEqual([b.w, b.h]);
    return Math.max(...a.rgba.map((value, i) => Math.abs(value - b.rgba[i]!)));
  }

  it("makes makeThumbnail's thumbnail and makePlaceholder's placeholder, within rounding", async () => {
    const images: [string, Buffer][] = [
      ['upright by its EXIF orientation', await redBlueJpeg({ orientation: 6 })],
      ['a JPEG decoded shrunk', await noiseJpeg(2400, 1800)],
      ['an animation, its first frame', await animatedGif()],
    ];
    for (const format of ['png', 'webp', 'avif'] as const) {
      images.push([format, await imageOf(format, 1200, 900)]);
    }
    for (const [what, image] of images) {
      const made = await makePlaceholderAndThumbnail(image);
      expect(made.thumbnail.equals(await makeThumbnail(image)), what).toBe(true);
      // ThumbHash quantizes its coefficients: pixels made smaller in two steps can round a
      // coefficient the other way, which moves a painted channel by a few steps of 255.
      expect(paintedDifference(made.placeholder, await makePlaceholder(image)), what).toBeLessThan(
        32,
      );
    }
  });

  it('refuses a damaged image with the 415 makePlaceholder answers', async () => {
    const jpeg = await noiseJpeg(300, 200);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const error: unknown = await makePlaceholderAndThumbnail(cut).catch((e: unknown) => e);
    const expected: unknown = await makePlaceholder(cut).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(expected).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 415,
      code: (expected as AppError).code,
      message: (expected as AppError).message,
    });
  });
});
