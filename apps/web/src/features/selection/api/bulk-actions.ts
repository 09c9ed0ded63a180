import type {
  BulkAddRequest,
  BulkDeleteRequest,
  BulkResult,
  LockPhotosRequest,
  LockPhotosResult,
} from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

/** POST /api/photos/bulk-delete: all the photos are deleted, or none. */
export function useBulkDelete(onChanged: () => void) {
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiJson<BulkResult>('/api/photos/bulk-delete', {
        method: 'POST',
        json: { photoIds } satisfies BulkDeleteRequest,
      }),
    onSuccess: onChanged,
  });
}

/** POST /api/photos/bulk-add: the photos are added to an album; with `move`, they leave theirs. */
export function useBulkAdd(onChanged: () => void) {
  return useMutation({
    mutationFn: (request: BulkAddRequest) =>
      apiJson<BulkResult>('/api/photos/bulk-add', { method: 'POST', json: request }),
    onSuccess: onChanged,
  });
}

/**
 * POST /api/locked/photos: photos of the caller's own uploads go to their locked place (decision
 * 0084), with every copy others saved; one not of their uploads refuses them all (403, naming it).
 */
export function useLockPhotos(onChanged: () => void) {
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiJson<LockPhotosResult>('/api/locked/photos', {
        method: 'POST',
        json: { photoIds } satisfies LockPhotosRequest,
      }),
    onSuccess: onChanged,
  });
}
