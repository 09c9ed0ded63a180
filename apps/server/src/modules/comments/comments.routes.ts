import {
  commentEventSchema,
  commentListQuerySchema,
  commentSchema,
  createCommentRequestSchema,
  likeEventSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import { requireEventStreamAccepted, serverSentEvents } from '../../http/sse.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { runCommentStream } from './comment-stream.js';
import {
  deleteComment,
  listComments,
  postComment,
  requireCommentablePhoto,
} from './comments.service.js';

export const commentsRoutes: RoutesPlugin = async (app, { deps }) => {
  const openEventStream = serverSentEvents(app);

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
      requireEventStreamAccepted(request);
      await requireCommentablePhoto(deps, caller, photoId);
      await openEventStream(request, reply, { name: 'comment', clock: deps.clock }, (stream) =>
        runCommentStream({
          deps,
          caller,
          photoId,
          start: stream.start,
          signal: stream.signal,
          send: (event) => stream.send({ id: event.id, event: 'comment', data: event.data }),
          // No id: a client's Last-Event-ID stays the last comment event's.
          sendLikes: (event) => stream.send({ event: 'likes', data: event }),
        }),
      );
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
