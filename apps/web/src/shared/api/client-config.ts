import {
  CLIENT_CONFIG_PATH,
  IDENTITY_BASE_PATH,
  type ClientConfig,
  type IdentityClientConfig,
  type UploadLimits,
} from '@photo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiErrorFromBody, networkError, parseJsonBody } from './api-error';

let loading: Promise<ClientConfig> | null = null;

/**
 * GET client-config, once per page load (shared by every caller). Public, so it is a plain fetch:
 * the identity client reads it before any token exists, and while one is being refreshed.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  loading ??= (async () => {
    let response: Response;
    try {
      response = await fetch(CLIENT_CONFIG_PATH, { headers: { Accept: 'application/json' } });
    } catch {
      throw networkError();
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text);
    return parseJsonBody<ClientConfig>(response.status, text);
  })().catch((error: unknown) => {
    // A failure is not kept: the next caller asks again.
    loading = null;
    throw error;
  });
  return loading;
}

/** Forgets the settings read, so the next caller asks again (tests: a new page load). */
export function forgetClientConfig(): void {
  loading = null;
}

/** The embedded identity service on this origin: what a server without the setting means. */
const EMBEDDED_IDENTITY: IdentityClientConfig = {
  baseUrl: IDENTITY_BASE_PATH,
  tokenUrl: `${IDENTITY_BASE_PATH}/token`,
  embedded: true,
};

/**
 * Where people sign in, as the server says at run time (IDENTITY_BASE_URL, IDENTITY_TOKEN_URL,
 * IDENTITY_API_KEY). A server that does not say (no such key, or no client-config at all) runs the
 * embedded service; a server that cannot be reached is an error, never a guess.
 */
export async function loadIdentityConfig(): Promise<IdentityClientConfig> {
  try {
    return (await loadClientConfig()).identity ?? EMBEDDED_IDENTITY;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMBEDDED_IDENTITY;
    throw error;
  }
}

/** GET client-config: the server's settings for clients, read once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: () => loadClientConfig(),
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

/** The identity settings; undefined until known. */
export function useIdentityConfig(): IdentityClientConfig | undefined {
  return useQuery(clientConfigQuery).data?.identity;
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

/**
 * Whether people get no e-mail from this server: it sends none (no SMTP_URL) and its own identity
 * service holds the accounts, so no provider mails verification or reset links either. Then the
 * administrator confirms addresses and makes password links. Undefined until known (and when the
 * settings cannot be read).
 */
export function useNoMail(): boolean | undefined {
  const query = useQuery(clientConfigQuery);
  if (!query.isSuccess) return undefined;
  const embedded = query.data.identity?.embedded ?? true;
  return embedded && !(query.data.mail?.configured ?? false);
}

/**
 * How many days a deleted photo or album waits in Trash (TRASH_DAYS); 0: Trash is off and deleting
 * is final. Undefined until known: a dialog then speaks of a final deletion, the safe reading.
 */
export function useTrashDays(): number | undefined {
  return useQuery(clientConfigQuery).data?.trash.days;
}
