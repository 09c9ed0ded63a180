import type { Album, CreateEmptyAlbumRequest } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** POST albums: an album with a name only, no photo yet. */
export function createEmptyAlbum(name: string): Promise<Album> {
  const body: CreateEmptyAlbumRequest = { name };
  return apiJson<Album>('/api/albums', { method: 'POST', json: body });
}

/** Makes an album with a name only; the lists of albums then show it. */
export function useCreateEmptyAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createEmptyAlbum(name),
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.detail(album.id), album);
      return queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}
