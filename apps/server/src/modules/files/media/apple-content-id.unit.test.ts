import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appleExif, appleMakerNote, withExifSegment } from '../../../test/apple-exif.js';
import {
  contentIdFromAppleMakerNote,
  contentIdFromExif,
  contentIdFromMovieTags,
  normalizeContentId,
} from './apple-content-id.js';

const ID = '1F2E3D4C-5B6A-4789-9ABC-DEF012345678';
const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/live-photo',
);

describe('Apple content identifier', () => {
  it('is read from an Apple iOS maker note', () => {
    expect(contentIdFromAppleMakerNote(appleMakerNote(ID))).toBe(ID);
  });

  it('is read from the EXIF of a JPEG, as libvips hands it over', async () => {
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const { exif } = await sharp(withExifSegment(jpeg, appleExif(ID))).metadata();
    expect(contentIdFromExif(exif)).toBe(ID);
    // With or without the "Exif" prefix.
    expect(contentIdFromExif(appleExif(ID))).toBe(ID);
  });

  it('is the same in both halves of the Live Photo fixture', () => {
    // The HEIC's Exif item (its TIFF header's offset, then the TIFF structure) holds the maker
    // note; the movie names the same identifier.
    const heic = fs.readFileSync(path.join(fixtures, 'IMG_0001.HEIC'));
    const at = heic.indexOf('MM\0*');
    expect(at).toBeGreaterThan(4);
    expect(contentIdFromExif(heic.subarray(at - 4))).toBe(ID);
    expect(contentIdFromExif(heic.subarray(at))).toBe(ID);
    const ffprobe = process.env.FFPROBE_PATH ?? 'ffprobe';
    let probed: { format?: { tags?: Record<string, string> } };
    try {
      probed = JSON.parse(
        execFileSync(ffprobe, [
          '-v',
          'error',
          '-show_entries',
          'format_tags',
          '-of',
          'json',
          path.join(fixtures, 'IMG_0001.MOV'),
        ]).toString(),
      );
    } catch (error) {
      throw new Error(`ffprobe (${ffprobe}) is needed to read the movie's tags`, { cause: error });
    }
    expect(contentIdFromMovieTags(probed.format?.tags)).toBe(ID);
  });

  it('is read from a movie’s tags whatever the key’s case, and upper-cased', () => {
    expect(
      contentIdFromMovieTags({ 'com.apple.quicktime.content.identifier': ID.toLowerCase() }),
    ).toBe(ID);
    expect(contentIdFromMovieTags({ 'COM.APPLE.QUICKTIME.CONTENT.IDENTIFIER': ID })).toBe(ID);
    expect(contentIdFromMovieTags({ major_brand: 'qt  ' })).toBeNull();
    expect(contentIdFromMovieTags(undefined)).toBeNull();
  });

  it('is null for EXIF without one, notes of other makers, and damaged bytes', () => {
    expect(contentIdFromExif(undefined)).toBeNull();
    expect(contentIdFromExif(Buffer.from('not exif'))).toBeNull();
    const note = appleMakerNote(ID);
    expect(contentIdFromAppleMakerNote(Buffer.from('Nikon\0\x02\x10\0\0MM\0\0'))).toBeNull();
    // Cut short: the identifier's bytes are not all there.
    expect(contentIdFromAppleMakerNote(note.subarray(0, note.length - 10))).toBeNull();
    expect(contentIdFromAppleMakerNote(note.subarray(0, 20))).toBeNull();
    // Every truncation is answered, never thrown.
    for (let end = 0; end < note.length; end++) {
      expect(() => contentIdFromAppleMakerNote(note.subarray(0, end))).not.toThrow();
    }
  });

  it('refuses what is no identifier', () => {
    expect(normalizeContentId('')).toBeNull();
    expect(normalizeContentId('short')).toBeNull();
    expect(normalizeContentId('has spaces inside it')).toBeNull();
    expect(normalizeContentId('x'.repeat(101))).toBeNull();
    expect(normalizeContentId(42)).toBeNull();
    expect(normalizeContentId(`${ID}\0`)).toBe(ID);
  });
});
