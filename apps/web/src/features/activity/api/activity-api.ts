import type { Activity, ActivityEvent, ActivityUnread } from '@photo/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiJson, apiPage, changeCachedItems, type Page } from '../../../shared/api/api-client';

/** Entries asked for at a time. */
export const ACTIVITY_PAGE_SIZE = 20;

export const activityKeys = {
  all: ['activity'] as const,
  unread: ['activity', 'unread'] as const,
  feed: ['activity', 'feed'] as const,
};

/**
 * The badge and the feed are asked for again: what the person may see has changed (they left an
 * album, or deleted one), and the server counts only entries of albums they still see.
 */
export function refreshActivity(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: activityKeys.all });
}

/**
 * GET activity/unread: the badge's count. Kept fresh by the live stream (activity-live.ts), which
 * brings new entries; what the person may see can also shrink while the tab waits behind another
 * (an owner removed them from an album, whose entries no longer count), so the count is read
 * again each time the tab comes back to the front.
 */
export function useUnreadActivity(enabled = true) {
  return useQuery({
    queryKey: activityKeys.unread,
    queryFn: ({ signal }) => apiJson<ActivityUnread>('/api/activity/unread', { signal }),
    enabled,
    // The bar does well enough without it: a failure here is not told.
    meta: { quiet: true },
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });
}

/** GET activity: the feed, newest first, a page at a time (the Link header's next page). */
export function useActivityFeed() {
  return useInfiniteQuery({
    queryKey: activityKeys.feed,
    queryFn: ({ pageParam, signal }) => apiPage<Activity>(pageParam, signal),
    initialPageParam: `/api/activity?limit=${ACTIVITY_PAGE_SIZE}`,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}

type Feed = InfiniteData<Page<Activity>, string>;

/** The badge and the list (when loaded) show everything read, with the server's count. */
function showAllRead(client: QueryClient, unread: ActivityUnread): void {
  client.setQueryData(activityKeys.unread, unread);
  changeCachedItems<Activity>(client, activityKeys.feed, (entries) =>
    entries.map((entry) => ({ ...entry, unread: false })),
  );
}

/** The channel on which this browser's tabs tell each other that everything was read. */
const READ_CHANNEL = 'photo.activity-read';

function readChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(READ_CHANNEL) : null;
}

/**
 * Follows "Mark all read" done in this browser's other tabs (the live stream carries new entries,
 * not reads). Returns the function that stops.
 */
export function followReadsInOtherTabs(client: QueryClient): () => void {
  const channel = readChannel();
  if (!channel) return () => undefined;
  channel.onmessage = (message: MessageEvent<unknown>) => {
    const unread = message.data as Partial<ActivityUnread> | null;
    if (typeof unread?.count === 'number') showAllRead(client, unread as ActivityUnread);
  };
  return () => channel.close();
}

/** POST activity/read: everything read; the badge and the list say so at once, in every tab. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<ActivityUnread>('/api/activity/read', { method: 'POST' }),
    onSuccess: (unread) => {
      showAllRead(client, unread);
      const channel = readChannel();
      channel?.postMessage(unread);
      channel?.close();
    },
  });
}

/**
 * A live event: the badge takes its count, and the list (when loaded) shows the entry first, in
 * place of the one with its id (an entry that grew by a burst comes again).
 */
export function applyActivityEvent(client: QueryClient, event: ActivityEvent): void {
  client.setQueryData(activityKeys.unread, event.unread);
  client.setQueryData<Feed>(activityKeys.feed, (feed) => {
    if (!feed) return feed;
    const [first, ...rest] = feed.pages.map((page) => ({
      ...page,
      items: page.items.filter((entry) => entry.id !== event.activity.id),
    }));
    if (!first) return feed;
    return { ...feed, pages: [{ ...first, items: [event.activity, ...first.items] }, ...rest] };
  });
}
