import type { Album } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** The answer for an album that does not exist or that one may not see. */
export const ALBUM_NOT_FOUND = 'ALBUM_NOT_FOUND';

/** GET albums/find?id=: one album. */
export function useAlbum(albumId: string) {
  return useQuery({
    queryKey: albumKeys.detail(albumId),
    queryFn: ({ signal }) =>
      apiJson<Album>(`/api/albums/find?id=${encodeURIComponent(albumId)}`, { signal }),
    enabled: albumId !== '',
    // The screens that read it say "This album does not exist." themselves.
    meta: { quietErrorCodes: [ALBUM_NOT_FOUND] },
  });
}
