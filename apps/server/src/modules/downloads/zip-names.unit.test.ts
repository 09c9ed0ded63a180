import { describe, expect, it } from 'vitest';
import { uniqueNames, zipEntryName } from './zip-names.js';

describe('zip entry names', () => {
  it('names a photo by the name it was uploaded under', () => {
    expect(
      zipEntryName({
        originalName: 'IMG_0042.HEIC.jpg',
        date: '2024-07-14T10:30:00.000Z',
        contentType: 'image/jpeg',
      }),
    ).toBe('IMG_0042.HEIC.jpg');
  });

  it('names a photo stored before names were kept by its date and its type', () => {
    expect(
      zipEntryName({
        originalName: null,
        date: '2024-07-14T10:30:05.000Z',
        contentType: 'image/png',
      }),
    ).toBe('2024-07-14 10.30.05.png');
  });

  it('keeps no folder of a name: an unzip writes it where it is unpacked', () => {
    const name = zipEntryName({
      originalName: '../../etc/passwd',
      date: '2024-07-14T10:30:05.000Z',
      contentType: 'image/jpeg',
    });
    expect(name).not.toMatch(/[/\\]/);
    expect(name).not.toMatch(/^\./);
  });

  it('numbers a name met again, whatever its case', () => {
    expect(uniqueNames(['a.jpg', 'A.JPG', 'a.jpg', 'b'])).toEqual([
      'a.jpg',
      'A (2).JPG',
      'a (3).jpg',
      'b',
    ]);
  });
});
