import type { AddPhotoRequest, Photo } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, uploadFile } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { albumKeys } from './album-keys';

export interface AddPhotoInput {
  file: File;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Called when the bytes are stored and the photo is being added to the album. */
  onUploaded?: () => void;
}

/** How adding one file ended: added, or already in the album (same bytes). */
export type AddPhotoOutcome = 'added' | 'duplicate';

/** POST albumsDb/{albumId}/photos: adds an uploaded file to the album. */
export function addPhotoToAlbum(albumId: string, fileId: string, signal?: AbortSignal) {
  const body: AddPhotoRequest = { fileId };
  return apiJson<Photo>(`/api/albumsDb/${encodeURIComponent(albumId)}/photos`, {
    method: 'POST',
    json: body,
    signal,
  });
}

/** Uploads a file (files/upload) and adds it to the album. */
export function useAddPhoto(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The uploader shows these on the file they concern.
    meta: { quietErrorCodes: ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] },
    mutationFn: async ({ file, signal, onProgress, onUploaded }: AddPhotoInput) => {
      const uploaded = await uploadFile(file, { signal, onProgress });
      onUploaded?.();
      try {
        await addPhotoToAlbum(albumId, uploaded.id, signal);
        return 'added' satisfies AddPhotoOutcome;
      } catch (error) {
        // Not an error for the user: that photo is there already.
        if (error instanceof ApiError && error.code === 'DUPLICATE_PHOTO') {
          return 'duplicate' satisfies AddPhotoOutcome;
        }
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'added') {
        return queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) });
      }
    },
  });
}
