import type { Album } from '@photo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPage } from '../../../shared/api/api-client';
import { PENDING_REFETCH_MS } from '../../../shared/lib/image-url';
import { albumKeys, type AlbumScope } from './album-keys';

const firstPage: Record<AlbumScope, string> = {
  recent: '/api/albumsDb',
  mine: '/api/albumsDb?mine=true',
  shared: '/api/albumsDb?shared=true',
};

const awaitsCover = (album: Album) => album.coverPhotoUrl !== '' && !album.coverReady;

/** GET albumsDb (?mine=true, ?shared=true): albums newest first, page by page along the Link header. */
export function useAlbums(scope: AlbumScope) {
  return useInfiniteQuery({
    queryKey: albumKeys.list(scope),
    queryFn: ({ pageParam, signal }) => apiPage<Album>(pageParam, signal),
    initialPageParam: firstPage[scope],
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    // A cover just uploaded is being made smaller: look again until it is ready. An album without
    // a cover (no photo yet, or its cover archived by the viewer) has nothing to wait for.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some(awaitsCover))
        ? PENDING_REFETCH_MS
        : false,
  });
}
