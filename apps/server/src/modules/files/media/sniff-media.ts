import type { FileKind, VideoState } from '../../../db/schema.js';
import type { ExifFacts, ImageFormat } from './images.js';
import type { PlaceTaken } from './location.js';

/**
 * What an upload's first bytes say it is, before any decoder sees it: an image libvips reads, a
 * HEIF image (HEIC: decoded by heif/heif.ts), or a video (probed by video/video.ts).
 */
export type SniffedMedia =
  | { kind: 'image'; format: ImageFormat }
  | { kind: 'heif' }
  | { kind: 'video'; container: 'isobmff' | 'webm' };

/** ISO-BMFF brands of HEIF images (HEVC-coded, or HEIF's generic image and sequence brands). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
/** ISO-BMFF brands of videos: MP4, M4V and QuickTime. */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'qt  ',
  'MSNV',
  'dash',
]);

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The ISO-BMFF ftyp box's brands (major first), or null when the file does not start with one. */
export function ftypBrands(head: Buffer): string[] | null {
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
    brands.push(head.toString('latin1', offset, offset + 4));
  }
  return brands;
}

/**
 * The media kind an upload's head names, from its magic bytes; null when it is none we accept.
 * `sniffImage` recognises the formats libvips reads (AVIF included, which is HEIF with AV1).
 */
export function sniffMedia(
  head: Buffer,
  sniffImage: (head: Buffer) => ImageFormat | null,
): SniffedMedia | null {
  const image = sniffImage(head);
  if (image) return { kind: 'image', format: image };
  const brands = ftypBrands(head);
  if (brands) {
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return { kind: 'heif' };
    if (brands.some((brand) => VIDEO_BRANDS.has(brand)))
      return { kind: 'video', container: 'isobmff' };
    return null;
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    return { kind: 'video', container: 'webm' };
  }
  return null;
}

/**
 * An upload checked and made ready to store: every kind of media comes to this, and one path
 * (files.upload.ts) stores it. Paths are temporary files, removed by whoever made them.
 */
export interface PreparedMedia {
  kind: FileKind;
  /** The file stored as the original: the received one, as uploaded (its location included). */
  original: string;
  /**
   * The original written again without its location, served to everyone but the file's owner
   * (decision 0081); null when the original carries none.
   */
  placeless: string | null;
  /** Where it was taken, when the file says so in a way we read. */
  place: PlaceTaken | null;
  contentType: string;
  /** As shown: upright (orientation or rotation applied). */
  width: number;
  height: number;
  exif: ExifFacts;
  /** ThumbHash of the picture as shown (of a video: its poster). */
  placeholder: string | null;
  /**
   * The thumbnail (WebP) of a still image, made from the decode that checks it (decision 0128);
   * null: the derive job makes it, from the original or the still.
   */
  thumbnail: Buffer | null;
  /** A video's length. */
  durationMs: number | null;
  /**
   * A picture (JPEG, upright) the derived sizes are made from, when libvips cannot read the
   * original: a HEIC's decoded image, a video's poster frame; null: the original itself.
   */
  still: string | null;
  /** A video's playback state at upload: 'ready' when the original plays in every browser. */
  videoState: VideoState | null;
  /** Apple's content identifier, shared by the halves of a Live Photo. */
  contentId: string | null;
  /** Temporary files this made, removed once the upload is stored or refused. */
  temporaryFiles: string[];
}
