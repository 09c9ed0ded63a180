import type { Photo } from '@photo/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, changeCachedItems } from '../../../shared/api/api-client';
import { PENDING_REFETCH_MS } from '../../../shared/lib/image-url';
import { refetchWhileMaking } from '../../../shared/lib/media';
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
    // Photos just uploaded are being made smaller, videos prepared: look again until they are ready.
    refetchInterval: (query) =>
      refetchWhileMaking(
        query.state.data?.pages.flatMap((page) => page.items) ?? [],
        PENDING_REFETCH_MS,
      ),
  });
}

/**
 * Puts a photo of the album as the server answered it (say, turned, with a new picture URL) in the
 * album's photo list at once. Its file may be a cover: the album and the lists are read again.
 */
export function useSetAlbumPhoto(albumId: string) {
  const queryClient = useQueryClient();
  return (changed: Photo) => {
    changeCachedItems<Photo>(queryClient, albumKeys.photos(albumId), (items) =>
      items.map((item) => (item.id === changed.id ? changed : item)),
    );
    void queryClient.invalidateQueries({ queryKey: albumKeys.detail(albumId) });
    void queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
  };
}
