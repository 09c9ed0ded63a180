import type { Photo } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rotatePhoto, type RotateDirection } from '../../../shared/api/rotate-photo';
import { photoKeys } from './photo-keys';

/** Turns the photo a quarter turn; the page shows the answer (its new picture URL) at once. */
export function useRotatePhoto(photo: Photo, onRotated?: (rotated: Photo) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...photoKeys.detail(photo.id), 'rotation'],
    // One turn after the other: a quick second click turns from where the first left it.
    scope: { id: `rotate-${photo.id}` },
    mutationFn: (direction: RotateDirection) => rotatePhoto(photo.id, direction),
    onSuccess: (rotated) => {
      queryClient.setQueryData<Photo>(photoKeys.detail(photo.id), rotated);
      onRotated?.(rotated);
    },
  });
}
