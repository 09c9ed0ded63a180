import type { ActivityEvent } from '@photo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../../../shared/api/event-stream';
import { activityKeys, applyActivityEvent, followReadsInOtherTabs } from './activity-api';

/** Whether a parsed event has the shape the server sends (ActivityEvent). */
function isActivityEvent(value: unknown): value is ActivityEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { activity, unread } = value as Record<string, unknown>;
  return (
    typeof activity === 'object' &&
    activity !== null &&
    typeof (activity as Record<string, unknown>).id === 'string' &&
    typeof unread === 'object' &&
    unread !== null &&
    typeof (unread as Record<string, unknown>).count === 'number'
  );
}

/**
 * Reads GET activity/events while the app is open: each new entry updates the badge and the
 * list. After a break, the count is read again. "Mark all read" in another tab of this browser
 * clears the badge here too. Loaded apart from the first page (with the EventSource client).
 * Returns the function that closes the stream.
 */
export function openActivityStream(client: QueryClient): () => void {
  const stopFollowingReads = followReadsInOtherTabs(client);
  const closeStream = openEventStream('/api/activity/events', 'activity', {
    onEvent: (data) => {
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        return;
      }
      if (isActivityEvent(event)) applyActivityEvent(client, event);
    },
    onOpen: (resumed) => {
      if (resumed) void client.invalidateQueries({ queryKey: activityKeys.unread });
    },
  });
  return () => {
    closeStream();
    stopFollowingReads();
  };
}
