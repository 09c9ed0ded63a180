import type { Photo, RotatePhotoRequest } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from './api-client';

export type RotateDirection = RotatePhotoRequest['direction'];

/**
 * PUT photos/{photoId}/rotation: a quarter turn left or right (only the person who added the
 * photo). The server answers the photo as it is now, with a new picture URL: `onRotated` puts it
 * in the caller's cached copies. The turns of one `scope` go one after the other, so a quick second
 * click turns from where the first left it. A failure is the caller's to show, beside its buttons.
 */
export function useRotatePhoto(scope: string, onRotated: (rotated: Photo) => void) {
  return useMutation({
    scope: { id: scope },
    mutationFn: ({ photoId, direction }: { photoId: string; direction: RotateDirection }) =>
      apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}/rotation`, {
        method: 'PUT',
        json: { direction } satisfies RotatePhotoRequest,
      }),
    onSuccess: (rotated) => onRotated(rotated),
    meta: { quiet: true },
  });
}
