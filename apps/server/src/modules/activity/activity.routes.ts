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
import { AppError } from '../../lib/errors.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { KEEPALIVE_MS, runActivityStream } from './activity-stream.js';
import {
  activityStreamStart,
  listActivity,
  markActivityRead,
  unreadActivity,
} from './activity.service.js';

/**
 * A stream ends after this long; the client reconnects at once with Last-Event-ID and a current
 * ID token, so a signed-out user stops receiving entries.
 */
const STREAM_MAX_MS = 15 * 60 * 1000;

export const activityRoutes: RoutesPlugin = async (app, { deps }) => {
  const streams = new Set<AbortController>();
  // Open streams end before the server closes, or closing would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.abort();
  });

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
          'missed. Applying an event twice changes nothing.',
        headers: z.object({ 'last-event-id': z.string().max(500).optional() }).loose(),
        response: {
          200: activityEventSchema.describe('Sent as text/event-stream, one event at a time'),
          ...errorResponses(401, 406),
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      if (!/\btext\/event-stream\b|\*\/\*/.test(request.headers.accept ?? '')) {
        throw new AppError(
          'NOT_ACCEPTABLE',
          'This address is a stream of Server-Sent Events: send Accept: text/event-stream.',
        );
      }
      const start = activityStreamStart(deps, request.headers['last-event-id']);

      const controller = new AbortController();
      streams.add(controller);
      const raw = reply.raw;
      reply.hijack();
      // The headers set for every answer (security headers, request id) go out too.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // The socket closes with the stream: no idle keep-alive socket outlives it.
        connection: 'close',
      });
      // Reconnect after 2 s when the connection drops.
      raw.write('retry: 2000\n\n');
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
      const end = () => controller.abort();
      const lifetime = setTimeout(end, STREAM_MAX_MS);
      request.raw.on('close', end);
      raw.on('error', end);

      try {
        await runActivityStream({
          deps,
          caller,
          start,
          signal: controller.signal,
          send: async (event) => {
            const text = `id: ${event.id}\nevent: activity\ndata: ${JSON.stringify(event.data)}\n\n`;
            if (!raw.write(text)) {
              await new Promise<void>((resolve) => {
                raw.once('drain', resolve);
                controller.signal.addEventListener('abort', () => resolve(), { once: true });
              });
            }
          },
        });
      } catch (error) {
        request.log.warn({ err: error }, 'activity stream ended by an error');
      } finally {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        streams.delete(controller);
        request.raw.off('close', end);
        raw.end();
      }
    },
  );
};
