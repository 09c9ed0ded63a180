import { memoriesQuerySchema, memoriesSchema } from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { listMemories } from './memories.service.js';

export const memoriesRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/memories',
    {
      schema: {
        tags: ['memories'],
        summary: '"On this day": your photos taken around this day in earlier years, by year',
        description:
          'day: your own date today, YYYY-MM-DD. Photos you uploaded, taken within 3 days of that ' +
          "day of the year in an earlier year, read in each photo's own time zone; grouped by " +
          'year, the latest first, at most 50 a year. Never an archived, locked or trashed photo.',
        querystring: memoriesQuerySchema,
        response: { 200: memoriesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMemories(deps, currentUser(request), request.query),
  );
};
