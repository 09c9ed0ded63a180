import {
  trashDeleteRequestSchema,
  trashDeleteResultSchema,
  trashPageSchema,
  trashQuerySchema,
  trashRestoreRequestSchema,
  trashRestoreResultSchema,
} from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { deleteFromTrash, listTrash, restoreFromTrash } from './trash.service.js';

/** The caller's Trash: listed, restored, deleted for good (decision 0080). */
export const trashRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/trash',
    {
      schema: {
        tags: ['trash'],
        summary: 'Your Trash, newest deletion first',
        description:
          'Photos you deleted (mine=true), and photos you added that an album owner deleted ' +
          '(mine=false: listed so you see where they went; heldBy names whose Trash holds them). ' +
          'Each with purgeAt, when it goes for good. Paged by nextCursor; total counts your own. ' +
          'The albums you deleted, those without photos too, are listed on the first page.',
        querystring: trashQuerySchema,
        response: { 200: trashPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listTrash(deps, currentUser(request), request.query),
  );

  app.post(
    '/trash/restore',
    {
      schema: {
        tags: ['trash'],
        summary: 'Restores photos, albums, or all of your Trash',
        description:
          'The same photos (ids, comments, likes) back in the albums they came from; an album ' +
          'deleted with them comes back too. A photo whose album you may no longer add to comes ' +
          'back in an album of yours instead (elsewhere). One named that is not in your Trash: ' +
          '404 naming it (error.field), nothing restored.',
        body: trashRestoreRequestSchema,
        response: { 200: trashRestoreResultSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => restoreFromTrash(deps, currentUser(request), request.body),
  );

  app.post(
    '/trash/delete',
    {
      schema: {
        tags: ['trash'],
        summary: 'Deletes photos or albums of your Trash for good, or all of it',
        description:
          'Their files go once nothing else uses them; an album goes with its photos in your ' +
          'Trash. One named that is not in your Trash: 404 naming it (error.field), nothing deleted.',
        body: trashDeleteRequestSchema,
        response: { 200: trashDeleteResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => deleteFromTrash(deps, currentUser(request), request.body, request.log),
  );
};
