import {
  archiveQuerySchema,
  personPhotosQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  timelineMonthsQuerySchema,
  timelineMonthsSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { z } from 'zod';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  listArchive,
  listPersonPhotos,
  listTimeline,
  listTimelineMonths,
  search,
} from './timeline.service.js';

const VISIBLE =
  'Only photos of albums the caller may see: albums seen by everyone, their own, and albums seen ' +
  'by members that they are a member of. A file in several of those albums shows once. Your ' +
  'archived photos are left out (see /archive); favourites=true keeps to your favourites.';

export const timelineRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/people/:personId/photos',
    {
      schema: {
        tags: ['people'],
        summary: "The photos showing one of your people, newest first, as Photos' grid",
        description:
          'Of your photos in your Photos (Trash, the locked place and your Archive left out). 404 PERSON_NOT_FOUND for a person not yours.',
        params: z.object({ personId: entityId }),
        querystring: personPhotosQuerySchema,
        response: { 200: timelinePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listPersonPhotos(deps, currentUser(request), request.params.personId, request.query),
  );

  app.get(
    '/timeline/months',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Each month holding photos you may see, with how many, newest month first',
        description: `Months are YYYY-MM of the photo's date (date taken when known, else date added; UTC). ${VISIBLE}`,
        querystring: timelineMonthsQuerySchema,
        response: { 200: timelineMonthsSchema, ...errorResponses(401) },
      },
    },
    async (request) => listTimelineMonths(deps, currentUser(request), request.query),
  );

  app.get(
    '/timeline',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Every photo you may see, newest first, a page at a time',
        description:
          "Ordered by the photo's date (date taken when known, else date added), then id. " +
          'Paged: at most `limit` photos; pass `nextCursor` as `cursor` for the next page. ' +
          `month=YYYY-MM keeps the page inside that month. ${VISIBLE}`,
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listTimeline(deps, currentUser(request), request.query),
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['timeline'],
        summary: 'Albums by name, and photos by file name, date, camera and who added them',
        description:
          'q: text an album name or a photo file name holds (case-insensitive); from, to: first ' +
          'and last day (YYYY-MM-DD, UTC, inclusive) of the photo date; camera: text the camera ' +
          'make or model holds; addedBy: the user id of who added the photo. Every given ' +
          'criterion must hold, and at least one must be given (400 otherwise). Albums (at most ' +
          `20, newest first) only on the first page, when q is given. ${VISIBLE}`,
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => search(deps, currentUser(request), request.query),
  );

  app.get(
    '/archive',
    {
      schema: {
        tags: ['marks'],
        summary: 'Your Archive: the photos you archived, newest first, a page at a time',
        description:
          "Photos you uploaded and archived (POST /archive), in the timeline's order and pages, " +
          'one tile per file, from the albums you may see. Only you see your Archive.',
        querystring: archiveQuerySchema,
        response: { 200: timelinePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listArchive(deps, currentUser(request), request.query),
  );
};
