import type { Album, UpdateAlbumRequest } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** PUT albums: renames an album or changes its cover (owner only). */
export function useUpdateAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateAlbumRequest) =>
      apiJson<Album>('/api/albums', { method: 'PUT', json: change }),
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.detail(album.id), album);
      return queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}
