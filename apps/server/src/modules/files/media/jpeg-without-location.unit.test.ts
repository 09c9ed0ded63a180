import exifReader from 'exif-reader';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage, readExif, writeWithoutLocation } from './images.js';
import { jpegWithoutLocation, type KeptJpegMetadata } from './jpeg-without-location.js';

const GPS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N" exif:GPSLongitude="0,7.0W"/>' +
  '</rdf:RDF></x:xmpmeta>';

/** A segment with this marker and payload. */
function segment(marker: number, payload: Buffer | string): Buffer {
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(bytes.length + 2, 2);
  return Buffer.concat([head, bytes]);
}

/** Photoshop's APP13 with an IPTC city (2:90), as a photo library writes a place name. */
const IPTC_CITY = segment(
  0xed,
  Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM\x04\x04\0\0\0\0\0\x0b', 'latin1'),
    Buffer.from([0x1c, 0x02, 0x5a, 0x00, 0x06]),
    Buffer.from('London\0', 'latin1'),
  ]),
);
const COMMENT = segment(0xfe, 'taken at 51.5N 0.12W');
const MPF = segment(0xe2, 'MPF\0II*\0');
const MAKER = segment(0xeb, 'JP\0\0maker notes, Lat 51.5');

/** The JPEG with these segments put right after SOI, before its own. */
function withSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The markers of the segments before the first scan, in order. */
function headerMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let pos = 2; jpeg[pos] === 0xff && jpeg[pos + 1] !== 0xda;) {
    markers.push(jpeg[pos + 1]!);
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  return markers;
}

/** A phone's photo: noise (so the image data is not trivial), turned, with a place everywhere. */
async function phoneJpeg(options: { progressive?: boolean } = {}): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 256;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: '17.1' },
      IFD2: {
        DateTimeOriginal: '2024:06:01 10:00:00',
        OffsetTimeOriginal: '+02:00',
        LensModel: 'iPhone 15 back camera 6.1mm f/1.6',
        FNumber: '16/10',
        ExposureTime: '1/250',
        ISOSpeedRatings: '64',
        FocalLength: '61/10',
        FocalLengthIn35mmFilm: '26',
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withXmp(GPS_XMP)
    .jpeg({ quality: 90, progressive: options.progressive ?? false })
    .toBuffer();
  return withSegments(jpeg, IPTC_CITY, COMMENT, MPF, MAKER);
}

function kept(original: Buffer, orientation: number | null): KeptJpegMetadata {
  return { exif: readExif(exifOf(original)).kept, orientation };
}

/** The raw EXIF (APP1 Exif) of a JPEG, as sharp reads it. */
function exifOf(jpeg: Buffer): Buffer | undefined {
  for (let pos = 2; jpeg[pos] === 0xff && jpeg[pos + 1] !== 0xda;) {
    const length = jpeg.readUInt16BE(pos + 2);
    if (jpeg[pos + 1] === 0xe1 && jpeg.toString('latin1', pos + 4, pos + 10) === 'Exif\0\0') {
      return jpeg.subarray(pos + 4, pos + 2 + length);
    }
    pos += 2 + length;
  }
  return undefined;
}

function copyOf(original: Buffer, metadata = kept(original, 6)): Buffer {
  const pieces = jpegWithoutLocation(original, metadata);
  if (!pieces) throw new Error('no copy');
  return Buffer.concat(pieces);
}

async function rawPixels(image: Buffer): Promise<Buffer> {
  return sharp(image, { autoOrient: false }).raw().toBuffer();
}

