import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { albumKeys } from './album-keys';

/** DELETE albumsDb/{id}/members/{userId}: a member leaves, or the owner removes them (sharing). */
export function deleteMember(albumId: string, userId: string) {
  return apiJson<null>(
    `/api/albumsDb/${encodeURIComponent(albumId)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );
}

/** DELETE albumsDb/{id}/members/{own id}: a member leaves the album. */
export function useLeaveAlbum(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteMember(albumId, userId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: albumKeys.detail(albumId) });
      await queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
    },
  });
}
