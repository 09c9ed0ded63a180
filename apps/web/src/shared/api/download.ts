import type { DownloadRequest, DownloadTicket } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from './api-client';

/**
 * Has the browser download the file at `url`, an address that needs no header (a download
 * ticket's, a share link's zip), without leaving the page.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // The server names the file (Content-Disposition).
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * POST downloads: a zip of a whole album ({albumId}) or of chosen photos ({photoIds}), then its
 * download. A failure is said where the download was asked for (`quiet`, the default), or in the
 * notification area when the place it was asked from has gone (a selection's bar).
 */
export function useDownload({ quiet = true }: { quiet?: boolean } = {}) {
  return useMutation({
    mutationFn: (request: DownloadRequest) =>
      apiJson<DownloadTicket>('/api/downloads', { method: 'POST', json: request }),
    onSuccess: (ticket) => startDownload(ticket.url),
    meta: { quiet },
  });
}
