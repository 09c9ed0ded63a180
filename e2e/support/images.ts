import { randomInt } from 'node:crypto';
import { makeJpeg as makeJpegBytes, type JpegOptions } from '../../apps/server/src/test/images';
import type { TestFile } from './api';

/** A JPEG from the shared image fixtures (320 x 240 unless told), as a file to upload. */
export async function makeJpeg(options: JpegOptions & { name?: string } = {}): Promise<TestFile> {
  const { name, ...image } = options;
  return {
    name: name ?? `photo-${randomInt(1_000_000)}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makeJpegBytes({ width: 320, height: 240, ...image }),
  };
}

/** Text bytes under an image's name: only a look at the content shows it is not a photo. */
export function fakeJpeg(name = 'notes.jpg'): TestFile {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.from('These are my notes, not a photo.\n'.repeat(20)),
  };
}

/** A vector drawing: an image, but not one the app accepts. */
export function svgDrawing(name = 'drawing.svg'): TestFile {
  return {
    name,
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
        '<circle cx="20" cy="20" r="18" fill="teal"/></svg>',
    ),
  };
}
