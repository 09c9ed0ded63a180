import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from './api-client';

/**
 * The loaded pages of a paged list (an infinite query's data) with each page's items passed
 * through `change` (to replace, update or drop some); nothing while nothing is loaded.
 */
export function changeLoadedItems<T, Param>(
  data: InfiniteData<Page<T>, Param> | undefined,
  change: (items: T[]) => T[],
): InfiniteData<Page<T>, Param> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/** The same, in place, for the paged list kept under `queryKey` (when loaded). */
export function changeCachedItems<T>(
  client: QueryClient,
  queryKey: QueryKey,
  change: (items: T[]) => T[],
): void {
  client.setQueryData<InfiniteData<Page<T>, unknown>>(queryKey, (data) =>
    changeLoadedItems(data, change),
  );
}
