import type {
  BulkAddRequest,
  BulkDeleteRequest,
  BulkResult,
  DownloadRequest,
  DownloadTicket,
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
 * POST /api/downloads: a short-lived address of a zip of the photos, which the browser then
 * opens (the server answers it as an attachment: the page stays).
 */
export function useDownload() {
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiJson<DownloadTicket>('/api/downloads', {
        method: 'POST',
        json: { photoIds } satisfies DownloadRequest,
      }),
    onSuccess: (ticket) => window.location.assign(ticket.url),
  });
}
