import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** DELETE albumsDb/{albumId}: the album goes, with its photos and their comments. */
export function useDeleteAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (albumId: string) => {
      await apiRequest(`/api/albumsDb/${encodeURIComponent(albumId)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
  });
}
