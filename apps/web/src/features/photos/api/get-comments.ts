import type { Comment } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { photoKeys } from './photo-keys';

/** GET photos/{photoId}/comments: the photo's comments, oldest first (as the server lists them). */
export function useComments(photoId: string) {
  return useQuery({
    queryKey: photoKeys.comments(photoId),
    queryFn: ({ signal }) =>
      apiJson<Comment[]>(`/api/photos/${encodeURIComponent(photoId)}/comments`, { signal }),
  });
}
