import type { ActivityEvent, ActivityUnread } from '@photo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../../../shared/api/event-stream';
import { activityKeys, applyActivityEvent, followReadsInOtherTabs } from './activity-api';

/** Whether a parsed value has the shape of an unread count (ActivityUnread). */
function isUnread(value: unknown): value is ActivityUnread {
  if (typeof value !== 'object' || value === null) return false;
  const { count, more } = value as Record<string, unknown>;
  return typeof count === 'number' && typeof more === 'boolean';
}

/** Whether a parsed event has the shape the server sends (ActivityEvent). */
function isActivityEvent(value: unknown): value is ActivityEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { activity, unread } = value as Record<string, unknown>;
  return (
    typeof activity === 'object' &&
    activity !== null &&
    typeof (activity as Record<string, unknown>).id === 'string' &&
    isUnread(unread)
  );
}

/** The data of an event as JSON, or undefined when it is not JSON. */
function parsed(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads GET activity/events while the app is open: each new entry updates the badge and the
 * list, and a count sent alone updates the badge; each connection starts with the current count.
 * "Mark all read" in another tab of this browser clears the badge here too. Loaded apart from the
 * first page (with the EventSource client). Returns the function that closes the stream.
 */
export function openActivityStream(client: QueryClient): () => void {
  const stopFollowingReads = followReadsInOtherTabs(client);
  const closeStream = openEventStream('/api/activity/events', 'activity', {
    onEvent: (data) => {
      const event = parsed(data);
      if (isActivityEvent(event)) applyActivityEvent(client, event);
    },
    others: {
      // The count alone: when the stream opens with no entry to send (the count shown may have been
      // read before, e.g. by the server for the page, and read elsewhere since), and when entries
      // left the feed (the caller left an album, or was removed).
      unread: (data) => {
        const unread = parsed(data);
        if (isUnread(unread)) client.setQueryData(activityKeys.unread, unread);
      },
    },
  });
  return () => {
    closeStream();
    stopFollowingReads();
  };
}
