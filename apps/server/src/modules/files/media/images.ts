import exifReader from 'exif-reader';
import fs from 'node:fs/promises';
import sharp, { type Exif, type Metadata, type Sharp, type SharpOptions } from 'sharp';
import {
  CARD_IMAGE_SIZES,
  IMAGE_SIZES,
  MAX_IMAGE_PIXELS,
  UNSUPPORTED_MEDIA_MESSAGE,
  type AcceptedImageType,
  type CardImageSize,
  type ImageSize,
} from '@photo/contract';
import { AppError } from '../../../lib/errors.js';
import { createLimiter } from '../../../lib/limiter.js';
import { jpegWithoutLocation } from './jpeg-without-location.js';

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);
// One libvips thread per operation: the JPEG decoder and libwebp's encoder run on one thread each
// anyway, and the cores are kept busy by running operations side by side (a decode beside the
// encodes, the preview beside the smaller sizes); fewer threads hold fewer buffers.
sharp.concurrency(1);

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export const CONTENT_TYPES: Record<ImageFormat, AcceptedImageType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Derived sizes are WebP. */
export const DERIVED_CONTENT_TYPE = 'image/webp';
const DERIVED_QUALITY = 80;
/** Cards are small on screen: a lower quality shows no loss there and costs fewer bytes. */
const CARD_QUALITY = 72;

/** Degrees clockwise an edit turns the upright image. */
export type Rotation = 0 | 90 | 180 | 270;

/** The rotation after one more quarter turn to the left (anticlockwise) or right (clockwise). */
export function turned(rotation: number, direction: 'left' | 'right'): Rotation {
  const next = (((rotation + (direction === 'right' ? 90 : 270)) % 360) + 360) % 360;
  return next as Rotation;
}

/** Every derived image of an upload: the long-edge sizes and the card crops. */
export type DerivedImages = Record<ImageSize | CardImageSize, Buffer>;

/** How many bytes of the file's start sniffImageFormat needs. */
export const SNIFF_BYTES = 64;

export const PROCESSING_TIMEOUT_SECONDS = 60;

/** Decoding options for untrusted input. */
export const INPUT_OPTIONS: SharpOptions = {
  failOn: 'error',
  limitInputPixels: MAX_IMAGE_PIXELS,
};

/**
 * The format named by the file's first bytes, or null when it is not one we accept. This runs
 * before any decoder sees the file, so text, SVG, HTML, PDF… never reach libvips' other loaders.
 */
export function sniffImageFormat(head: Buffer): ImageFormat | null {
  const ascii = (start: number, end: number) => head.toString('latin1', start, end);
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: major brand, minor version, then compatible brands, within the ftyp box.
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the EXIF data says about the picture; null where it says nothing usable. */
export interface ExifFacts {
  /**
   * ISO-8601 UTC: the moment, when the file gives its time zone (takenOffsetMinutes), else the
   * camera's clock reading as if it were UTC.
   */
  dateTaken: string | null;
  /** Minutes east of UTC of the camera's clock when it was taken (OffsetTimeOriginal). */
  takenOffsetMinutes: number | null;
  cameraMake: string | null;
  cameraModel: string | null;
  /** The lens's model (LensModel), else its make. */
  lens: string | null;
  /** The aperture's f-number: 1.8 for f/1.8. */
  fNumber: number | null;
  /** Seconds the shutter was open: 0.004 for 1/250 s. */
  exposureSeconds: number | null;
  iso: number | null;
  /** Millimetres, as the lens has it. */
  focalLength: number | null;
  /** Millimetres, as on a 35 mm camera (FocalLengthIn35mmFilm). */
  focalLength35mm: number | null;
}

/** What a file with no EXIF (or none we read) says. */
export const NO_EXIF_FACTS: ExifFacts = {
  dateTaken: null,
  takenOffsetMinutes: null,
  cameraMake: null,
  cameraModel: null,
  lens: null,
  fNumber: null,
  exposureSeconds: null,
  iso: null,
  focalLength: null,
  focalLength35mm: null,
};

export interface ImageInfo {
  format: ImageFormat;
  contentType: AcceptedImageType;
  /** Upright (EXIF orientation applied). */
  width: number;
  height: number;
  /** How many frames: more than one for an animated GIF or WebP. */
  frames: number;
  animated: boolean;
  exif: ExifFacts;
  /** The file carries GPS coordinates (EXIF GPS, or GPS in XMP), or EXIF we cannot read. */
  hasLocation: boolean;
  /** The EXIF fields worth keeping when the file must be rewritten without its location. */
  keptExif: Exif | null;
  /** The EXIF orientation (1 to 8) as libvips reads it, or null when there is none. */
  orientation: number | null;
  /** The EXIF as read (a Live Photo's content identifier is in its maker note). */
  rawExif: Buffer | null;
}

const unsupported = (message: string, cause?: unknown) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field: 'file', cause });

