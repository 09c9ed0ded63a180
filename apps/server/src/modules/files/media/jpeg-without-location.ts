import type { Exif } from 'sharp';

/** What the copy without location keeps of the original's EXIF. */
export interface KeptJpegMetadata {
  /** The fields `readExif` keeps (date taken, camera, lens, exposure), as sharp's `withExif` takes them. */
  exif: Exif | null;
  /** The EXIF orientation (1 to 8), or null when the original has none. */
  orientation: number | null;
}

/**
 * A JPEG without its location, made from its marker segments alone: the compressed image data is
 * copied as it is, so the copy decodes to the same pixels and costs no decode or encode.
 *
 * Kept, in their order: SOI, APP0 JFIF, APP2 ICC profile chunks, APP14 Adobe (the colour
 * transform), and every segment that is not metadata (tables, frame, scans and their
 * entropy-coded data, restart intervals…) up to EOI. Dropped: every other APPn (EXIF and XMP
 * in APP1, Photoshop's IPTC in APP13, MPF, maker segments…), COM, and anything after EOI. One
 * new APP1 EXIF segment, holding only `kept`, is written after SOI (and a leading JFIF segment).
 *
 * Answers the pieces of the copy in order (slices of `jpeg` and the new segment), or null when
 * the structure is not as expected (no SOI, a length past the end, stray bytes, no frame or scan
 * before EOI, no EOI) or `kept` holds a field this writer does not know: the caller then
 * re-encodes, as it did before.
 */
export function jpegWithoutLocation(jpeg: Buffer, kept: KeptJpegMetadata): Buffer[] | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const exif = exifSegment(kept);
  if (exif === null) return null;
  const pieces: Buffer[] = [jpeg.subarray(0, 2)];
  let exifWritten = exif.length === 0;
  let framed = false;
  let scanned = false;
  let pos = 2;
  for (;;) {
    if (pos + 2 > jpeg.length || jpeg[pos] !== 0xff) return null;
    const marker = jpeg[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // a fill byte
      continue;
    }
    if (marker === EOI) {
      if (!scanned) return null;
      pieces.push(jpeg.subarray(pos, pos + 2));
      return pieces;
    }
    if (marker === SOI || marker === 0x00) return null;
    if (isStandalone(marker)) {
      pieces.push(jpeg.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > jpeg.length) return null;
    const end = pos + 2 + jpeg.readUInt16BE(pos + 2);
    if (end < pos + 4 || end > jpeg.length) return null;
    const segment = jpeg.subarray(pos, end);
    const jfif = marker === APP0 && startsWith(segment, JFIF);
    if (!exifWritten && !jfif) {
      pieces.push(exif);
      exifWritten = true;
    }
    if (jfif || keeps(marker, segment)) pieces.push(segment);
    if (isFrame(marker)) framed = true;
    pos = end;
    if (marker === SOS) {
      if (!framed) return null;
      scanned = true;
      const next = markerAfterScan(jpeg, pos);
      if (next === null) return null;
      pieces.push(jpeg.subarray(pos, next));
      pos = next;
    }
  }
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE = Buffer.from('Adobe', 'latin1');
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** Markers without a length: TEM and RST0–RST7 (SOI and EOI are handled apart). */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Whether the segment (marker, length and payload) starts its payload with `id`. */
const startsWith = (segment: Buffer, id: Buffer) =>
  segment.length >= 4 + id.length && segment.subarray(4, 4 + id.length).equals(id);

/** Segments other than APP0 JFIF that the copy keeps: the ICC profile, Adobe's, and no metadata. */
function keeps(marker: number, segment: Buffer): boolean {
  if (marker === APP2) return startsWith(segment, ICC_PROFILE);
  if (marker === APP14) return startsWith(segment, ADOBE);
  return !(marker >= APP0 && marker <= 0xef) && marker !== COM;
}

/**
 * The offset of the first marker after entropy-coded data starting at `start` (where 0xFF is
 * followed by 0x00, a stuffed byte, or by a restart marker), or null when the file ends first.
 */
function markerAfterScan(jpeg: Buffer, start: number): number | null {
  for (let i = jpeg.indexOf(0xff, start); i !== -1; i = jpeg.indexOf(0xff, i + 1)) {
    if (i + 1 >= jpeg.length) return null;
    const next = jpeg[i + 1]!;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return null;
}

// EXIF (a TIFF block) written for the copy: big-endian, IFD0 and the EXIF IFD, nothing else.

const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

type TagType = typeof ASCII | typeof SHORT | typeof RATIONAL;

/** The fields `readExif` keeps, by IFD as sharp names them: their tag and type. */
const TAGS: Record<'IFD0' | 'IFD2', Record<string, [tag: number, type: TagType]>> = {
  IFD0: { Make: [0x010f, ASCII], Model: [0x0110, ASCII] },
  IFD2: {
    ExposureTime: [0x829a, RATIONAL],
    FNumber: [0x829d, RATIONAL],
    ISOSpeedRatings: [0x8827, SHORT],
    DateTimeOriginal: [0x9003, ASCII],
    OffsetTimeOriginal: [0x9011, ASCII],
    FocalLength: [0x920a, RATIONAL],
    FocalLengthIn35mmFilm: [0xa405, SHORT],
    LensModel: [0xa434, ASCII],
  },
};
const ORIENTATION = 0x0112;
const EXIF_IFD_POINTER = 0x8769;

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes, big-endian. */
  value: Buffer;
}

/**
 * The APP1 segment (marker and length included) holding `kept`; empty when there is nothing to
 * keep; null when a field is unknown or its value unreadable.
 */
export function exifSegment(kept: KeptJpegMetadata): Buffer | null {
  const tiff = exifTiff(kept);
  if (tiff === null) return null;
  if (tiff.length === 0) return Buffer.alloc(0);
  const length = 2 + EXIF_HEADER.length + tiff.length;
  if (length > 0xffff) return null;
  const head = Buffer.from([0xff, APP1, length >> 8, length & 0xff]);
  return Buffer.concat([head, EXIF_HEADER, tiff]);
}

/** The TIFF block (from its byte-order mark) of `kept`; empty when there is nothing to keep. */
function exifTiff({ exif, orientation }: KeptJpegMetadata): Buffer | null {
  const ifd0 = entriesOf(exif?.IFD0, TAGS.IFD0);
  const ifd2 = entriesOf(exif?.IFD2, TAGS.IFD2);
  if (ifd0 === null || ifd2 === null) return null;
  for (const ifd of Object.keys(exif ?? {})) if (ifd !== 'IFD0' && ifd !== 'IFD2') return null;
  if (orientation !== null) {
    if (!(Number.isInteger(orientation) && orientation >= 1 && orientation <= 8)) return null;
    ifd0.push({ tag: ORIENTATION, type: SHORT, count: 1, value: short(orientation) });
  }
  if (ifd0.length === 0 && ifd2.length === 0) return Buffer.alloc(0);
  const pointer = { tag: EXIF_IFD_POINTER, type: LONG, count: 1, value: Buffer.alloc(4) };
  if (ifd2.length > 0) ifd0.push(pointer);
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]);
  const ifd2Offset = header.length + ifdLength(ifd0);
  pointer.value.writeUInt32BE(ifd2Offset);
  const blocks = [header, ifdBytes(ifd0, header.length)];
  if (ifd2.length > 0) blocks.push(ifdBytes(ifd2, ifd2Offset));
  return Buffer.concat(blocks);
}

