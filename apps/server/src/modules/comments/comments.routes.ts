import { commentSchema, createCommentRequestSchema } from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { listComments, postComment } from './comments.service.js';

export const commentsRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/photos/:photoId/comments',
    {
      schema: {
        tags: ['comments'],
        summary: "A photo's comments, oldest first",
        params: z.object({ photoId: entityId }),
        response: { 200: z.array(commentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listComments(deps, currentUser(request), request.params.photoId),
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
      const comment = await postComment(deps, currentUser(request), request.body);
      return reply.status(201).send(comment);
    },
  );
};
