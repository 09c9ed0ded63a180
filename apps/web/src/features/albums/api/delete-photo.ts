import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** DELETE photos/{photoId}: removes a photo from its album (album owner only). */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoId: string) => {
      await apiRequest(`/api/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
    },
    // The cover may have been this photo: the album and the lists are read again too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.all }),
  });
}
