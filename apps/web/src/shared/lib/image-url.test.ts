import { describe, expect, it } from 'vitest';
import { downloadUrl } from './image-url';

describe('downloadUrl', () => {
  it("asks for the original as a download, keeping the picture's version and signature", () => {
    expect(downloadUrl('/api/files/show/f1')).toBe('/api/files/show/f1?download=1');
    expect(downloadUrl('/api/files/show/f1?v=2&exp=1700000000&sig=abc&size=preview')).toBe(
      '/api/files/show/f1?v=2&exp=1700000000&sig=abc&download=1',
    );
  });

  it('leaves a picture from elsewhere as it is', () => {
    expect(downloadUrl('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
  });
});
