import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { AppError } from '../../../lib/errors.js';
import { INPUT_OPTIONS, PROCESSING_TIMEOUT_SECONDS, type Rotation } from './images.js';

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
    let image = sharp(input, { ...INPUT_OPTIONS, autoOrient: true });
    if (rotation !== 0) image = image.rotate(rotation);
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
  } catch (error) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file could not be read as an image: it may be damaged or not really a JPEG, PNG, WebP, GIF or AVIF file.',
      { field: 'file', cause: error },
    );
  }
}
