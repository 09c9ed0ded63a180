/**
 * EXIF as an iPhone writes it for a Live Photo's picture, made here byte by byte (big-endian TIFF)
 * since no encoder we have writes an Apple maker note: IFD0 with Make and Model and a pointer to
 * the Exif IFD, whose MakerNote is an "Apple iOS" note holding the ContentIdentifier (tag 0x0011).
 */

interface Entry {
  tag: number;
  /** 2 ASCII, 4 LONG, 7 UNDEFINED. */
  type: 2 | 4 | 7;
  /** A LONG's value, or the bytes of an ASCII or UNDEFINED value (NUL included for ASCII). */
  value: number | Buffer;
}

/**
 * One IFD (entries, next-IFD offset 0, then the values that do not fit in an entry), placed at
 * `at` in a structure whose offsets count from `base`.
 */
function ifd(entries: readonly Entry[], at: number, base: number): Buffer {
  const head = Buffer.alloc(2 + entries.length * 12 + 4);
  head.writeUInt16BE(entries.length, 0);
  const values: Buffer[] = [];
  let valueAt = at + head.length;
  entries.forEach((entry, index) => {
    const offset = 2 + index * 12;
    head.writeUInt16BE(entry.tag, offset);
    head.writeUInt16BE(entry.type, offset + 2);
    if (typeof entry.value === 'number') {
      head.writeUInt32BE(1, offset + 4);
      head.writeUInt32BE(entry.value, offset + 8);
      return;
    }
    head.writeUInt32BE(entry.value.length, offset + 4);
    if (entry.value.length <= 4) {
      entry.value.copy(head, offset + 8);
      return;
    }
    head.writeUInt32BE(valueAt - base, offset + 8);
    values.push(entry.value);
    valueAt += entry.value.length;
  });
  return Buffer.concat([head, ...values]);
}

const ascii = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/** An Apple iOS maker note holding this ContentIdentifier (its offsets count from its start). */
export function appleMakerNote(contentId: string): Buffer {
  const header = Buffer.concat([
    Buffer.from('Apple iOS\0', 'latin1'),
    Buffer.from([0, 1]),
    Buffer.from('MM'),
  ]);
  const body = ifd(
    [
      { tag: 0x0001, type: 4, value: 14 },
      { tag: 0x0011, type: 2, value: ascii(contentId) },
    ],
    header.length,
    0,
  );
  return Buffer.concat([header, body]);
}

/** EXIF (a TIFF structure, no "Exif" prefix) of an iPhone picture whose maker note names `contentId`. */
export function appleExif(contentId: string): Buffer {
  const tiffHeader = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]);
  const ifd0Entries = (exifAt: number): Entry[] => [
    { tag: 0x010f, type: 2, value: ascii('Apple') },
    { tag: 0x0110, type: 2, value: ascii('iPhone 15') },
    { tag: 0x8769, type: 4, value: exifAt },
  ];
  // IFD0's length does not depend on where the Exif IFD goes: lay it out once to learn it.
  const ifd0Length = ifd(ifd0Entries(0), 8, 0).length;
  const exifAt = 8 + ifd0Length;
  const ifd0 = ifd(ifd0Entries(exifAt), 8, 0);
  const exifIfd = ifd([{ tag: 0x927c, type: 7, value: appleMakerNote(contentId) }], exifAt, 0);
  return Buffer.concat([tiffHeader, ifd0, exifIfd]);
}

/** The JPEG with `exif` as its APP1 segment, right after its start-of-image marker. */
export function withExifSegment(jpeg: Buffer, exif: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exif]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}