/** The entries of one IFD's fields, or null when one is unknown or unreadable. */
function entriesOf(
  fields: Record<string, string> | undefined,
  tags: Record<string, [number, TagType]>,
): Entry[] | null {
  const entries: Entry[] = [];
  for (const [name, text] of Object.entries(fields ?? {})) {
    const known = Object.hasOwn(tags, name) ? tags[name] : undefined;
    if (!known) return null;
    const [tag, type] = known;
    const value = encodeValue(type, text);
    if (value === null) return null;
    const count = type === ASCII ? value.length : type === SHORT ? 1 : value.length / 8;
    entries.push({ tag, type, count, value });
  }
  return entries;
}

/** A field's text as sharp's `withExif` takes it ("Acme", "200", "1/250"), as bytes. */
function encodeValue(type: TagType, text: string): Buffer | null {
  switch (type) {
    case ASCII:
      // exif-reader gives text with bytes above 0x7F as bytes, which readExif reads as UTF-8.
      return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(1)]);
    case SHORT: {
      if (!/^\d+$/.test(text)) return null;
      // EXIF 2.3 records an ISO of 65535 or more as 65535.
      return short(Math.min(Number(text), 0xffff));
    }
    case RATIONAL: {
      const match = /^(\d+)\/(\d+)$/.exec(text);
      if (!match) return null;
      const [numerator, denominator] = [Number(match[1]), Number(match[2])];
      if (numerator > 0xffffffff || denominator > 0xffffffff || denominator === 0) return null;
      const value = Buffer.alloc(8);
      value.writeUInt32BE(numerator, 0);
      value.writeUInt32BE(denominator, 4);
      return value;
    }
  }
}

function short(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

/** Bytes of values longer than 4, each padded to an even length (TIFF's word boundary). */
const outOfLine = (entries: Entry[]) =>
  entries.reduce(
    (total, e) => total + (e.value.length > 4 ? e.value.length + (e.value.length % 2) : 0),
    0,
  );

/** Bytes of an IFD and the values it holds out of line. */
const ifdLength = (entries: Entry[]) => 2 + 12 * entries.length + 4 + outOfLine(entries);

/** An IFD at `offset` (from the TIFF block's start), its entries by tag, then its long values. */
function ifdBytes(entries: Entry[], offset: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const bytes = Buffer.alloc(ifdLength(sorted));
  bytes.writeUInt16BE(sorted.length, 0);
  let data = 2 + 12 * sorted.length + 4; // next IFD: 0, none
  sorted.forEach((entry, index) => {
    const at = 2 + 12 * index;
    bytes.writeUInt16BE(entry.tag, at);
    bytes.writeUInt16BE(entry.type, at + 2);
    bytes.writeUInt32BE(entry.count, at + 4);
    if (entry.value.length <= 4) {
      entry.value.copy(bytes, at + 8);
    } else {
      bytes.writeUInt32BE(offset + data, at + 8);
      entry.value.copy(bytes, data);
      data += entry.value.length + (entry.value.length % 2);
    }
  });
  return bytes;
}
