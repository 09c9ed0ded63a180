import { likeSummarySchema, pageQuerySchema, photoLikeSchema } from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { likePhoto, listPhotoLikes, unlikePhoto } from './likes.service.js';

const photoParams = z.object({ photoId: entityId });

/** Liking and taking the like back: both answer the photo's like count after the change. */
const likeChange = (summary: string, description: string) => ({
  tags: ['likes'],
  summary,
  description,
  params: photoParams,
  response: { 200: likeSummarySchema, ...errorResponses(400, 401, 403, 404) },
});

export const likesRoutes: RoutesPlugin = async (app, { deps }) => {
  app.put(
    '/photos/:photoId/like',
    {
      schema: likeChange(
        'You like the photo',
        "Idempotent: one like per user per photo. Answers the photo's like count after the change.",
      ),
    },
    async (request) => likePhoto(deps, currentUser(request), request.params.photoId, request.log),
  );

  app.delete(
    '/photos/:photoId/like',
    {
      schema: likeChange(
        'You take your like of the photo back',
        "Idempotent; only your own like. Answers the photo's like count after the change (200, " +
          'not 204: the count is what a client shows next).',
      ),
    },
    async (request) => unlikePhoto(deps, currentUser(request), request.params.photoId, request.log),
  );

  app.get(
    '/photos/:photoId/likes',
    {
      schema: {
        tags: ['likes'],
        summary: 'Who likes the photo, most recent first',
        description:
          'Paged: at most `limit` people; when there are more, the Link header (rel="next") gives the next page.',
        params: photoParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(photoLikeSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const page = await listPhotoLikes(
        deps,
        currentUser(request),
        request.params.photoId,
        request.query,
      );
      return sendPage(request, reply, page, request.query.limit);
    },
  );
};
