import {
  addPhotoRequestSchema,
  pageQuerySchema,
  photoSchema,
  rotatePhotoRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { addPhoto, deletePhoto, getPhoto, listAlbumPhotos, rotatePhoto } from './photos.service.js';

const albumParams = z.object({ albumId: entityId });
const photoParams = z.object({ photoId: entityId });

export const photosRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/albumsDb/:albumId/photos',
    {
      schema: {
        tags: ['photos'],
        summary: "An album's photos, by date taken (upload time when unknown), oldest first",
        description:
          'Paged: at most `limit` photos; when there are more, the Link header (rel="next") gives the next page.',
        params: albumParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(photoSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { albumId } = request.params;
      const { limit } = request.query;
      const page = await listAlbumPhotos(deps, currentUser(request), albumId, request.query);
      return sendPage(request, reply, page, limit);
    },
  );

  app.post(
    '/albumsDb/:albumId/photos',
    {
      schema: {
        tags: ['photos'],
        summary: 'Adds an image you uploaded to an album you own or contribute to',
        params: albumParams,
        body: addPhotoRequestSchema,
        response: { 201: photoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const photo = await addPhoto(
        deps,
        currentUser(request),
        request.params.albumId,
        request.body.fileId,
      );
      return reply.status(201).send(photo);
    },
  );

  app.get(
    '/photos/:photoId',
    {
      schema: {
        tags: ['photos'],
        summary: 'One photo',
        params: photoParams,
        response: { 200: photoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPhoto(deps, currentUser(request), request.params.photoId),
  );

  app.put(
    '/photos/:photoId/rotation',
    {
      schema: {
        tags: ['photos'],
        summary: 'Turns a photo you added a quarter turn left or right',
        description:
          'Kept as an edit: the original stays as uploaded, every derived size (thumbnail, preview, ' +
          'card crops) is made again turned, and the picture URL changes (its edit version, v). ' +
          'Only the person who added the photo (403 NOT_OWNER).',
        params: photoParams,
        body: rotatePhotoRequestSchema,
        response: { 200: photoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      rotatePhoto(
        deps,
        currentUser(request),
        request.params.photoId,
        request.body.direction,
        request.log,
      ),
  );

  app.delete(
    '/photos/:photoId',
    {
      schema: {
        tags: ['photos'],
        summary: 'Deletes a photo, with its comments: any photo of your album, or one you added',
        description:
          "When the photo is the album's cover, the album's first other photo becomes the cover; " +
          'the last photo of an album cannot be deleted (409 CONFLICT): delete the album instead.',
        params: photoParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePhoto(deps, currentUser(request), request.params.photoId, request.log);
      return reply.status(204).send(null);
    },
  );
};
