import type { LikeSummary, Photo } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';

/**
 * PUT or DELETE photos/{photoId}/like: the signed-in user likes the photo, or takes the like back.
 * The button shows the change at once; the server's count replaces the guess when it answers.
 */
export function useLikePhoto(photo: Photo, onChanged?: (summary: LikeSummary) => void) {
  const queryClient = useQueryClient();
  const detailKey = photoKeys.detail(photo.id);
  const apply = (change: Pick<Photo, 'likeCount' | 'likedByMe'>) =>
    queryClient.setQueryData<Photo>(detailKey, (current) =>
      current ? { ...current, ...change } : current,
    );

  return useMutation({
    mutationKey: [...detailKey, 'like'],
    // One after the other: a quick second click is sent after the first, never before it.
    scope: { id: `like-${photo.id}` },
    mutationFn: (like: boolean) =>
      apiJson<LikeSummary>(`/api/photos/${encodeURIComponent(photo.id)}/like`, {
        method: like ? 'PUT' : 'DELETE',
      }),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const before = queryClient.getQueryData<Photo>(detailKey);
      if (before && before.likedByMe !== like) {
        apply({ likedByMe: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)) });
      }
      return { before };
    },
    onError: (_error, _like, context) => {
      if (context?.before) {
        apply({ likedByMe: context.before.likedByMe, likeCount: context.before.likeCount });
      }
    },
    onSuccess: (summary) => {
      apply({ likedByMe: summary.likedByMe, likeCount: summary.likeCount });
      onChanged?.(summary);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoKeys.likes(photo.id) }),
  });
}
