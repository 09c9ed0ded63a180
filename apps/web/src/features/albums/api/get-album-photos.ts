import type { Photo } from '@photo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPage } from '../../../shared/api/api-client';
import { PENDING_REFETCH_MS } from '../../../shared/lib/image-url';
import { albumKeys } from './album-keys';

/** GET albumsDb/{albumId}/photos: the album's photos, page by page along the Link header. */
export function useAlbumPhotos(albumId: string) {
  return useInfiniteQuery({
    queryKey: albumKeys.photos(albumId),
    queryFn: ({ pageParam, signal }) => apiPage<Photo>(pageParam, signal),
    initialPageParam: `/api/albumsDb/${encodeURIComponent(albumId)}/photos`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    enabled: albumId !== '',
    // Photos just uploaded are being made smaller: look again until they are ready.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((photo) => !photo.ready))
        ? PENDING_REFETCH_MS
        : false,
  });
}
