/**
 * Location removed from a HEIF file's metadata in place: the EXIF item's GPS IFD and the XMP
 * item's GPS properties are blanked at their own byte length, so the container's item locations
 * stay valid and every other byte stays as uploaded.
 */

/** Where an EXIF item's TIFF data starts: after a 4-byte offset to the TIFF header (HEIF, Annex A). */
export function exifTiffStart(item: Buffer): number | null {
  if (item.length < 4) return null;
  const start = 4 + item.readUInt32BE(0);
  return start + 8 <= item.length ? start : null;
}

const GPS_IFD_TAG = 0x8825;
const ENTRY_BYTES = 12;
/** Bytes of one value of each TIFF field type (1 BYTE … 13 IFD). */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/**
 * Removes the GPS IFD from TIFF data (EXIF), in place: the GPSInfo entry is taken out of IFD0 (the
 * entries after it move up, its slot at the end is zeroed) and the GPS IFD with the values it
 * points to is zeroed. The length never changes. Answers whether anything was removed; throws when
 * the TIFF structure is not what it says (the caller then blanks the whole EXIF item).
 */
export function removeGpsFromTiff(tiff: Buffer): boolean {
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new Error('no TIFF byte order');
  const le = order === 'II';
  const u16 = (at: number) => {
    check(at, 2);
    return le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at);
  };
  const u32 = (at: number) => {
    check(at, 4);
    return le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at);
  };
  const check = (at: number, length: number) => {
    if (at < 0 || at + length > tiff.length) throw new Error('a TIFF offset lies outside the data');
  };
  if (u16(2) !== 42) throw new Error('no TIFF magic number');
  const ifd0 = u32(4);
  const count = u16(ifd0);
  const entries = ifd0 + 2;
  check(entries, count * ENTRY_BYTES + 4);
  let gpsEntry = -1;
  for (let i = 0; i < count; i++) {
    if (u16(entries + i * ENTRY_BYTES) === GPS_IFD_TAG) gpsEntry = i;
  }
  if (gpsEntry === -1) return false;
  const gpsIfd = u32(entries + gpsEntry * ENTRY_BYTES + 8);

  // The GPS IFD's values first (those too long to sit in their entry), then the IFD itself.
  const gpsCount = u16(gpsIfd);
  check(gpsIfd + 2, gpsCount * ENTRY_BYTES + 4);
  for (let i = 0; i < gpsCount; i++) {
    const entry = gpsIfd + 2 + i * ENTRY_BYTES;
    const type = u16(entry + 2);
    const bytes = (TYPE_BYTES[type] ?? 0) * u32(entry + 4);
    if (bytes > 4) {
      const at = u32(entry + 8);
      check(at, bytes);
      tiff.fill(0, at, at + bytes);
    }
  }
  tiff.fill(0, gpsIfd, gpsIfd + 2 + gpsCount * ENTRY_BYTES + 4);

  // IFD0 without its GPSInfo entry: one entry fewer, the same bytes.
  const tail = entries + count * ENTRY_BYTES + 4;
  tiff.copy(tiff, entries + gpsEntry * ENTRY_BYTES, entries + (gpsEntry + 1) * ENTRY_BYTES, tail);
  tiff.fill(0, tail - ENTRY_BYTES, tail);
  if (le) tiff.writeUInt16LE(count - 1, ifd0);
  else tiff.writeUInt16BE(count - 1, ifd0);
  return true;
}

/**
 * XMP without GPS properties, in place: every `prefix:GPS…="…"` attribute and every
 * `<prefix:GPS…>…</prefix:GPS…>` element is overwritten with spaces, which XML reads as the
 * whitespace it may hold there. The length never changes. Answers whether anything was blanked.
 */
export function blankXmpGps(xmp: Buffer): boolean {
  const text = xmp.toString('latin1');
  let changed = false;
  const blank = (match: string, offset: number) => {
    xmp.fill(0x20, offset, offset + match.length);
    changed = true;
    return match;
  };
  // Attributes (exif:GPSLatitude="48,51.5N"), elements (<exif:GPSLatitude>…</exif:GPSLatitude>),
  // and elements holding structures (<exif:GPSDestBearing rdf:parseType="Resource">…).
  text.replace(/\s[\w.-]+:GPS\w*\s*=\s*("[^"]*"|'[^']*')/g, (match, _value, offset: number) =>
    blank(match, offset),
  );
  text.replace(/<([\w.-]+:GPS\w*)[\s>][\s\S]*?<\/\1\s*>/g, (match, _name, offset: number) =>
    blank(match, offset),
  );
  text.replace(/<[\w.-]+:GPS\w*[^>]*\/>/g, (match, offset: number) => blank(match, offset));
  return changed;
}

/** Whether XMP still names a position (the same test the JPEG path makes). */
export function xmpHasGps(xmp: Buffer): boolean {
  return /GPS(Latitude|Longitude|Altitude|DestLatitude|DestLongitude)/i.test(
    xmp.toString('latin1'),
  );
}
