import {
  mapClustersQuerySchema,
  mapClustersSchema,
  mapPhotosQuerySchema,
  timelinePageSchema,
} from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { mapClusters, mapPhotos } from './places.service.js';

const OWN =
  'Only photos you uploaded that carry a location, in albums you still see: never a locked or ' +
  'trashed one. Your archived photos are left out unless archived=true (decision 0105).';

export const placesRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/map/clusters',
    {
      schema: {
        tags: ['places'],
        summary: 'Your located photos in a box at a zoom level, as clusters and single photos',
        description:
          'west, south, east, north: the box in degrees (west ≤ east, south ≤ north; a view across ' +
          'the 180th meridian asks twice); zoom: 0 to 20, the Web Mercator zoom. Clusters split ' +
          `as the zoom grows; from zoom 16 on, each place is its own point. ${OWN}`,
        querystring: mapClustersQuerySchema,
        response: { 200: mapClustersSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => mapClusters(deps, currentUser(request), request.query),
  );

  app.get(
    '/map/photos',
    {
      schema: {
        tags: ['places'],
        summary: 'Your located photos in a box (a cluster), newest first, a page at a time',
        description: `A cluster's photos: ask with its box. Paged as the timeline. ${OWN}`,
        querystring: mapPhotosQuerySchema,
        response: { 200: timelinePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => mapPhotos(deps, currentUser(request), request.query),
  );
};
