import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import {
  PROCESSING_TIMEOUT_SECONDS,
  decodeThumbnailPixels,
  encodeThumbnail,
  unreadable,
  uprightImage,
  type Rotation,
} from './images.js';

/** ThumbHash encodes images of at most 100 x 100 pixels. */
const PLACEHOLDER_EDGE = 100;

/**
 * A ThumbHash of the image as shown, base64 (about 25 bytes, 30-odd characters): the upright image
 * (EXIF orientation applied) turned `rotation` degrees clockwise, like the derived sizes. Of an
 * animation, its first frame. Alpha is kept, so a transparent image gets a transparent placeholder.
 * Clients decode it into a blurred picture of the right colours and aspect ratio.
 */
export async function makePlaceholder(
  input: string | Buffer,
  rotation: Rotation = 0,
): Promise<string> {
  try {
    return await thumbHashOf(uprightImage(input, rotation));
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * An upload's placeholder and thumbnail from one decode of the image at the thumbnail's size
 * (decision 0128): the placeholder as makePlaceholder makes it (within rounding: it is made from
 * the thumbnail's pixels), the thumbnail as makeThumbnail makes it. Of an animation, its first
 * frame. A file that does not decode is refused as makePlaceholder refuses it.
 */
export async function makePlaceholderAndThumbnail(
  file: string | Buffer,
): Promise<{ placeholder: string; thumbnail: Buffer }> {
  try {
    const pixels = await decodeThumbnailPixels(file);
    const [placeholder, thumbnail] = await Promise.all([
      thumbHashOf(sharp(pixels.data, { raw: pixels.raw })),
      encodeThumbnail(pixels),
    ]);
    return { placeholder, thumbnail };
  } catch (error) {
    throw unreadable(error);
  }
}

async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(PLACEHOLDER_EDGE, PLACEHOLDER_EDGE, { fit: 'inside' })
    // Four 8-bit channels whatever the source: grey, 16-bit and CMYK images included.
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected RGBA pixels, got ${info.channels} channels`);
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
