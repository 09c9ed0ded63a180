import { ACCEPTED_IMAGE_TYPES, type UploadLimits } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptedKindsText,
  fileProblem,
  formatBytes,
  imageAccept,
  uploadLimitText,
} from './file-checks';

const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

const limits = (overrides: Partial<UploadLimits> = {}): UploadLimits => ({
  maxBytes: 90_000_000,
  acceptedTypes: [...ACCEPTED_IMAGE_TYPES],
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

describe('texts', () => {
  it('names the kinds and the limits', () => {
    expect(acceptedKindsText(limits())).toBe('JPEG, PNG, WebP, GIF or AVIF');
    expect(uploadLimitText(limits({ maxBytes: 50 * 1024 * 1024 }))).toBe(
      'up to 50 MB and 100 megapixels',
    );
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });
});
