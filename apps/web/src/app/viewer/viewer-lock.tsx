import type { Photo } from '@photo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { albumKeys } from '../../features/albums/api/album-keys';
import { useLockPhotos } from '../../features/selection/api/bulk-actions';
import { timelineKeys } from '../../features/timeline/api/timeline-keys';
import { useT } from '../../i18n/i18n';
import { useCurrentUserId } from '../../shared/auth/session-store';
import { LineIcon } from '../../shared/ui/line-icon';

const LOCK_PATH = 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9M10 12.25v2';

/**
 * The viewer's "Move to locked place" (decision 0084), for a photo the signed-in person added
 * (not a guest's): the photo leaves the album, and the viewer closes as it goes from the list. A
 * copy they saved of someone else's upload is refused by the server, which says why.
 */
export function ViewerLockButton({ photo, buttonClass }: { photo: Photo; buttonClass: string }) {
  const t = useT();
  const me = useCurrentUserId();
  const queryClient = useQueryClient();
  const lock = useLockPhotos(() => {
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
  });
  if (photo.createdById !== me || photo.addedByGuest) return null;
  const label = t('selection.lock');
  return (
    <button
      type="button"
      className={buttonClass}
      title={label}
      disabled={lock.isPending}
      onClick={() => lock.mutate([photo.id])}
    >
      <LineIcon d={LOCK_PATH} size={24} grid={20} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
