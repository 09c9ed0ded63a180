import type { Photo, SavePhotoRequest } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

/**
 * POST photos/{photoId}/save: "Save to my library", the photo (one the user sees) saved to an
 * album of theirs. Answers the photo in that album (new, or the one it already had).
 */
export function useSavePhoto(photoId: string, onSaved?: (saved: Photo) => void) {
  return useMutation({
    mutationKey: ['photos', photoId, 'save'],
    mutationFn: (albumId: string) =>
      apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}/save`, {
        method: 'POST',
        json: { albumId } satisfies SavePhotoRequest,
      }),
    onSuccess: onSaved,
  });
}
