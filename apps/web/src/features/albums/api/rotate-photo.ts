import type { Photo } from '@photo/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../../shared/api/api-client';
import { rotatePhoto, type RotateDirection } from '../../../shared/api/rotate-photo';
import { albumKeys } from './album-keys';

/**
 * Turns a photo of the album a quarter turn (from the viewer): the album's photo list shows the
 * answer (its new picture URL) at once; covers and the photo's own page are read again.
 */
export function useRotateAlbumPhoto(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...albumKeys.photos(albumId), 'rotation'],
    // One turn after the other: a quick second click turns from where the first left it.
    scope: { id: `rotate-album-${albumId}` },
    mutationFn: ({ photo, direction }: { photo: Photo; direction: RotateDirection }) =>
      rotatePhoto(photo.id, direction),
    onSuccess: (rotated) => {
      queryClient.setQueryData<InfiniteData<Page<Photo>>>(albumKeys.photos(albumId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === rotated.id ? rotated : item)),
              })),
            }
          : data,
      );
      // The file may be a cover; the photo page (its own feature's key) keeps a copy too.
      void queryClient.invalidateQueries({ queryKey: albumKeys.detail(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['photos', rotated.id], exact: true });
    },
  });
}
