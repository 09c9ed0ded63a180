import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/**
 * DELETE photos/{photoId}: removes a photo from its album (its owner any photo, a contributor
 * theirs), to Trash when the server keeps one.
 */
export async function deletePhoto(photoId: string): Promise<void> {
  await apiRequest(`/api/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

/** deletePhoto, the album and the lists read again after. */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    // The cover may have been this photo: the album and the lists are read again too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.all }),
  });
}
