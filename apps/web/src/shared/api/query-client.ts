import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../notifications/notifications-store';
import { ApiError, errorMessage, isAbortError } from './api-error';

/** Extra information a query or mutation may carry. */
export interface RequestMeta extends Record<string, unknown> {
  /** Error codes the screen shows in its own way: not sent to the notification area. */
  quietErrorCodes?: readonly string[];
  /** No failure is shown: the screen works without the answer. */
  quiet?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function isQuiet(error: unknown, meta?: RequestMeta): boolean {
  if (meta?.quiet) return true;
  return error instanceof ApiError && meta?.quietErrorCodes?.includes(error.code) === true;
}

/**
 * The one place where failures reach the notification area. A query several screens read at once
 * (users/me: the top bar's picture and the Profile page) is told unless every one of them does
 * without it.
 */
export function reportError(error: unknown, metas: readonly (RequestMeta | undefined)[]): void {
  if (isAbortError(error) || metas.every((meta) => isQuiet(error, meta))) return;
  notify(errorMessage(error));
}

/** Network failures and server outages are worth another try; answers about the request are not. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof ApiError && (error.status === 0 || error.status >= 502);
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const observers = query.observers.map((observer) => observer.options.meta);
        reportError(error, observers.length > 0 ? observers : [query.meta]);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, [mutation.meta]),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: options.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
