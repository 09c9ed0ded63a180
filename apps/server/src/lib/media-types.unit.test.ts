import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { extensionOfType } from './media-types.js';

describe('extensionOfType', () => {
  it('names the extension of every accepted type', () => {
    expect([...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES].map(extensionOfType)).toEqual([
      'jpg',
      'png',
      'webp',
      'gif',
      'avif',
      'heic',
      'heif',
      'mp4',
      'mov',
      'webm',
    ]);
  });

  it('answers bin for any other type', () => {
    expect(extensionOfType('application/pdf')).toBe('bin');
    expect(extensionOfType('toString')).toBe('bin');
  });
});
