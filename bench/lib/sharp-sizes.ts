// What the upload benches share to make the server's derived sizes with sharp directly, and the
// camera-sized JPEG of noise they measure on.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Within `edge` px on the long side, never enlarged: the preview and the thumbnail. */
export const fitWithin = (edge: number) =>
  ({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }) as const;

/** A centre crop to this size, never enlarged: the card sizes. */
export const centreCrop = ({ width, height }: { width: number; height: number }) =>
  ({ width, height, fit: 'cover', position: 'centre', withoutEnlargement: true }) as const;

/** Writes a 4000 x 3000 JPEG of random noise (about 7.6 MB), which no codec can shrink. */
export async function writeNoiseJpeg(file: string): Promise<void> {
  await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 82 })
    .toFile(file);
}
