import { CLIENT_CONFIG_PATH, type ClientConfig, type UploadLimits } from '@photo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';

/** GET client-config: the server's settings for clients, read once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: ({ signal }) => apiJson<ClientConfig>(CLIENT_CONFIG_PATH, { signal }),
  // They change only when the server restarts with other settings; a reload reads them again.
  staleTime: Infinity,
  gcTime: Infinity,
  // The server checks every upload again: without these, files are only checked there.
  meta: { quiet: true },
});

/** The server's upload limits; undefined until they are known (or when they cannot be read). */
export function useUploadLimits(): UploadLimits | undefined {
  return useQuery(clientConfigQuery).data?.upload;
}

/**
 * Whether the server sends e-mail (SMTP_URL is set); undefined until known. A server that does
 * not say is taken as one that does not send.
 */
export function useMailConfigured(): boolean | undefined {
  const query = useQuery(clientConfigQuery);
  if (!query.isSuccess) return undefined;
  return query.data.mail?.configured ?? false;
}
