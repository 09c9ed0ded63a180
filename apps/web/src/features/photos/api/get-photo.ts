import type { Photo } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
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
