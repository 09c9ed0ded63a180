import type { Comment } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { applyCommentEvent } from './get-comments';
import { photoKeys } from './photo-keys';

/** DELETE photos/comments/{commentId}; the comment leaves the list at once. */
export function useDeleteComment(photoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) =>
      apiJson<void>(`/api/photos/comments/${encodeURIComponent(comment.id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_done, comment) => {
      queryClient.setQueryData(
        photoKeys.comments(photoId),
        (pages: Parameters<typeof applyCommentEvent>[0]) =>
          applyCommentEvent(pages, { type: 'deleted', commentId: comment.id, photoId }),
      );
    },
    // The comments section says what went wrong, beside the comment.
    meta: { quiet: true },
  });
}
