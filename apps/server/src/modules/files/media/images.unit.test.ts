import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeDerivedSizes, readExif, sniffImageFormat } from './images.js';
import { imageOf, redBlueJpeg } from '../../../test/images.js';

async function exifOf(image: Buffer): Promise<Buffer | undefined> {
  return (await sharp(image).metadata()).exif;
}

describe('sniffImageFormat', () => {
  it('names each accepted format from its first bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const head = (await imageOf(format)).subarray(0, 64);
      expect(sniffImageFormat(head), format).toBe(format);
    }
  });

  it('names nothing else', async () => {
    const others = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<!doctype html>'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('GIF90a'),
      Buffer.from('RIFF\0\0\0\0WAVEfmt '),
      // An ISO-BMFF file that is not AVIF (HEIC).
      Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic'),
      (await imageOf('tiff')).subarray(0, 64),
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
    ];
    for (const head of others) expect(sniffImageFormat(head), head.toString('latin1')).toBeNull();
  });
});

describe('readExif', () => {
  it('reads the date taken in UTC, the camera make and model', async () => {
    const jpeg = await redBlueJpeg({
      exif: {
        IFD0: { Make: '  Acme\0', Model: 'Cam' },
        IFD2: { DateTimeOriginal: '2020:02:29 23:30:00', OffsetTimeOriginal: '-05:30' },
      },
    });
    expect(readExif(await exifOf(jpeg))).toMatchObject({
      facts: { dateTaken: '2020-03-01T05:00:00.000Z', cameraMake: 'Acme', cameraModel: 'Cam' },
      hasGps: false,
      kept: {
        IFD0: { Make: 'Acme', Model: 'Cam' },
        IFD2: { DateTimeOriginal: '2020:02:29 23:30:00', OffsetTimeOriginal: '-05:30' },
      },
    });
  });

  it('drops placeholder dates and offsets it cannot read', async () => {
    const jpeg = await redBlueJpeg({
      exif: { IFD2: { DateTimeOriginal: '0000:00:00 00:00:00', OffsetTimeOriginal: 'later' } },
    });
    expect(readExif(await exifOf(jpeg)).facts.dateTaken).toBeNull();
    const odd = await redBlueJpeg({
      exif: { IFD2: { DateTimeOriginal: '2001:01:01 00:00:00', OffsetTimeOriginal: 'later' } },
    });
    expect(readExif(await exifOf(odd)).facts.dateTaken).toBe('2001-01-01T00:00:00.000Z');
  });

  it('sees a GPS block, and treats EXIF it cannot read as if it had one', async () => {
    const jpeg = await redBlueJpeg({
      exif: { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' } },
    });
    expect(readExif(await exifOf(jpeg)).hasGps).toBe(true);
    expect(readExif(Buffer.from('Exif\0\0garbage')).hasGps).toBe(true);
    expect(readExif(undefined)).toEqual({
      facts: {
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
      },
      hasGps: false,
      kept: null,
    });
  });

  it("reads the date's offset, the lens and the exposure, and keeps them in a copy", async () => {
    const exposure = {
      LensModel: 'iPhone 15 Pro back triple camera 6.765mm f/1.78',
      FNumber: '178/100',
      ExposureTime: '1/8000',
      ISOSpeedRatings: '64',
      FocalLength: '6765/1000',
      FocalLengthIn35mmFilm: '24',
    };
    const jpeg = await redBlueJpeg({
      exif: {
        IFD2: {
          DateTimeOriginal: '2024:07:14 09:00:00',
          OffsetTimeOriginal: '-04:00',
          ...exposure,
        },
      },
    });
    const { facts, kept } = readExif(await exifOf(jpeg));
    expect(facts).toMatchObject({
      dateTaken: '2024-07-14T13:00:00.000Z',
      takenOffsetMinutes: -240,
      lens: exposure.LensModel,
      fNumber: 1.78,
      exposureSeconds: 1 / 8000,
      iso: 64,
      focalLength: 6.765,
      focalLength35mm: 24,
    });
    // What a copy without location is written with reads back the same.
    const copy = await sharp(jpeg).withExif(kept!).jpeg().toBuffer();
    expect(readExif(await exifOf(copy)).facts).toEqual(facts);
  });

  it('drops exposure values no camera writes', async () => {
    const jpeg = await redBlueJpeg({
      exif: { IFD2: { FNumber: '0/1', ExposureTime: '0/1', ISOSpeedRatings: '0', LensModel: ' ' } },
    });
    expect(readExif(await exifOf(jpeg)).facts).toMatchObject({
      lens: null,
      fNumber: null,
      exposureSeconds: null,
      iso: null,
    });
  });
});

describe('makeDerivedSizes', () => {
  it('makes the sizes of a 16-bit PNG in its own colours', async () => {
    // Red on the left, blue on the right, 16 bits a sample.
    const width = 2000;
    const height = 1000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i += 1)
      pixels[i * 3 + (i % width < width / 2 ? 0 : 2)] = 255;
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const sizes = await makeDerivedSizes(png, { width, height, frames: 1 });
    for (const image of [sizes.preview, sizes.thumb, sizes.card]) {
      const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
      const row = Math.floor(info.height / 2) * info.width;
      const [r1, g1, b1] = at(row + 10);
      const [r2, g2, b2] = at(row + info.width - 10);
      expect([r1! > 240, g1! < 15, b1! < 15]).toEqual([true, true, true]);
      expect([r2! < 15, g2! < 15, b2! > 240]).toEqual([true, true, true]);
    }
  });
});
