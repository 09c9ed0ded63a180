import type { Photo } from '@photo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';
import { refetchWhileMaking } from '../../../shared/lib/media';

/** The answer for a photo that does not exist (deleted) or that one may not see. */
export const PHOTO_NOT_FOUND = 'PHOTO_NOT_FOUND';

/**
 * GET photos/{photoId}: one photo. `known`: the photo as a list already answered it, shown at once
 * and read again only once it is stale; `enabled: false` keeps to it (a visitor without an account).
 */
export function usePhoto(photoId: string, options: { known?: Photo; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: photoKeys.detail(photoId),
    queryFn: ({ signal }) =>
      apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}`, { signal }),
    enabled: photoId !== '' && options.enabled !== false,
    initialData: options.known,
    // A video being prepared plays once it is ready: look again until then.
    refetchInterval: (query) =>
      query.state.data ? refetchWhileMaking([query.state.data], false) : false,
    // The photo page says "This photo does not exist." itself.
    meta: { quietErrorCodes: [PHOTO_NOT_FOUND] },
  });
}

/** Puts a photo as the server answered it in the cache: its page shows it at once. */
export function useSetPhoto() {
  const queryClient = useQueryClient();
  return (photo: Photo) => queryClient.setQueryData<Photo>(photoKeys.detail(photo.id), photo);
}
