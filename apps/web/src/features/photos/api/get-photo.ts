import type { Photo } from '@photo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';

/** GET photos/{photoId}: one photo. */
export function usePhoto(photoId: string) {
  return useQuery({
    queryKey: photoKeys.detail(photoId),
    queryFn: ({ signal }) =>
      apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}`, { signal }),
    enabled: photoId !== '',
  });
}

/** Puts a photo as the server answered it in the cache: its page shows it at once. */
export function useSetPhoto() {
  const queryClient = useQueryClient();
  return (photo: Photo) => queryClient.setQueryData<Photo>(photoKeys.detail(photo.id), photo);
}
