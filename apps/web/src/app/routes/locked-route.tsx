import { useQueryClient } from '@tanstack/react-query';
import { albumKeys } from '../../features/albums/api/album-keys';
import { LockedPage } from '../../features/locked/components/locked-page';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';

/** The locked place: photos moved out of it show again in the timeline and the albums. */
export function LockedRoute() {
  const queryClient = useQueryClient();
  return (
    <LockedPage
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
        void queryClient.invalidateQueries({ queryKey: albumKeys.all });
      }}
    />
  );
}
