import exifReader from 'exif-reader';

/**
 * Apple's content identifier: the UUID an iPhone writes into both halves of a Live Photo, the
 * picture (HEIC or JPEG: in its Apple maker note) and the motion (a QuickTime movie: in its
 * metadata), so that the two can be shown as one item (docs/decisions/0061-live-photos.md).
 */

/** The maker note's header on iOS: "Apple iOS", NUL, a version (0x0001), then the byte order. */
const APPLE_IOS_HEADER = Buffer.from('Apple iOS\0', 'latin1');
/** The maker note's own IFD starts after its 14-byte header; its offsets count from the note's start. */
const IFD_START = 14;
/** ContentIdentifier, an ASCII string (exiftool's Apple tag 0x0011). */
const CONTENT_IDENTIFIER_TAG = 0x0011;
const ASCII = 2;
/** A QuickTime movie's key for it, as ffprobe reports it among the container's (format) tags. */
export const QUICKTIME_CONTENT_ID_KEY = 'com.apple.quicktime.content.identifier';

/** What counts as an identifier: printable, no spaces, of a sane length (Apple's are UUIDs). */
const CONTENT_ID_PATTERN = /^[\x21-\x7e]{8,100}$/;

/** The identifier as stored and compared: trimmed of NULs and spaces, upper-case; null when not one. */
export function normalizeContentId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000\s]+$/g, '').trim();
  return CONTENT_ID_PATTERN.test(text) ? text.toUpperCase() : null;
}

/**
 * The ContentIdentifier in an Apple maker note (the raw bytes of the EXIF MakerNote tag), or null
 * when the note is no Apple iOS note or holds none. Reads only within the note: a damaged note
 * answers null, never throws.
 */
export function contentIdFromAppleMakerNote(note: Buffer): string | null {
  if (note.length < IFD_START + 2) return null;
  if (!note.subarray(0, APPLE_IOS_HEADER.length).equals(APPLE_IOS_HEADER)) return null;
  const order = note.toString('latin1', 12, 14);
  if (order !== 'MM' && order !== 'II') return null;
  const bigEndian = order === 'MM';
  const u16 = (at: number) => (bigEndian ? note.readUInt16BE(at) : note.readUInt16LE(at));
  const u32 = (at: number) => (bigEndian ? note.readUInt32BE(at) : note.readUInt32LE(at));
  const entries = u16(IFD_START);
  for (let index = 0; index < entries; index++) {
    const entry = IFD_START + 2 + index * 12;
    if (entry + 12 > note.length) return null;
    if (u16(entry) !== CONTENT_IDENTIFIER_TAG) continue;
    if (u16(entry + 2) !== ASCII) return null;
    const length = u32(entry + 4);
    // Four bytes or fewer sit in the entry itself; longer values at an offset from the note's start.
    const start = length <= 4 ? entry + 8 : u32(entry + 8);
    if (length === 0 || start + length > note.length) return null;
    return normalizeContentId(note.toString('latin1', start, start + length));
  }
  return null;
}

/** Whether the bytes start as EXIF does: a TIFF header, or "Exif\0\0" then one. */
function startsAsExif(bytes: Buffer): boolean {
  const head = bytes.toString('latin1', 0, 4);
  return head === 'MM\0*' || head === 'II*\0' || bytes.toString('latin1', 0, 6) === 'Exif\0\0';
}

/**
 * The EXIF in a HEIF file's Exif item: its first four bytes are the offset (big-endian) of the
 * TIFF header after them. Other bytes are answered as they are.
 */
function tiffOf(raw: Buffer): Buffer {
  if (startsAsExif(raw) || raw.length < 8) return raw;
  const skip = 4 + raw.readUInt32BE(0);
  return skip < raw.length ? raw.subarray(skip) : raw;
}

/**
 * The content identifier in a picture's raw EXIF, from its Apple maker note: a TIFF structure,
 * with or without the "Exif\0\0" prefix (as libvips hands a JPEG's over), or a HEIF Exif item
 * (its offset first); null when there is none or the EXIF cannot be read.
 */
export function contentIdFromExif(raw: Buffer | null | undefined): string | null {
  if (!raw || raw.length === 0) return null;
  let note: unknown;
  try {
    note = exifReader(tiffOf(raw)).Photo?.MakerNote;
  } catch {
    return null;
  }
  return Buffer.isBuffer(note) ? contentIdFromAppleMakerNote(note) : null;
}

/**
 * The content identifier in a movie's container tags (ffprobe's format.tags), or null. Keys are
 * compared without regard to case: muxers differ in how they spell them.
 */
export function contentIdFromMovieTags(
  tags: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  if (!tags) return null;
  for (const [key, value] of Object.entries(tags)) {
    if (key.toLowerCase() === QUICKTIME_CONTENT_ID_KEY) return normalizeContentId(value);
  }
  return null;
}
