import type { Photo } from '@photo/contract';

/** A photo as the API answers it: p1 of album a1, added by Ann (user "owner"), ready to show. */
export function makePhoto(overrides: Partial<Photo> = {}): Photo {
  return {
    id: 'p1',
    albumId: 'a1',
    fileId: 'f1',
    photoUrl: '/api/files/show/f1',
    placeholder: null,
    ready: true,
    createdBy: 'Ann',
    createdById: 'owner',
    dateCreated: '2026-11-01T10:00:00Z',
    width: 1600,
    height: 1200,
    dateTaken: null,
    cameraMake: null,
    cameraModel: null,
    fileSize: 2_400_000,
    likeCount: 0,
    likedByMe: false,
    commentCount: 0,
    rotation: 0,
    kind: 'photo',
    video: null,
    ...overrides,
  };
}
