import type { Photo, RotatePhotoRequest } from '@photo/contract';
import { apiJson } from './api-client';

export type RotateDirection = RotatePhotoRequest['direction'];

/**
 * PUT photos/{photoId}/rotation: a quarter turn left or right (only the person who added the
 * photo). Answers the photo as it is now, with a new picture URL. Each feature that offers the
 * buttons keeps its own cached copies up to date.
 */
export function rotatePhoto(photoId: string, direction: RotateDirection): Promise<Photo> {
  return apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}/rotation`, {
    method: 'PUT',
    json: { direction } satisfies RotatePhotoRequest,
  });
}
