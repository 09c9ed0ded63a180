import {
  addPhotoRequestSchema,
  BULK_IDS_MAX,
  bulkAddRequestSchema,
  bulkDeleteRequestSchema,
  bulkResultSchema,
  pageQuerySchema,
  photoSchema,
  rotatePhotoRequestSchema,
  savePhotoRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import type { PhotoBin } from './photos.bin.js';
import {
  addPhoto,
  bulkAddPhotos,
  bulkDeletePhotos,
  deletePhoto,
  getPhoto,
  listAlbumPhotos,
  rotatePhoto,
  savePhoto,
} from './photos.service.js';

const albumParams = z.object({ albumId: entityId });
const photoParams = z.object({ photoId: entityId });

/**
 * The photos of albums, one by one and many at once. Registered in this order, the order of the
 * OpenAPI document.
 */
/** With `bin`, deleted photos go to the deleter's Trash (decision 0080). */
type PhotosRoutesPlugin = FastifyPluginAsyncZod<{ deps: AppDeps; bin?: PhotoBin | undefined }>;

export const photosRoutes: PhotosRoutesPlugin = async (app, options) => {
  await albumPhotoRoutes(app, options);
  await photoRoutes(app, options);
  await manyPhotoRoutes(app, options);
};

/** An album's photos: listed, and added from uploaded files. */
const albumPhotoRoutes: RoutesPlugin = async (app, { deps }) => {
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
        summary:
          'Adds an image or video you uploaded to an album you own or contribute to; the two halves of a Live Photo become one photo',
        description:
          'Answers 201 with the new photo. An iPhone Live Photo is a picture (HEIC or JPEG) and a ' +
          "movie (MOV) sharing Apple's content identifier, uploaded as two files: once the album " +
          'shows both (added by the same person, in either order), they are one photo of kind ' +
          'livePhoto, the picture, whose motion plays from its address with size=video. Adding the ' +
          "picture when the album shows its movie answers 201 with the picture's photo, and the " +
          "movie's photo leaves the album; adding the movie when the album shows its picture " +
          'answers 200 with that photo, now a Live Photo, and no photo is created. The same bytes ' +
          'twice: 409 DUPLICATE_PHOTO.',
        params: albumParams,
        body: addPhotoRequestSchema,
        response: {
          200: photoSchema,
          201: photoSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const added = await addPhoto(
        deps,
        currentUser(request),
        request.params.albumId,
        request.body.fileId,
        request.log,
      );
      return reply.status(added.created ? 201 : 200).send(added.photo);
    },
  );
};

/** One photo: read, turned, deleted. */
const photoRoutes: PhotosRoutesPlugin = async (app, { deps, bin }) => {
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
          'With Trash on (TRASH_DAYS > 0), the photo goes to your Trash with its comments and likes, ' +
          'and shows nowhere else until restored (POST /api/trash/restore) or purged. ' +
          "When the photo is the album's cover, the album's first other photo becomes the cover; " +
          'the last photo of an album cannot be deleted (409 CONFLICT): delete the album instead.',
        params: photoParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePhoto(deps, currentUser(request), request.params.photoId, request.log, bin);
      return reply.status(204).send(null);
    },
  );
};

/** Many photos at once (deleted, added or moved), and a photo saved to one of your albums. */
const manyPhotoRoutes: PhotosRoutesPlugin = async (app, { deps, bin }) => {
  app.post(
    '/photos/bulk-delete',
    {
      schema: {
        tags: ['photos'],
        summary: 'Deletes many photos at once, all or none',
        description:
          `At most ${BULK_IDS_MAX} ids (400); an id named twice counts once. The same rules as ` +
          'deleting one photo: a photo you may not delete refuses the whole request, naming it ' +
          '(403 NOT_OWNER, or 404 PHOTO_NOT_FOUND for one you may not see; error.field is its place ' +
          'in photoIds), and nothing changes. An album whose cover goes takes its first photo that ' +
          'stays; an album that would keep no photo: 409 CONFLICT.',
        body: bulkDeleteRequestSchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      bulkDeletePhotos(deps, currentUser(request), request.body.photoIds, request.log, bin),
  );

  app.post(
    '/photos/bulk-add',
    {
      schema: {
        tags: ['photos'],
        summary: 'Adds many photos to an album (or moves them there), all or none',
        description:
          'The album must be yours or one you contribute to (403 NOT_OWNER; 404 ALBUM_NOT_FOUND when ' +
          'you may not see it); each photo one you may see (404 PHOTO_NOT_FOUND, naming it). The ' +
          'album gets a photo of the same stored file, added by you, with the same date (no bytes ' +
          'are copied); a file it already shows is skipped and not counted. move: the photos also ' +
          'leave their albums (only photos you may delete, else 403 NOT_OWNER), keeping their ' +
          'comments and likes; an album that would keep no photo: 409 CONFLICT. The picture and the ' +
          'movie of a Live Photo (of one owner) the album then shows both of become one photo, the ' +
          "picture's, and the movie's photo leaves the album. Answers how many photos the album " +
          `gained. At most ${BULK_IDS_MAX} ids.`,
        body: bulkAddRequestSchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bulkAddPhotos(deps, currentUser(request), request.body, request.log),
  );
  app.post(
    '/photos/:photoId/save',
    {
      schema: {
        tags: ['photos'],
        summary: 'Saves a photo you see to an album of yours ("Save to my library")',
        description:
          'The photo must be one you may see (404 PHOTO_NOT_FOUND); the album yours or one you ' +
          'contribute to (403 NOT_OWNER; 404 ALBUM_NOT_FOUND when you may not see it). The album ' +
          'gets a new photo of the same stored file (no bytes are copied; a Live Photo keeps its ' +
          'motion), added by you, with the same date and its own comments and likes: it stays ' +
          'when the photo it came from is deleted or you leave its album. 201 with the new photo; ' +
          '200 with the photo the album already has when it shows that file.',
        params: photoParams,
        body: savePhotoRequestSchema,
        response: { 200: photoSchema, 201: photoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const saved = await savePhoto(
        deps,
        currentUser(request),
        request.params.photoId,
        request.body.albumId,
        request.log,
      );
      return reply.status(saved.created ? 201 : 200).send(saved.photo);
    },
  );
};
