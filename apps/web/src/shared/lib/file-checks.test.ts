import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, type UploadLimits } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptedKindsText,
  acceptedVideoKindsText,
  fileProblem,
  formatBytes,
  imageAccept,
  mediaAccept,
  uploadLimitText,
  videoLimitText,
} from './file-checks';

const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

const limits = (overrides: Partial<UploadLimits> = {}): UploadLimits => ({
  maxBytes: 90_000_000,
  acceptedTypes: [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES],
  maxPixels: 100_000_000,
  maxVideoBytes: 2_000_000_000,
  maxVideoSeconds: 10_800,
  resumable: { endpoint: '/api/uploads', versions: ['1.0.0'], chunkBytes: 8_388_608 },
  ...overrides,
});

describe('fileProblem', () => {
  it('accepts the image types the server takes', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg'), limits())).toBeNull();
    expect(fileProblem(file('a.avif', ''), limits())).toBeNull();
  });

  it('refuses what is not an image, naming the file', () => {
    expect(fileProblem(file('notes.pdf', 'application/pdf'), limits())).toMatch(
      /"notes\.pdf" is not a photo/,
    );
    expect(fileProblem(file('drawing.svg', 'image/svg+xml'), limits())).toMatch(/not a photo/);
  });

  it("refuses files over the server's limit, saying the server's figure", () => {
    expect(fileProblem(file('big.jpg', 'image/jpeg', 90_000_001), limits())).toBe(
      '"big.jpg" is too large (85.8 MB). Photos can be up to 85.8 MB.',
    );
    // 60 MB is over the default 50 MiB, but this server takes it.
    expect(fileProblem(file('sixty.jpg', 'image/jpeg', 60_000_000), limits())).toBeNull();
    expect(
      fileProblem(file('small.jpg', 'image/jpeg', 300_000), limits({ maxBytes: 200_000 })),
    ).toMatch(/up to 195 KB\.$/);
  });

  it('takes only the types the server lists', () => {
    const pngOnly = limits({ acceptedTypes: ['image/png'] });
    expect(fileProblem(file('a.jpg', 'image/jpeg'), pngOnly)).toBe(
      '"a.jpg" is not a photo we can take. Choose a PNG image.',
    );
    expect(imageAccept(pngOnly)).toBe('image/png,.png');
  });

  it('before the limits are known, checks only the kind of file', () => {
    expect(fileProblem(file('huge.jpg', 'image/jpeg', 10 ** 12), undefined)).toBeNull();
    expect(fileProblem(file('notes.pdf', 'application/pdf'), undefined)).toMatch(/not a photo/);
  });
});

describe('photos and videos', () => {
  it('takes a HEIC by its name when the browser gives it no type', () => {
    expect(fileProblem(file('IMG_0001.HEIC', ''), limits())).toBeNull();
    expect(fileProblem(file('IMG_0001.heif', 'application/octet-stream'), limits())).toBeNull();
    expect(fileProblem(file('IMG_0001.heic', 'image/heic'), limits())).toBeNull();
  });

  it('takes MP4, MOV and WebM videos only where videos are asked for', () => {
    const videos = [
      file('clip.mp4', 'video/mp4'),
      file('IMG_0003.MOV', 'video/quicktime'),
      file('screen.webm', 'video/webm'),
      file('IMG_0004.mov', ''),
    ];
    for (const video of videos) {
      expect(fileProblem(video, limits(), 'photosAndVideos')).toBeNull();
      expect(fileProblem(video, limits(), 'photos')).toMatch(/is not a photo we can take/);
    }
    expect(fileProblem(file('clip.avi', 'video/x-msvideo'), limits(), 'photosAndVideos')).toBe(
      '"clip.avi" is not a photo or video we can take. Photos can be JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF; videos MP4, MOV or WebM.',
    );
  });

  it('holds videos to upload.maxVideoBytes and pictures to upload.maxBytes', () => {
    const big = 500_000_000;
    expect(
      fileProblem(file('clip.mov', 'video/quicktime', big), limits(), 'photosAndVideos'),
    ).toBeNull();
    expect(
      fileProblem(
        file('clip.mov', 'video/quicktime', big),
        limits({ maxVideoBytes: 400_000_000 }),
        'photosAndVideos',
      ),
    ).toBe('"clip.mov" is too large (476 MB). Videos can be up to 381 MB.');
    expect(fileProblem(file('huge.heic', '', big), limits(), 'photosAndVideos')).toBe(
      '"huge.heic" is too large (476 MB). Photos can be up to 85.8 MB.',
    );
  });

  it('offers pictures and videos to the picker by type and by name', () => {
    expect(mediaAccept(limits(), 'photosAndVideos').split(',')).toEqual(
      expect.arrayContaining([
        'image/heic',
        '.heic',
        '.heif',
        'video/quicktime',
        '.mov',
        '.mp4',
        '.webm',
      ]),
    );
    expect(imageAccept(limits())).not.toMatch(/video|\.mov/);
  });
});

describe('texts', () => {
  it('names the kinds and the limits', () => {
    expect(acceptedKindsText(limits())).toBe('JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF');
    expect(acceptedVideoKindsText(limits())).toBe('MP4, MOV or WebM');
    expect(videoLimitText(limits())).toBe('up to 1.8 GB and 3 hours');
    expect(uploadLimitText(limits({ maxBytes: 50 * 1024 * 1024 }))).toBe(
      'up to 50 MB and 100 megapixels',
    );
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });
});
