import {
  commentEventSchema,
  commentListQuerySchema,
  commentSchema,
  createCommentRequestSchema,
  likeEventSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { AppError } from '../../lib/errors.js';
import { sendPage } from '../../http/next-page-link.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { KEEPALIVE_MS, runCommentStream } from './comment-stream.js';
import {
  deleteComment,
  listComments,
  postComment,
  requireCommentablePhoto,
  streamStart,
} from './comments.service.js';

/**
 * A stream ends after this long; the client reconnects at once with Last-Event-ID and a current
 * ID token, so a signed-out or removed user stops receiving events.
 */
const STREAM_MAX_MS = 15 * 60 * 1000;

export const commentsRoutes: RoutesPlugin = async (app, { deps }) => {
  const streams = new Set<AbortController>();
  // Open streams end before the server closes, or closing would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.abort();
  });

  app.get(
    '/photos/:photoId/comments',
    {
      schema: {
        tags: ['comments'],
        summary: "A photo's comments: the newest page, listed oldest first",
        description:
          'Paged: at most `limit` (≤ 50) comments, the newest ones, listed oldest first. When ' +
          'there are older comments, the Link header (rel="next") gives the page before.',
        params: z.object({ photoId: entityId }),
        querystring: commentListQuerySchema,
        response: { 200: z.array(commentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const page = await listComments(
        deps,
        currentUser(request),
        request.params.photoId,
        request.query,
      );
      return sendPage(request, reply, page, request.query.limit);
    },
  );

  app.get(
    '/photos/:photoId/comments/events',
    {
      schema: {
        tags: ['comments'],
        summary: "A live stream of the photo's comments (Server-Sent Events)",
        description:
          'text/event-stream of events named "comment", each a CommentEvent as JSON: a comment ' +
          'posted or deleted. Each event has an id; a client that reconnects with the ' +
          'Last-Event-ID header gets what it missed (events are kept 24 hours). Applying an ' +
          'event twice changes nothing. Events named "likes", each a LikeEvent as JSON ' +
          "(photoId, likeCount), without an id, give the photo's like count when the stream " +
          'opens and whenever it changes.',
        params: z.object({ photoId: entityId }),
        headers: z.object({ 'last-event-id': z.string().max(500).optional() }).loose(),
        response: {
          200: z
            .union([commentEventSchema, likeEventSchema])
            .describe('Sent as text/event-stream, one event at a time'),
          ...errorResponses(400, 401, 404, 406),
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const { photoId } = request.params;
      if (!/\btext\/event-stream\b|\*\/\*/.test(request.headers.accept ?? '')) {
        throw new AppError(
          'NOT_ACCEPTABLE',
          'This address is a stream of Server-Sent Events: send Accept: text/event-stream.',
        );
      }
      await requireCommentablePhoto(deps, caller, photoId);
      const start = streamStart(deps, request.headers['last-event-id']);

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
        // The socket closes with the stream: no idle keep-alive socket outlives it (which would
        // hold a closing server open for its keep-alive time).
        connection: 'close',
      });
      // Reconnect after 2 s when the connection drops.
      raw.write('retry: 2000\n\n');
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
      const end = () => controller.abort();
      const lifetime = setTimeout(end, STREAM_MAX_MS);
      request.raw.on('close', end);
      raw.on('error', end);

      const write = async (text: string) => {
        if (!raw.write(text)) {
          await new Promise<void>((resolve) => {
            raw.once('drain', resolve);
            controller.signal.addEventListener('abort', () => resolve(), { once: true });
          });
        }
      };
      try {
        await runCommentStream({
          deps,
          caller,
          photoId,
          start,
          signal: controller.signal,
          send: (event) =>
            write(`id: ${event.id}\nevent: comment\ndata: ${JSON.stringify(event.data)}\n\n`),
          // No id: a client's Last-Event-ID stays the last comment event's.
          sendLikes: (event) => write(`event: likes\ndata: ${JSON.stringify(event)}\n\n`),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'comment stream ended by an error');
      } finally {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        streams.delete(controller);
        request.raw.off('close', end);
        raw.end();
      }
    },
  );

  app.post(
    '/photos/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'Posts a comment on a photo',
        description: 'id, createdBy and dateCreated are filled by the server.',
        body: createCommentRequestSchema,
        response: { 201: commentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const comment = await postComment(deps, currentUser(request), request.body, request.log);
      return reply.status(201).send(comment);
    },
  );

  app.delete(
    '/photos/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Deletes a comment',
        description: "Its author may delete it, and so may the owner of the photo's album.",
        params: z.object({ commentId: entityId }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteComment(deps, currentUser(request), request.params.commentId, request.log);
      return reply.status(204).send(null);
    },
  );
};
