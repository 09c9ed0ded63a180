import { DEFAULT_MAX_UPLOAD_BYTES } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { fileProblem } from './file-checks';

const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('fileProblem', () => {
  it('accepts the contract image types', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('a.avif', ''))).toBeNull();
  });

  it('refuses what is not an image, naming the file', () => {
    expect(fileProblem(file('notes.pdf', 'application/pdf'))).toMatch(
      /"notes\.pdf" is not a photo/,
    );
    expect(fileProblem(file('drawing.svg', 'image/svg+xml'))).toMatch(/not a photo/);
  });

  it('refuses files over the upload limit, saying the limit', () => {
    expect(fileProblem(file('big.jpg', 'image/jpeg', DEFAULT_MAX_UPLOAD_BYTES + 1))).toMatch(
      /"big\.jpg" is too large .* up to 50 MB/,
    );
  });
});
