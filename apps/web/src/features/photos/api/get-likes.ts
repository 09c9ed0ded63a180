import type { PhotoLike } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';

/** How many likers the list shows; the rest are counted ("and 3 others"). */
export const LIKERS_SHOWN = 20;

/** GET photos/{photoId}/likes: the most recent people who like the photo (first page only). */
export function usePhotoLikes(photoId: string, enabled: boolean) {
  return useQuery({
    queryKey: photoKeys.likes(photoId),
    queryFn: async ({ signal }) =>
      (
        await apiPage<PhotoLike>(
          `/api/photos/${encodeURIComponent(photoId)}/likes?limit=${LIKERS_SHOWN}`,
          signal,
        )
      ).items,
    enabled,
    staleTime: 0,
  });
}
