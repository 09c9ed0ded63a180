import type { BulkAddRequest, BulkDeleteRequest, BulkResult } from '@photo/contract';
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
