import type { Photo } from '@photo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';
import { refetchWhileMaking } from '../../../shared/lib/media';

/** The answer for a photo that does not exist (deleted) or that one may not see. */
export const PHOTO_NOT_FOUND = 'PHOTO_NOT_FOUND';

/** How long an answer is fresh, as the app's query client has it (shared/api/query-client.ts). */
const FRESH_MS = 30_000;

/**
 * GET photos/{photoId}: one photo. `known`: the photo as a list already answered it, shown at once
 * and read again only once it is stale; `enabled: false` keeps to it (a visitor without an account).
 * With `details`, a copy without them (a list's) is read again at once: the viewer's details panel.
 */
export function usePhoto(
  photoId: string,
  options: { known?: Photo; enabled?: boolean; details?: boolean } = {},
) {
  return useQuery({
    queryKey: photoKeys.detail(photoId),
    queryFn: ({ signal }) =>
      apiJson<Photo>(`/api/photos/${encodeURIComponent(photoId)}`, { signal }),
    enabled: photoId !== '' && options.enabled !== false,
    initialData: options.known,
    ...(options.details
      ? {
          staleTime: (query: { state: { data?: Photo } }) =>
            query.state.data?.details ? FRESH_MS : 0,
        }
      : {}),
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
