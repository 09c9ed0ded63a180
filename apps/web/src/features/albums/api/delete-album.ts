import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { refreshActivity } from '../../activity/api/activity-api';
import { albumKeys } from './album-keys';

/**
 * DELETE albumsDb/{albumId}: the album goes, with its photos and their comments; then `onDeleted`
 * runs (it leaves the album's page). It runs here, not as a callback of `mutate`, which would be
 * dropped if the album's page were gone first: asked for again meanwhile (a live update does
 * that), the album answers 404 and the page shows so in place of the dialog. The activity badge
 * counts the album's entries no more.
 */
export function useDeleteAlbum(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (albumId: string) => {
      await apiRequest(`/api/albumsDb/${encodeURIComponent(albumId)}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      onDeleted();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
        refreshActivity(queryClient),
      ]);
    },
  });
}
