import { bulkResultSchema, markPhotosRequestSchema } from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { addFavourites, archivePhotos, removeFavourites, restorePhotos } from './marks.service.js';

const PRIVATE =
  'Your own mark, keyed on the stored file (a picture shown in two albums is marked once); ' +
  'nobody else learns of it. All or none: a photo you may not see answers 404 naming it.';

/** A bulk mark or unmark: the photos named, and how many files changed. */
const markChange = (summary: string, description: string, refusals: 403[] = []) => ({
  tags: ['marks'],
  summary,
  description: `${description} ${PRIVATE}`,
  body: markPhotosRequestSchema,
  response: { 200: bulkResultSchema, ...errorResponses(400, 401, ...refusals, 404) },
});

export const marksRoutes: RoutesPlugin = async (app, { deps }) => {
  app.post(
    '/favourites',
    { schema: markChange('The photos become your favourites', 'Idempotent.') },
    async (request) => addFavourites(deps, currentUser(request), request.body),
  );

  app.post(
    '/favourites/remove',
    { schema: markChange('The photos leave your favourites', 'Idempotent.') },
    async (request) => removeFavourites(deps, currentUser(request), request.body),
  );

  app.post(
    '/archive',
    {
      schema: markChange(
        'Your photos go to your Archive',
        'Hidden from your Photos, search and album covers; still in their albums, and seen by ' +
          'others as before. Only photos you uploaded (403 NOT_OWNER names another).',
        [403],
      ),
    },
    async (request) => archivePhotos(deps, currentUser(request), request.body),
  );

  app.post(
    '/archive/restore',
    {
      schema: markChange(
        'Your photos come back from your Archive',
        'Idempotent. Only photos you uploaded (403 NOT_OWNER names another).',
        [403],
      ),
    },
    async (request) => restorePhotos(deps, currentUser(request), request.body),
  );
};
