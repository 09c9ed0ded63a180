import {
  albumListQuerySchema,
  albumSchema,
  createAlbumRequestSchema,
  createEmptyAlbumRequestSchema,
  updateAlbumRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { pictureOrigins } from '../../http/picture-origins.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import type { AlbumBin } from './albums.bin.js';
import {
  createAlbum,
  createEmptyAlbum,
  deleteAlbum,
  findAlbum,
  listAlbums,
  updateAlbum,
} from './albums.service.js';

/** With `bin`, deleted albums go to the deleter's Trash with their photos (decision 0080). */
export const albumsRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  bin?: AlbumBin | undefined;
}> = async (app, { deps, bin }) => {
  app.get(
    '/albumsDb',
    {
      schema: {
        tags: ['albums'],
        summary: 'Albums, newest first',
        description:
          'Paged: at most `limit` albums; when there are more, the Link header (rel="next") gives ' +
          "the next page. Only albums the caller may see. mine=true lists only the caller's albums; " +
          'shared=true only those shared with the caller (as a member). Each album gives how many ' +
          'photos it holds (photoCount) and the earliest and latest of their dates ' +
          '(firstPhotoDate, lastPhotoDate: date taken when known, else date added).',
        querystring: albumListQuerySchema,
        response: { 200: z.array(albumSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { limit, mine, shared } = request.query;
      const page = await listAlbums(deps, currentUser(request), request.query);
      return sendPage(request, reply, page, limit, {
        ...(mine === 'true' ? { mine } : {}),
        ...(shared === 'true' ? { shared } : {}),
      });
    },
  );

  app.post(
    '/albumsDb',
    {
      schema: {
        tags: ['albums'],
        summary: 'Creates an album; its cover also becomes its first photo',
        description:
          'coverPhotoUrl is the address of an image you uploaded (/api/files/show/{id}). ' +
          'id, createdBy and dateCreated are filled by the server.',
        body: createAlbumRequestSchema,
        response: { 201: albumSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const album = await createAlbum(
        deps,
        currentUser(request),
        request.body,
        pictureOrigins(request, deps.config),
      );
      return reply.status(201).send(album);
    },
  );

  app.post(
    '/albums',
    {
      schema: {
        tags: ['albums'],
        summary: 'Creates an album with a name and no photo yet',
        description:
          'The album has no cover (coverPhotoUrl is empty) and counts 0 photos until one is ' +
          'added; its first photo then becomes its cover.',
        body: createEmptyAlbumRequestSchema,
        response: { 201: albumSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const album = await createEmptyAlbum(deps, currentUser(request), request.body.name);
      return reply.status(201).send(album);
    },
  );

  app.get(
    '/albums/find',
    {
      schema: {
        tags: ['albums'],
        summary: 'One album',
        querystring: z.object({ id: entityId }),
        response: { 200: albumSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => findAlbum(deps, currentUser(request), request.query.id),
  );

  app.put(
    '/albums',
    {
      schema: {
        tags: ['albums'],
        summary:
          'Renames your album, sets its cover to one of its photos, and/or shows or hides places to the people it is shared with',
        body: updateAlbumRequestSchema,
        response: { 200: albumSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateAlbum(deps, currentUser(request), request.body, pictureOrigins(request, deps.config)),
  );

  app.delete(
    '/albumsDb/:albumId',
    {
      schema: {
        tags: ['albums'],
        summary: 'Deletes your album with its photos and their comments',
        description:
          'With Trash on (TRASH_DAYS > 0), the album and its photos go to your Trash and show ' +
          'nowhere else until restored (POST /api/trash/restore with albumIds) or purged.',
        params: z.object({ albumId: entityId }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteAlbum(deps, currentUser(request), request.params.albumId, request.log, bin);
      return reply.status(204).send(null);
    },
  );
};
