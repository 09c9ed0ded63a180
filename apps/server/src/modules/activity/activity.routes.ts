import {
  activityEventSchema,
  activitySchema,
  activityUnreadSchema,
  pageQuerySchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { errorResponses } from '../../http/route-schemas.js';
import { requireEventStreamAccepted, serverSentEvents } from '../../http/sse.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { runActivityStream } from './activity-stream.js';
import { listActivity, markActivityRead, unreadActivity } from './activity.service.js';

export const activityRoutes: RoutesPlugin = async (app, { deps }) => {
  const openEventStream = serverSentEvents(app);

  app.get(
    '/activity',
    {
      schema: {
        tags: ['activity'],
        summary: "The caller's activity feed, newest first",
        description:
          'What changed for the caller: invitations, photos added to albums they share, comments ' +
          'and likes on photos they added, photos guests added through a share link. Only ' +
          'entries of albums the caller may still see. Paged: at most `limit` entries; when ' +
          'there are older ones, the Link header (rel="next") gives the next page.',
        querystring: pageQuerySchema,
        response: { 200: z.array(activitySchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await listActivity(deps, currentUser(request), request.query);
      return sendPage(request, reply, page, request.query.limit);
    },
  );

  app.get(
    '/activity/unread',
    {
      schema: {
        tags: ['activity'],
        summary: 'How many entries of the feed are unread',
        description:
          'Entries newer than the last "mark all read", counted up to 100: `more` says there ' +
          'are more than 99.',
        response: { 200: activityUnreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => unreadActivity(deps, currentUser(request)),
  );

  app.post(
    '/activity/read',
    {
      schema: {
        tags: ['activity'],
        summary: 'Marks the whole feed read',
        description: 'Entries up to now become read; answers the unread count after it.',
        response: { 200: activityUnreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => markActivityRead(deps, currentUser(request)),
  );

  app.get(
    '/activity/events',
    {
      schema: {
        tags: ['activity'],
        summary: "A live stream of the caller's new feed entries (Server-Sent Events)",
        description:
          'text/event-stream of events named "activity", each an ActivityEvent as JSON: a new ' +
          'entry (or one that grew: same id, larger count) and the unread count after it. Each ' +
          'event has an id; a client that reconnects with the Last-Event-ID header gets what it ' +
          'missed. Applying an event twice changes nothing. Events named "unread" (an ' +
          'ActivityUnread, without an id) give the unread count alone: first, when the stream ' +
          'opens with no entry to send, and when it changed with no new entry, e.g. after the ' +
          'caller was removed from an album.',
        headers: z.object({ 'last-event-id': z.string().max(500).optional() }).loose(),
        response: {
          200: activityEventSchema.describe('Sent as text/event-stream, one event at a time'),
          ...errorResponses(401, 406),
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      requireEventStreamAccepted(request);
      await openEventStream(request, reply, { name: 'activity', clock: deps.clock }, (stream) =>
        runActivityStream({
          deps,
          caller,
          start: stream.start,
          signal: stream.signal,
          send: (event) => stream.send({ id: event.id, event: 'activity', data: event.data }),
          // No id: a resume goes on from the last entry sent, not from a count.
          sendUnread: (unread) => stream.send({ event: 'unread', data: unread }),
        }),
      );
    },
  );
};
