import type { Album, CreateAlbumRequest } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { sessionEndedError } from '../../../shared/api/api-error';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { uploadResumable } from '../../../shared/api/resumable-upload';
import { useCurrentUserId } from '../../../shared/auth/session-store';
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

/**
 * Uploads the cover (the resumable endpoint, so a dropped connection resumes), then saves the
 * album with it, and waits for the save.
 */
export function useCreateAlbum() {
  const queryClient = useQueryClient();
  const owner = useCurrentUserId();
  return useMutation({
    mutationFn: async ({ name, cover, onProgress, signal }: CreateAlbumInput) => {
      if (!owner) throw sessionEndedError();
      const config = await queryClient.fetchQuery(clientConfigQuery);
      const uploaded = await uploadResumable(cover, config.upload.resumable, {
        owner,
        signal,
        onProgress,
        onResume: onProgress,
      });
      return createAlbum(name, uploaded.url);
    },
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.detail(album.id), album);
      return queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}
