import { describe, expect, it } from 'vitest';
import { ALBUM_NAME_MAX, COMMENT_MAX } from './limits.js';
import {
  albumListQuerySchema,
  createAlbumRequestSchema,
  createCommentRequestSchema,
} from './requests.js';

describe('request schemas', () => {
  it('trim names and messages, and ignore the fields the server fills', () => {
    const album = createAlbumRequestSchema.parse({
      id: 'client-id',
      name: '  Summer  ',
      coverPhotoUrl: '/api/files/show/x',
      createdBy: 'someone',
      dateCreated: 'yesterday',
    });
    expect(album.name).toBe('Summer');
    const comment = createCommentRequestSchema.parse({ photoId: 'p1', message: ' Nice ' });
    expect(comment.message).toBe('Nice');
  });

  it('refuse names and messages that are empty once trimmed, or too long', () => {
    const cover = '/api/files/show/x';
    expect(createAlbumRequestSchema.safeParse({ name: '   ', coverPhotoUrl: cover }).success).toBe(
      false,
    );
    expect(
      createAlbumRequestSchema.safeParse({
        name: 'a'.repeat(ALBUM_NAME_MAX + 1),
        coverPhotoUrl: cover,
      }).success,
    ).toBe(false);
    expect(
      createAlbumRequestSchema.safeParse({ name: 'a'.repeat(ALBUM_NAME_MAX), coverPhotoUrl: cover })
        .success,
    ).toBe(true);
    expect(createCommentRequestSchema.safeParse({ photoId: 'p1', message: '\n\t ' }).success).toBe(
      false,
    );
    expect(
      createCommentRequestSchema.safeParse({ photoId: 'p1', message: 'x'.repeat(COMMENT_MAX + 1) })
        .success,
    ).toBe(false);
  });

  it('page album lists between 1 and 100, 50 by default', () => {
    expect(albumListQuerySchema.parse({}).limit).toBe(50);
    expect(albumListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(albumListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(albumListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(albumListQuerySchema.safeParse({ limit: 'ten' }).success).toBe(false);
  });
});
