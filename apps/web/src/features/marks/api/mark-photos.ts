import type { BulkResult, MarkPhotosRequest } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';
import { setFavourites } from '../lib/favourites-store';

/** What can be done to photos' marks, and the call that does it (decision 0082). */
export type MarkChange = 'favourite' | 'unfavourite' | 'archive' | 'unarchive';

const PATHS: Record<MarkChange, string> = {
  favourite: '/api/favourites',
  unfavourite: '/api/favourites/remove',
  archive: '/api/archive',
  unarchive: '/api/archive/restore',
};

/** POSTs the change for these photos: all of them, or none. */
export function markPhotos(change: MarkChange, photoIds: string[]): Promise<BulkResult> {
  return apiJson<BulkResult>(PATHS[change], {
    method: 'POST',
    json: { photoIds } satisfies MarkPhotosRequest,
  });
}

/**
 * A change of marks on many photos at once (the selection bar's). The hearts of the photos shown
 * follow a change of favourites at once; `onChanged` reads again what lists them.
 */
export function useMarkPhotos(onChanged: () => void) {
  return useMutation({
    mutationFn: ({ change, photoIds }: { change: MarkChange; photoIds: string[] }) =>
      markPhotos(change, photoIds),
    onSuccess: (_result, { change, photoIds }) => {
      if (change === 'favourite' || change === 'unfavourite') {
        setFavourites(photoIds, change === 'favourite');
      }
      onChanged();
    },
  });
}
