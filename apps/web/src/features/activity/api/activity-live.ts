import { activityEventSchema } from '@photo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../../../shared/api/event-stream';
import { activityKeys, applyActivityEvent } from './activity-api';

/**
 * Reads GET activity/events while the app is open: each new entry updates the badge and the
 * list. After a break, the count is read again. Loaded apart from the first page (with the
 * EventSource client). Returns the function that closes the stream.
 */
export function openActivityStream(client: QueryClient): () => void {
  return openEventStream('/api/activity/events', 'activity', {
    onEvent: (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const event = activityEventSchema.safeParse(parsed);
      if (event.success) applyActivityEvent(client, event.data);
    },
    onOpen: (resumed) => {
      if (resumed) void client.invalidateQueries({ queryKey: activityKeys.unread });
    },
  });
}
