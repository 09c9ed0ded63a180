import type { Album, CreateAlbumRequest } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, uploadFile } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

export interface CreateAlbumInput {
  name: string;
  cover: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST albumsDb: saves an album. */
export function createAlbum(name: string, coverPhotoUrl: string): Promise<Album> {
  const body: CreateAlbumRequest = { id: '', name, coverPhotoUrl, createdBy: '', dateCreated: '' };
  return apiJson<Album>('/api/albumsDb', { method: 'POST', json: body });
}

/** Uploads the cover (files/upload), then saves the album with it, and waits for the save. */
export function useCreateAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, cover, onProgress, signal }: CreateAlbumInput) => {
      const uploaded = await uploadFile(cover, { onProgress, signal });
      return createAlbum(name, uploaded.url);
    },
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.detail(album.id), album);
      return queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}
