import {
  MutationCache,
  QueryCache,
  QueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
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

/** How long an answer counts as current, unless a query says otherwise (ms). */
export const STALE_MS = 30_000;

/** When each answer a server-drawn page came with was put in the cache, by the answer. */
const seeded = new WeakMap<object, number>();

/**
 * Puts an answer that a page drawn on the server came with in the cache, as read now (decision
 * 0100): `staleTime: seededOrNow` keeps it from being asked for again as the page hydrates.
 */
export function seedQuery(queryClient: QueryClient, key: QueryKey, value: unknown): void {
  const updatedAt = Date.now();
  queryClient.setQueryData(key, value, { updatedAt });
  const data = queryClient.getQueryData(key);
  if (data !== null && typeof data === 'object') seeded.set(data, updatedAt);
}

/**
 * The stale time of a query read again each time it is shown: its answer is stale at once, but
 * the answer a server-drawn page came with (seedQuery) is as current as any other for a while.
 */
export const seededOrNow = (query: Pick<Query, 'state'>): number =>
  query.state.data !== null &&
  typeof query.state.data === 'object' &&
  seeded.get(query.state.data) === query.state.dataUpdatedAt
    ? STALE_MS
    : 0;

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
        staleTime: STALE_MS,
        retry: options.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
