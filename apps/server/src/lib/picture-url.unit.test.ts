import { describe, expect, it } from 'vitest';
import { fileIdFromPictureUrl, pictureUrl } from './picture-url.js';

const id = 'AbCdEfGhIjKlMnOpQrStUv';
const origins = ['http://localhost:3000', 'https://photos.example.org'];

describe('picture URLs', () => {
  it('are the show address plus the file id', () => {
    expect(pictureUrl(id, undefined)).toBe(`/api/files/show/${id}`);
    expect(pictureUrl(id, 'https://photos.example.org')).toBe(
      `https://photos.example.org/api/files/show/${id}`,
    );
  });

  it('carry the edit version of an edited file, before a signature', () => {
    expect(pictureUrl(id, undefined, undefined, 0)).toBe(`/api/files/show/${id}`);
    expect(pictureUrl(id, undefined, undefined, 3)).toBe(`/api/files/show/${id}?v=3`);
    expect(pictureUrl(id, undefined, { exp: 1800, sig: 'abc' }, 2)).toBe(
      `/api/files/show/${id}?v=2&exp=1800&sig=abc`,
    );
  });

  it.each([
    `/api/files/show/${id}`,
    `http://localhost:3000/api/files/show/${id}`,
    `https://photos.example.org/api/files/show/${id}`,
    `/api/files/show/${id}?v=2`,
    `/api/files/show/${id}?v=2&exp=1800&sig=abc`,
  ])('accept %s', (url) => {
    expect(fileIdFromPictureUrl(url, 'body.coverPhotoUrl', origins)).toBe(id);
  });

  it.each([
    `https://evil.example.com/api/files/show/${id}`,
    `//evil.example.com/api/files/show/${id}`,
    `/\\evil.example.com/api/files/show/${id}`,
    `http://localhost:3001/api/files/show/${id}`,
    `/api/files/show/${id}?size=thumb`,
    `/api/files/show/../users/me`,
    `/api/files/show/short`,
    `api/files/show/${id}`,
    'javascript:alert(1)',
    `data:image/png;base64,AAAA`,
    '',
  ])('refuse %s with 400', (url) => {
    expect(() => fileIdFromPictureUrl(url, 'body.coverPhotoUrl', origins)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'INVALID_PICTURE_URL',
        field: 'body.coverPhotoUrl',
      }),
    );
  });
});