describe('jpegWithoutLocation', () => {
  it('leaves no place in the copy: no GPS in its EXIF, no XMP, no IPTC, comment or other APPn', async () => {
    const original = await phoneJpeg();
    expect(readExif((await sharp(original).metadata()).exif).hasGps).toBe(true);
    const copy = copyOf(original);
    const meta = await sharp(copy).metadata();
    const exif = exifReader(meta.exif!);
    expect(exif.GPSInfo).toBeUndefined();
    expect(exif.Image?.GPSTag).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    for (const text of ['GPS', 'London', 'Photoshop', '51.5', 'MPF', 'Software', '17.1']) {
      expect(copy.includes(Buffer.from(text, 'latin1')), text).toBe(false);
    }
    // The new EXIF, the ICC profile, then the same tables and frame as the original's.
    const isApp = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    expect(headerMarkers(copy).filter(isApp)).toEqual([0xe1, 0xe2]);
    expect(headerMarkers(copy).filter((m) => !isApp(m))).toEqual(
      headerMarkers(original).filter((m) => !isApp(m)),
    );
  });

  it('keeps the date taken, the camera, lens, exposure and orientation, and the ICC profile', async () => {
    const original = await phoneJpeg();
    const copy = copyOf(original);
    const [before, after] = [await sharp(original).metadata(), await sharp(copy).metadata()];
    expect(readExif(after.exif).facts).toEqual(readExif(before.exif).facts);
    expect(readExif(after.exif).facts).toMatchObject({
      dateTaken: '2024-06-01T08:00:00.000Z',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
      lens: 'iPhone 15 back camera 6.1mm f/1.6',
      iso: 64,
    });
    expect(after.orientation).toBe(6);
    expect(after.autoOrient).toEqual(before.autoOrient);
    expect(after.icc).toBeDefined();
    expect(after.icc!.equals(before.icc!)).toBe(true);
  });

  it('copies the image data as it is: the same pixels, in fewer bytes', async () => {
    for (const progressive of [false, true]) {
      const original = await phoneJpeg({ progressive });
      const copy = copyOf(original);
      expect((await rawPixels(copy)).equals(await rawPixels(original)), `${progressive}`).toBe(
        true,
      );
      expect(copy.length).toBeLessThan(original.length);
    }
  });

  it('keeps every chunk of an ICC profile, in order', async () => {
    const original = await phoneJpeg();
    const profile = (await sharp(original).metadata()).icc!;
    const half = Math.floor(profile.length / 2);
    const chunk = (n: number, data: Buffer) =>
      segment(
        0xe2,
        Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([n, 2]), data]),
      );
    // The profile split in two, in place of sharp's single chunk.
    const plain = await sharp(original).jpeg().toBuffer();
    const split = withSegments(
      plain,
      chunk(1, profile.subarray(0, half)),
      chunk(2, profile.subarray(half)),
    );
    const copy = copyOf(split, kept(split, null));
    expect((await sharp(copy).metadata()).icc!.equals(profile)).toBe(true);
  });

  it('writes no EXIF when there is nothing to keep, and keeps an orientation alone', async () => {
    const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
    const bare = withSegments(
      await sharp(await phoneJpeg())
        .jpeg()
        .toBuffer(),
      jfif,
    );
    expect(exifOf(bare)).toBeUndefined();
    const none = copyOf(bare, { exif: null, orientation: null });
    expect(exifOf(none)).toBeUndefined();
    // A JFIF segment stays first, the EXIF after it.
    expect(headerMarkers(bare)[0]).toBe(0xe0);
    expect(headerMarkers(none)).toEqual(headerMarkers(bare));
    const turned = copyOf(bare, { exif: null, orientation: 8 });
    expect(headerMarkers(turned)).toEqual([0xe0, 0xe1, ...headerMarkers(bare).slice(1)]);
    const meta = await sharp(turned).metadata();
    expect(meta.orientation).toBe(8);
    expect(exifReader(meta.exif!).Image).toEqual({ Orientation: 8 });
  });

  it('writes text that is not ASCII, and an ISO past what EXIF holds, as readExif reads them back', async () => {
    const original = await phoneJpeg();
    const copy = copyOf(original, {
      exif: { IFD0: { Make: 'Ricoh', Model: 'GR Ⅲ' }, IFD2: { ISOSpeedRatings: '204800' } },
      orientation: 1,
    });
    expect(readExif((await sharp(copy).metadata()).exif).facts).toMatchObject({
      cameraModel: 'GR Ⅲ',
      iso: 65535,
    });
  });

  it('ends the copy at EOI', async () => {
    const original = await phoneJpeg();
    const trailing = Buffer.concat([original, Buffer.from('after the image')]);
    expect(copyOf(trailing).equals(copyOf(original))).toBe(true);
  });

  it('answers null for a structure it does not expect, or a field it cannot write', async () => {
    const original = await phoneJpeg();
    const eoi = original.lastIndexOf(Buffer.from([0xff, 0xd9]));
    const sos = original.indexOf(Buffer.from([0xff, 0xda]));
    const dqt = original.indexOf(Buffer.from([0xff, 0xdb]));
    const pastTheEnd = Buffer.from(original);
    pastTheEnd.writeUInt16BE(0xffff, dqt + 2);
    const broken = {
      'not a JPEG': Buffer.from('GIF89a'),
      truncated: original.subarray(0, eoi),
      'cut in a segment': original.subarray(0, dqt + 10),
      'a length past the end': pastTheEnd.subarray(0, dqt + 2000),
      'no scan': Buffer.concat([original.subarray(0, sos), Buffer.from([0xff, 0xd9])]),
      'stray bytes': Buffer.concat([
        original.subarray(0, dqt),
        Buffer.from('xx'),
        original.subarray(dqt),
      ]),
      'a length below 2': Buffer.concat([
        original.subarray(0, dqt),
        Buffer.from([0xff, 0xfe, 0, 1]),
        original.subarray(dqt),
      ]),
    };
    for (const [name, bytes] of Object.entries(broken)) {
      expect(jpegWithoutLocation(bytes, kept(original, 6)), name).toBeNull();
    }
    expect(
      jpegWithoutLocation(original, { exif: { IFD0: { Software: 'x' } }, orientation: null }),
    ).toBeNull();
    expect(
      jpegWithoutLocation(original, { exif: { IFD2: { FNumber: '1.8' } }, orientation: null }),
    ).toBeNull();
    expect(jpegWithoutLocation(original, { exif: null, orientation: 9 })).toBeNull();
  });
});

describe('writeWithoutLocation', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'without-location-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function written(bytes: Buffer, name: string): Promise<Buffer> {
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    const info = await inspectImage(file, 'jpeg');
    expect(info.hasLocation).toBe(true);
    await writeWithoutLocation(file, info, `${file}.copy`);
    return fs.readFile(`${file}.copy`);
  }

  it('copies a JPEG losslessly, turned as the original is', async () => {
    const original = await phoneJpeg();
    const copy = await written(original, 'lossless.jpg');
    expect(copy.equals(copyOf(original))).toBe(true);
    expect((await sharp(copy).metadata()).orientation).toBe(6);
  });

  it('encodes a JPEG of unexpected structure again, upright and without its place', async () => {
    const original = await phoneJpeg();
    const dqt = original.indexOf(Buffer.from([0xff, 0xdb]));
    const stray = Buffer.concat([
      original.subarray(0, dqt),
      Buffer.from('xx'),
      original.subarray(dqt),
    ]);
    const copy = await written(stray, 'stray.jpg');
    const meta = await sharp(copy).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([64, 96, 1]);
    expect(readExif(meta.exif).hasGps).toBe(false);
    expect(copy.includes(Buffer.from('London'))).toBe(false);
    expect(readExif(meta.exif).facts.cameraModel).toBe('iPhone 15');
  });
});
