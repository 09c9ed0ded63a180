import type { Album } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** GET albums/find?id=: one album. */
export function useAlbum(albumId: string) {
  return useQuery({
    queryKey: albumKeys.detail(albumId),
    queryFn: ({ signal }) =>
      apiJson<Album>(`/api/albums/find?id=${encodeURIComponent(albumId)}`, { signal }),
    enabled: albumId !== '',
  });
}
