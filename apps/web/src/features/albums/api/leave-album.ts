import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { refreshActivity } from '../../activity/api/activity-api';
import { albumKeys } from './album-keys';

/** DELETE albumsDb/{id}/members/{userId}: a member leaves, or the owner removes them (sharing). */
export function deleteMember(albumId: string, userId: string) {
  return apiJson<null>(
    `/api/albumsDb/${encodeURIComponent(albumId)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );
}

/**
 * DELETE albumsDb/{id}/members/{own id}: a member leaves the album, then `onLeft` runs (it leaves
 * the album's page). It runs here, not as a callback of `mutate`: those are dropped when the
 * component that called it is gone, and the album's page would be gone first if its cached album
 * went while it showed (it asks again, is refused, and shows an error in place of the dialog). So
 * the page is left first; the album is forgotten after the lists are fetched again. The activity
 * badge counts the album's entries no more.
 */
export function useLeaveAlbum(albumId: string, onLeft: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteMember(albumId, userId),
    onSuccess: async () => {
      onLeft();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
        refreshActivity(queryClient),
      ]);
      queryClient.removeQueries({ queryKey: albumKeys.detail(albumId) });
    },
  });
}