/** 415: the file's pixels could not be decoded (a damaged image, or not really one). */
export const unreadable = (cause?: unknown) =>
  unsupported(
    'The file could not be read as an image: it may be damaged or not really a JPEG, PNG, WebP, GIF or AVIF file.',
    cause,
  );

/** The accepted format libvips found, from its decoder's name (AVIF is HEIF with AV1). */
function formatOf(metadata: Metadata): ImageFormat | null {
  const format: string = metadata.format;
  if (format === 'heif') return metadata.compression === 'av1' ? 'avif' : null;
  return format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif'
    ? format
    : null;
}

/**
 * Reads the image's header: its real format (which must match the sniffed one), its upright size,
 * its EXIF facts and whether it carries a location. Refuses other formats (415) and images of more
 * than MAX_IMAGE_PIXELS (413) before anything is decoded.
 */
export async function inspectImage(file: string, sniffed: ImageFormat): Promise<ImageInfo> {
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is read, never the pixels, and the size is checked below.
    metadata = await sharp(file, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const format = formatOf(metadata);
  if (format !== sniffed) {
    throw unsupported(UNSUPPORTED_MEDIA_MESSAGE);
  }
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw unreadable();
  // Every frame of an animation is decoded, so every frame counts against the limit.
  const frames = format === 'gif' || format === 'webp' ? Math.max(1, metadata.pages ?? 1) : 1;
  if (width * height * frames > MAX_IMAGE_PIXELS) {
    const size = frames > 1 ? `${frames} frames of ${width} x ${height}` : `${width} x ${height}`;
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image has too many pixels (${size}); at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted${frames > 1 ? ', all frames together' : ''}.`,
      { field: 'file' },
    );
  }
  const exif = readExif(metadata.exif);
  return {
    format,
    contentType: CONTENT_TYPES[format],
    width,
    height,
    frames,
    animated: frames > 1,
    exif: exif.facts,
    hasLocation: exif.hasGps || xmpHasGps(metadata),
    keptExif: exif.kept,
    orientation: metadata.orientation ?? null,
    rawExif: metadata.exif ?? null,
  };
}

/** How many frames a stored image has (more than one for an animated GIF or WebP). */
export async function countFrames(file: string | Buffer): Promise<number> {
  try {
    const metadata = await sharp(file, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
    return metadata.format === 'gif' || metadata.format === 'webp'
      ? Math.max(1, metadata.pages ?? 1)
      : 1;
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * One image's derived sizes are encoded at a time in this process: an encode holds the most memory
 * (the pixels at the preview's size, libwebp's copy of them and its output). Decoding the next
 * image, and everything else of an upload, goes on meanwhile.
 */
const encoding = createLimiter(1);

/** The sizes made after the thumbnail: the preview and the card crops. */
export type LaterImages = Omit<DerivedImages, 'thumb'>;

/**
 * The thumbnail alone (600 px on the long edge, never enlarged), WebP, turned upright by the EXIF
 * orientation and then by `rotation`, of an animation its first frame: the size a grid shows
 * first, made before the others. libvips decodes a JPEG or WebP straight at a fraction of its size
 * (a 12-megapixel JPEG at a quarter, 1000 x 750), so this costs a small part of the other sizes,
 * and holds too few pixels to wait for the encoding slot.
 */
export async function makeThumbnail(
  file: string | Buffer,
  rotation: Rotation = 0,
): Promise<Buffer> {
  try {
    return await toWebp(uprightImage(file, rotation).resize(fitWithin('thumb')));
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * The image as shown, for decoding untrusted input: upright by its EXIF orientation, then turned
 * `rotation` degrees clockwise (an edit); of an animation, its first frame.
 */
export function uprightImage(file: string | Buffer, rotation: Rotation = 0): Sharp {
  const image = sharp(file, { ...INPUT_OPTIONS, autoOrient: true });
  return rotation === 0 ? image : image.rotate(rotation);
}

/** Decoded pixels, and how sharp reads them back. */
export interface RawPixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The upright image decoded once at the thumbnail's size, as makeThumbnail decodes it (a JPEG or
 * WebP shrunk while decoding, then made 600 px on the long edge, never enlarged): sRGB, 8 bits a
 * channel, alpha kept. The upload makes its thumbnail and its placeholder from these pixels.
 */
export async function decodeThumbnailPixels(file: string | Buffer): Promise<RawPixels> {
  const { data, info } = await uprightImage(file)
    .resize(fitWithin('thumb'))
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/** The thumbnail of pixels from decodeThumbnailPixels: WebP, as makeThumbnail encodes it. */
export function encodeThumbnail(pixels: RawPixels): Promise<Buffer> {
  return toWebp(sharp(pixels.data, { raw: pixels.raw }));
}

/**
 * Makes the preview (1600 px) and the thumbnail (600 px) on the long edge, and the 4:3 card crops
 * (576 x 432 and 864 x 648, from the centre), never enlarged: WebP,
 * turned upright by the EXIF orientation, converted to sRGB, all metadata stripped. Of an
 * animation, the thumbnail is its first frame, and the preview is the animation made smaller
 * when that stays within a pixel and a byte budget and is not turned, else its first frame too.
 * `rotation` (an edit) turns every size clockwise from upright.
 */
export async function makeDerivedSizes(
  file: string | Buffer,
  info: Pick<ImageInfo, 'width' | 'height' | 'frames'>,
  rotation: Rotation = 0,
): Promise<DerivedImages> {
  const { thumb, ...later } = await makeSizes(file, info, rotation, true);
  if (!thumb) throw new Error('the thumbnail was not made');
  return { ...later, thumb };
}

/** Every size but the thumbnail (made before, by makeThumbnail), as makeDerivedSizes makes them. */
export function makeLaterSizes(
  file: string | Buffer,
  info: Pick<ImageInfo, 'width' | 'height' | 'frames'>,
  rotation: Rotation = 0,
): Promise<LaterImages> {
  return makeSizes(file, info, rotation, false);
}

async function makeSizes(
  file: string | Buffer,
  info: Pick<ImageInfo, 'width' | 'height' | 'frames'>,
  rotation: Rotation,
  withThumb: boolean,
): Promise<LaterImages & { thumb?: Buffer }> {
  let still: LaterImages & { thumb?: Buffer };
  try {
    // One decode of the original (its first frame), at the preview's size (JPEG and WebP shrink
    // while decoding); every size is encoded from those pixels. The rotation (an edit) turns the
    // upright image; the box it must fit in is square, so turning first changes no size.
    const { data, info: raw } = await uprightImage(file, rotation)
      .resize(fitWithin('preview'))
      .raw()
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    // The preview (the longest encode) and the smaller sizes one after the other run side by
    // side, each on one thread (libwebp encodes on one); one image encodes at a time, so the
    // next image decodes meanwhile and the cores stay busy without more images in memory.
    const [preview, smaller] = await encoding(async () => {
      const smaller = (async () => {
        const thumb = withThumb ? await toWebp(pixels().resize(fitWithin('thumb'))) : undefined;
        const card = await toWebp(pixels().resize(cardCrop('card')), CARD_QUALITY);
        const card3x = await toWebp(pixels().resize(cardCrop('card3x')), CARD_QUALITY);
        return { thumb, card, card3x };
      })();
      // Both settle before the slot is given up, even when one fails.
      const [preview, rest] = await Promise.allSettled([toWebp(pixels()), smaller]);
      if (preview.status === 'rejected') throw preview.reason;
      if (rest.status === 'rejected') throw rest.reason;
      return [preview.value, rest.value] as const;
    });
    const { thumb, card, card3x } = smaller;
    still = thumb ? { preview, thumb, card, card3x } : { preview, card, card3x };
  } catch (error) {
    throw unreadable(error);
  }
  if (info.frames > 1) {
    const animated = await encoding(() => animatedPreview(file, info, rotation));
    if (animated) return { ...still, preview: animated };
  }
  return still;
}

/** Pixels of all frames together that an animated preview may have: its encoding time follows them. */
export const ANIMATED_PREVIEW_MAX_PIXELS = 16_000_000;
/** Bytes an animated preview may have; a bigger one is replaced by a still. */
export const ANIMATED_PREVIEW_MAX_BYTES = 4 * 1024 * 1024;

/** The animation within the preview's size as animated WebP, or null when over a budget or turned. */
async function animatedPreview(
  file: string | Buffer,
  info: Pick<ImageInfo, 'width' | 'height' | 'frames'>,
  rotation: Rotation,
): Promise<Buffer | null> {
  const edge = IMAGE_SIZES.preview;
  const scale = Math.min(1, edge / Math.max(info.width, info.height));
  const framePixels = Math.round(info.width * scale) * Math.round(info.height * scale);
  if (framePixels * info.frames > ANIMATED_PREVIEW_MAX_PIXELS) return null;
  // libvips cannot turn a multi-page image: a turned animation is previewed by its first frame.
  if (rotation !== 0) return null;
  try {
    const animation = await sharp(file, { ...INPUT_OPTIONS, pages: -1 })
      .resize(fitWithin('preview'))
      // A low effort: an animation has many frames to encode, and its size is checked below.
      .webp({ quality: DERIVED_QUALITY, effort: 1 })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer();
    return animation.length <= ANIMATED_PREVIEW_MAX_BYTES ? animation : null;
  } catch (error) {
    throw unreadable(error);
  }
}

function fitWithin(size: ImageSize) {
  const edge = IMAGE_SIZES[size];
  return { width: edge, height: edge, fit: 'inside', withoutEnlargement: true } as const;
}

function cardCrop(size: CardImageSize) {
  const { width, height } = CARD_IMAGE_SIZES[size];
  return { width, height, fit: 'cover', position: 'centre', withoutEnlargement: true } as const;
}

function toWebp(image: Sharp, quality = DERIVED_QUALITY): Promise<Buffer> {
  return image.webp({ quality }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS }).toBuffer();
}

/**
 * Writes a copy of the image without its location, every metadata block dropped but the colour
 * profile and the EXIF that `readExif` keeps (date taken, camera, lens, exposure). A JPEG's
 * marker segments are rewritten around its compressed data, which is copied as it is (lossless,
 * no decoding), its EXIF orientation kept (decision 0125); any other image, or a JPEG whose
 * structure is not as expected, is encoded again in its own format, turned upright.
 */
export async function writeWithoutLocation(
  file: string,
  info: ImageInfo,
  out: string,
): Promise<void> {
  if (info.format === 'jpeg') {
    const pieces = jpegWithoutLocation(await fs.readFile(file), {
      exif: info.keptExif,
      orientation: info.orientation,
    });
    if (pieces) {
      const handle = await fs.open(out, 'w');
      try {
        const { bytesWritten } = await handle.writev(pieces);
        const length = pieces.reduce((total, piece) => total + piece.length, 0);
        if (bytesWritten !== length)
          throw new Error(`${out}: ${bytesWritten} of ${length} bytes written`);
      } finally {
        await handle.close();
      }
      return;
    }
  }
  await reencodeWithoutLocation(file, info, out);
}

/** The image encoded again without its location, turned upright (JPEG at quality 92). */
export async function reencodeWithoutLocation(
  file: string,
  info: ImageInfo,
  out: string,
): Promise<void> {
  let image = sharp(file, {
    ...INPUT_OPTIONS,
    autoOrient: true,
    ...(info.animated ? { pages: -1 } : {}),
  }).keepIccProfile();
  if (info.keptExif) image = image.withExif(info.keptExif);
  switch (info.format) {
    case 'jpeg':
      image = image.jpeg({ quality: 92 });
      break;
    case 'png':
      image = image.png();
      break;
    case 'webp':
      image = image.webp({ quality: 90 });
      break;
    case 'gif':
      image = image.gif();
      break;
    case 'avif':
      image = image.avif({ quality: 70, effort: 2 });
      break;
  }
  try {
    await image.timeout({ seconds: PROCESSING_TIMEOUT_SECONDS }).toFile(out);
  } catch (error) {
    throw unreadable(error);
  }
}

function xmpHasGps(metadata: Metadata): boolean {
  if (!metadata.xmp) return false;
  const xmp = metadata.xmpAsString ?? metadata.xmp.toString('latin1');
  return /GPS(Latitude|Longitude|Altitude|DestLatitude|DestLongitude)/i.test(xmp);
}

const NO_FACTS = NO_EXIF_FACTS;

/**
 * Reads date taken (and its time zone), camera, lens and exposure, and whether there is a GPS
 * block, from raw EXIF.
 */
export function readExif(raw: Buffer | undefined): {
  facts: ExifFacts;
  hasGps: boolean;
  kept: Exif | null;
} {
  if (!raw || raw.length === 0) return { facts: NO_FACTS, hasGps: false, kept: null };
  let exif: exifReader.Exif;
  try {
    exif = exifReader(raw);
  } catch {
    // EXIF we cannot read might still hold a location: treat it as if it did.
    return { facts: NO_FACTS, hasGps: true, kept: null };
  }
  const gps = exif.GPSInfo ?? {};
  const hasGps = Boolean(exif.Image?.GPSTag) || Object.keys(gps).length > 0;

  const cameraMake = cleanText(exif.Image?.Make);
  const cameraModel = cleanText(exif.Image?.Model);
  const offset = cleanOffset(exif.Photo?.OffsetTimeOriginal);
  const wallClock = validDate(exif.Photo?.DateTimeOriginal);
  const dateTaken = wallClock
    ? new Date(wallClock.getTime() - (offset ? offsetMinutes(offset) * 60_000 : 0)).toISOString()
    : null;

  const facts: ExifFacts = {
    dateTaken,
    takenOffsetMinutes: wallClock && offset ? offsetMinutes(offset) : null,
    cameraMake,
    cameraModel,
    ...exposureFacts(exif.Photo),
  };
  return { facts, hasGps, kept: keptExif(facts, wallClock, offset) };
}

/** The lens and the exposure (aperture, shutter, ISO, focal length), where the EXIF says them. */
function exposureFacts(
  photo: exifReader.Exif['Photo'],
): Omit<ExifFacts, 'dateTaken' | 'takenOffsetMinutes' | 'cameraMake' | 'cameraModel'> {
  // ISOSpeedRatings (PhotographicSensitivity since EXIF 2.3) may hold several values.
  const iso: unknown = photo?.ISOSpeedRatings;
  return {
    lens: cleanText(photo?.LensModel) ?? cleanText(photo?.LensMake),
    fNumber: positive(photo?.FNumber, 1000),
    exposureSeconds: positive(photo?.ExposureTime, 100_000),
    iso: positiveInteger(Array.isArray(iso) ? (iso as unknown[])[0] : iso),
    focalLength: positive(photo?.FocalLength, 100_000),
    focalLength35mm: positiveInteger(photo?.FocalLengthIn35mmFilm),
  };
}

/**
 * The EXIF a copy without location keeps: the date taken and its offset, the camera, the lens
 * and the exposure (what a photo's details show).
 */
function keptExif(facts: ExifFacts, wallClock: Date | null, offset: string | null): Exif | null {
  const ifd0: Record<string, string> = {};
  const ifd2: Record<string, string> = {};
  if (facts.cameraMake) ifd0.Make = facts.cameraMake;
  if (facts.cameraModel) ifd0.Model = facts.cameraModel;
  if (wallClock) ifd2.DateTimeOriginal = exifDateText(wallClock);
  if (wallClock && offset) ifd2.OffsetTimeOriginal = offset;
  if (facts.lens) ifd2.LensModel = facts.lens;
  if (facts.fNumber) ifd2.FNumber = rational(facts.fNumber);
  if (facts.exposureSeconds) ifd2.ExposureTime = rational(facts.exposureSeconds);
  if (facts.iso) ifd2.ISOSpeedRatings = String(facts.iso);
  if (facts.focalLength) ifd2.FocalLength = rational(facts.focalLength);
  if (facts.focalLength35mm) ifd2.FocalLengthIn35mmFilm = String(facts.focalLength35mm);
  const kept: Exif = {};
  if (Object.keys(ifd0).length > 0) kept.IFD0 = ifd0;
  if (Object.keys(ifd2).length > 0) kept.IFD2 = ifd2;
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A number as libvips writes an EXIF rational ("1/250", "18/10"). */
function rational(value: number): string {
  if (value < 1) return `1/${Math.round(1 / value)}`;
  return `${Math.round(value * 1000)}/1000`;
}

/** A finite number above 0 and below `max`, else null (a broken or placeholder value). */
function positive(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value < max
    ? value
    : null;
}

function positiveInteger(value: unknown): number | null {
  const number = positive(value, 10_000_000);
  return number === null ? null : Math.round(number);
}

/** EXIF text: may arrive as bytes, padded with NULs or spaces; kept printable and short. */
function cleanText(value: unknown): string | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Buffer.isBuffer(value)) text = value.toString('utf8');
  else return null;
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f\ufffd]/g, '').trim();
  return text.length > 0 ? text.slice(0, 100) : null;
}

/** exif-reader reads "YYYY:MM:DD HH:MM:SS" as if it were UTC; placeholder dates (0000:00:00…) are dropped. */
function validDate(value: unknown): Date | null {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return null;
  const year = value.getUTCFullYear();
  return year >= 1900 && year <= 2200 ? value : null;
}

function cleanOffset(value: unknown): string | null {
  return typeof value === 'string' && /^[+-](0\d|1[0-4]):[0-5]\d$/.test(value.trim())
    ? value.trim()
    : null;
}

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * ((hours ?? 0) * 60 + (minutes ?? 0));
}

function exifDateText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
