/**
 * Image fixtures: real images made with sharp, for the server tests, the end-to-end tests and the
 * benchmarks. No app code here, so a test never agrees with the code it tests by sharing it.
 */
import sharp, { type Exif } from 'sharp';

/** EXIF's "YYYY:MM:DD HH:MM:SS" for a date (UTC, whole seconds). */
export function exifDate(date: Date | string): string {
  const iso = typeof date === 'string' ? date : date.toISOString();
  return iso.slice(0, 19).replace('T', ' ').replaceAll('-', ':');
}

export interface JpegOptions {
  width?: number;
  height?: number;
  /** The same seed gives the same bytes; by default each call gives new ones. */
  seed?: number;
  /** Written as EXIF DateTimeOriginal with the offset +00:00, as a camera would. */
  dateTaken?: Date | string | null;
  /** The offset written with dateTaken (OffsetTimeOriginal), "+00:00" unless told. */
  takenOffset?: string;
  cameraMake?: string | null;
  cameraModel?: string | null;
  /** More EXIF tags of the photo's IFD, as sharp writes them (LensModel, FNumber: "18/10"…). */
  photoExif?: Record<string, string>;
}

// Starts anywhere, so that processes running side by side (end-to-end workers) make other images.
let lastSeed = Math.floor(Math.random() * 0x10000);

/**
 * A JPEG of one colour with a diagonal band of its complement (64 x 48 unless told), with EXIF date
 * taken and camera when given. Different seeds give different bytes: the server takes the same
 * bytes from one owner for the same file.
 */
export async function makeJpeg(options: JpegOptions = {}): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const seed = options.seed ?? (lastSeed += 1);
  const background = {
    r: (seed * 37) % 256,
    g: (seed * 91) % 256,
    b: Math.floor(seed / 256) % 256,
  };
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<polygon points="0,${height} ${width},0 ${width},${height / 3} ${width / 3},${height}" ` +
      `fill="rgb(${255 - background.r},${255 - background.g},${255 - background.b})"/></svg>`,
  );
  const ifd0: Record<string, string> = {};
  if (options.cameraMake) ifd0.Make = options.cameraMake;
  if (options.cameraModel) ifd0.Model = options.cameraModel;
  const ifd2: Record<string, string> = { ...options.photoExif };
  if (options.dateTaken) {
    ifd2.DateTimeOriginal = exifDate(options.dateTaken);
    ifd2.OffsetTimeOriginal = options.takenOffset ?? '+00:00';
  }
  let image = sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: band }])
    .jpeg();
  if (Object.keys(ifd0).length > 0 || Object.keys(ifd2).length > 0) {
    image = image.withExif({ IFD0: ifd0, IFD2: ifd2 });
  }
  return image.toBuffer();
}

/** 200 x 100: the left half red, the right half blue. */
function redBlue() {
  return sharp({
    create: { width: 200, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } },
  }).composite([
    {
      input: {
        create: { width: 100, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } },
      },
      left: 100,
      top: 0,
    },
  ]);
}

/** The red/blue JPEG, with an EXIF orientation and any other EXIF fields. */
export async function redBlueJpeg(options: { orientation?: number; exif?: Exif } = {}) {
  let image = redBlue().jpeg({ quality: 95 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif) image = image.withExifMerge(options.exif);
  return image.toBuffer();
}

export type TestFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff';

/** A small image of the given format, with a gradient so each size gives distinct bytes. */
export async function imageOf(format: TestFormat, width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([
    await frame({ r: 255, g: 0, b: 0 }),
    await frame({ r: 0, g: 255, b: 0 }),
  ]);
  return sharp(frames, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

/** Random noise: does not compress, so its size is about what is asked. */
export async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: 'grey',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

export const isRed = (c: { r: number; g: number; b: number }) => c.r > 200 && c.g < 60 && c.b < 60;
export const isBlue = (c: { r: number; g: number; b: number }) => c.b > 200 && c.r < 60 && c.g < 60;

/** EXIF's degrees, minutes and seconds (hundredths) of an angle. */
function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/**
 * The picture at this width as a JPEG whose EXIF says when (UTC) and, when given, where (GPS) it
 * was taken: a real photo (a face) with a date and a place.
 */
export function takenAt(
  picture: Buffer,
  width: number,
  taken: { dateTaken: string; latitude?: number; longitude?: number },
): Promise<Buffer> {
  const { latitude, longitude } = taken;
  return sharp(picture)
    .resize(width)
    .withExif({
      IFD2: { DateTimeOriginal: exifDate(taken.dateTaken), OffsetTimeOriginal: '+00:00' },
      ...(latitude !== undefined && longitude !== undefined
        ? {
            IFD3: {
              GPSLatitudeRef: latitude < 0 ? 'S' : 'N',
              GPSLatitude: dms(latitude),
              GPSLongitudeRef: longitude < 0 ? 'W' : 'E',
              GPSLongitude: dms(longitude),
            },
          }
        : {}),
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}
