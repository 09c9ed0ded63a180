import sharp, { type SharpOptions } from 'sharp';
import type { FoundFace, Pixels } from './face-model.js';

/** The long edge of the picture the model is given: faces smaller than ~2% of it are missed. */
export const DETECTION_LONG_EDGE = 640;
/** The side of a face's crop, in pixels. */
const CROP_SIDE = 160;
/** The crop holds this much around the face's box (a fraction of its larger side, each way). */
const CROP_MARGIN = 0.3;

/**
 * The picture as its owner sees it, made smaller for the model: turned upright by its EXIF
 * orientation, then by the owner's rotation, at most DETECTION_LONG_EDGE on its long edge, RGB.
 */
export async function uprightPixels(
  original: string | Buffer,
  rotation: number,
  decodeOptions: SharpOptions,
): Promise<Pixels> {
  let image = sharp(original, { ...decodeOptions, autoOrient: true });
  if (rotation !== 0) image = image.rotate(rotation);
  const { data, info } = await image
    .resize(DETECTION_LONG_EDGE, DETECTION_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** A square WebP of the face with some of what is around it, from the pixels it was found in. */
export async function faceCrop(pixels: Pixels, box: FoundFace['box']): Promise<Buffer> {
  const { width, height } = pixels;
  const side = Math.max(box.width * width, box.height * height) * (1 + 2 * CROP_MARGIN);
  const size = Math.max(1, Math.min(Math.round(side), width, height));
  const centreX = (box.x + box.width / 2) * width;
  const centreY = (box.y + box.height / 2) * height;
  const left = Math.round(Math.min(Math.max(0, centreX - size / 2), width - size));
  const top = Math.round(Math.min(Math.max(0, centreY - size / 2), height - size));
  return sharp(pixels.data, { raw: { width, height, channels: 3 } })
    .extract({ left, top, width: size, height: size })
    .resize(CROP_SIDE, CROP_SIDE)
    .webp({ quality: 80 })
    .toBuffer();
}
