import type { Comment, CreateCommentRequest } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';

/** POST photos/comments; the comments are read again before the mutation settles. */
export function usePostComment(photoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => {
      const body: CreateCommentRequest = {
        id: '',
        createdBy: '',
        dateCreated: '',
        photoId,
        message,
      };
      return apiJson<Comment>('/api/photos/comments', { method: 'POST', json: body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoKeys.comments(photoId) }),
    // The comments section says what went wrong, beside the comment.
    meta: { quiet: true },
  });
}
