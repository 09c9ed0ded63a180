import exifReader from 'exif-reader';
import { describe, expect, it } from 'vitest';
import { blankXmpGps, removeGpsFromTiff, xmpHasGps } from './heif-location.js';

/**
 * Big-endian TIFF as iPhones write it: IFD0 with Make, Model, GPSInfo and one tag after it (in tag
 * order), then a GPS IFD with a latitude (three rationals, stored out of line).
 */
function bigEndianExif(): Buffer {
  const tiff = Buffer.alloc(160);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  // IFD0 at 8: four entries (2 + 48 bytes), next IFD 0 (4 bytes): ends at 62.
  tiff.writeUInt16BE(4, 8);
  entry(10, 0x010f, 2, 6, 100); // Make "Apple\0" at 100
  entry(22, 0x0110, 2, 4, 0); // Model "X15\0" inline
  tiff.write('X15\0', 30, 'latin1');
  entry(34, 0x8825, 4, 1, 64); // GPSInfo at 64
  entry(46, 0xc4a5, 7, 4, 0x50494d00); // PrintIM, 4 bytes inline
  tiff.write('Apple\0', 100, 'latin1');
  // GPS IFD at 64: one entry, GPSLatitude, 3 rationals at 120.
  tiff.writeUInt16BE(1, 64);
  entry(66, 0x0002, 5, 3, 120);
  [48, 1, 51, 1, 30, 1].forEach((n, i) => tiff.writeUInt32BE(n, 120 + i * 4));
  return tiff;
}

describe('location removed from HEIF metadata in place', () => {
  it('takes the GPS IFD out of big-endian EXIF, keeping the other tags and the length', () => {
    const tiff = bigEndianExif();
    expect(exifReader(tiff).GPSInfo?.GPSLatitude).toEqual([48, 51, 30]);
    const length = tiff.length;
    expect(removeGpsFromTiff(tiff)).toBe(true);
    expect(tiff.length).toBe(length);
    const exif = exifReader(tiff);
    expect(exif.GPSInfo).toBeUndefined();
    expect(exif.Image?.GPSTag).toBeUndefined();
    expect(exif.Image).toMatchObject({ Make: 'Apple', Model: 'X15' });
    // The entry after GPSInfo moved up one slot; the slot freed at the end and the latitude's
    // values are zeros.
    expect(tiff.readUInt16BE(8)).toBe(3);
    expect(tiff.readUInt16BE(34)).toBe(0xc4a5);
    expect(tiff.subarray(46, 62).every((byte) => byte === 0)).toBe(true);
    expect(tiff.readUInt32BE(120)).toBe(0);
    expect(removeGpsFromTiff(tiff)).toBe(false);
  });

  it('refuses TIFF whose offsets point outside it', () => {
    const tiff = bigEndianExif();
    tiff.writeUInt32BE(5000, 42); // the GPSInfo entry's value: its offset
    expect(() => removeGpsFromTiff(tiff)).toThrow(/outside/);
  });

  it('blanks GPS attributes and elements of XMP with spaces', () => {
    const xmp = Buffer.from(
      '<rdf:Description exif:GPSLatitude="48,51.5N" xmp:Rating="5" exif:GPSLongitude=\'2,21E\'>' +
        '<exif:GPSAltitude>35/1</exif:GPSAltitude><exif:GPSDestLatitude rdf:resource="x"/>' +
        '</rdf:Description>',
    );
    const length = xmp.length;
    expect(blankXmpGps(xmp)).toBe(true);
    expect(xmp.length).toBe(length);
    expect(xmpHasGps(xmp)).toBe(false);
    expect(xmp.toString()).not.toMatch(/GPS/);
    expect(xmp.toString()).toMatch(/^<rdf:Description\s+xmp:Rating="5"\s+>\s+<\/rdf:Description>$/);
  });
});
