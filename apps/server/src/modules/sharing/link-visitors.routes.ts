import multipart from '@fastify/multipart';
import {
  GUEST_NAME_FIELD,
  GUEST_NAME_MAX,
  LINK_KEY_HEADER,
  albumSchema,
  pageQuerySchema,
  photoSchema,
  unlockLinkRequestSchema,
  unlockLinkResultSchema,
} from '@photo/contract';
import { z } from 'zod';
import { sendPage } from '../../http/next-page-link.js';
import { errorResponses } from '../../http/route-schemas.js';
import { sendZip, zipResponse } from '../downloads/downloads.routes.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { addGuestUpload } from './guest-uploads.service.js';
import {
  getSharedAlbum,
  getSharedPhoto,
  listSharedPhotos,
  sharedAlbumZip,
  UNLOCK_ATTEMPTS_MAX,
  unlockLink,
} from './share-links.service.js';
import { linkKeyHeaders, linkKeyOf, linkParams, linkPhotoParams } from './sharing.route-schemas.js';

/** What a share link's holder sees, unlocks, downloads and (as a guest) adds: no account. */
export const linkVisitorRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/shared/:token',
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: 'The album a share link opens (no idToken needed)',
        description:
          'allowDownload and linkPermission say what the link offers. A stopped, expired or ' +
          'unknown link: 404 LINK_NOT_FOUND. A link with a password, without a valid key in ' +
          `${LINK_KEY_HEADER}: 401 LINK_PASSWORD_REQUIRED (nothing of the album shown).`,
        security: [],
        params: linkParams,
        headers: linkKeyHeaders,
        response: { 200: albumSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return getSharedAlbum(deps, request.params.token, linkKeyOf(request));
    },
  );

  app.post(
    '/shared/:token/unlock',
    {
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: "Gives a protected share link's password; answers the key to send with it",
        description:
          `Send the key in ${LINK_KEY_HEADER} with shared/{token}, its photos, its download and ` +
          'guest uploads. It expires within the hour (and with the link), and stops working when ' +
          'the owner changes the password. Wrong password: 401 WRONG_LINK_PASSWORD. Attempts are ' +
          `counted per client address and link: after ${UNLOCK_ATTEMPTS_MAX} in 15 minutes, 429 ` +
          'with Retry-After (others are not slowed). A stopped, expired or unknown link: 404 ' +
          'LINK_NOT_FOUND.',
        security: [],
        params: linkParams,
        body: unlockLinkRequestSchema,
        response: { 200: unlockLinkResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return unlockLink(deps, request.params.token, request.body.password, request.ip);
    },
  );

  app.get(
    '/shared/:token/photos',
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: "The photos of the album a share link opens, in the album's order",
        description:
          'Paged like albumsDb/{albumId}/photos. Picture URLs are signed for this link: they ' +
          'expire within an hour (and with the link), and stop loading when the link is stopped. ' +
          'A stopped, expired or unknown link: 404 LINK_NOT_FOUND; a protected one without a ' +
          `valid ${LINK_KEY_HEADER}: 401 LINK_PASSWORD_REQUIRED.`,
        security: [],
        params: linkParams,
        headers: linkKeyHeaders,
        querystring: pageQuerySchema,
        response: { 200: z.array(photoSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const page = await listSharedPhotos(
        deps,
        request.params.token,
        linkKeyOf(request),
        request.query,
      );
      return sendPage(request, reply, page, request.query.limit);
    },
  );

  app.get(
    '/shared/:token/photos/:photoId',
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: 'One photo of the album a share link opens, with its details',
        description:
          "As photos/{photoId} answers it, its details naming only the link's album. A photo " +
          'of another album, or none: 404 PHOTO_NOT_FOUND. A stopped, expired or unknown link: ' +
          `404 LINK_NOT_FOUND; a protected one without a valid ${LINK_KEY_HEADER}: 401 ` +
          'LINK_PASSWORD_REQUIRED.',
        security: [],
        params: linkPhotoParams,
        headers: linkKeyHeaders,
        response: { 200: photoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const { token, photoId } = request.params;
      return getSharedPhoto(deps, token, linkKeyOf(request), photoId);
    },
  );

  app.get(
    '/shared/:token/download',
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      // The photos are compressed already, and stored as they are.
      compress: false,
      schema: {
        tags: ['sharing'],
        summary: 'The album a share link opens, as one zip of its originals (no idToken needed)',
        description:
          'Only for download and addPhotos links, else 403 NOT_OWNER. The zip is as GET ' +
          'downloads/{ticket} makes it, named after the album. A stopped, expired or unknown ' +
          `link: 404 LINK_NOT_FOUND; a protected one without a valid ${LINK_KEY_HEADER}: 401.`,
        security: [],
        params: linkParams,
        headers: linkKeyHeaders,
        response: { 200: zipResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        await sharedAlbumZip(deps, request.params.token, linkKeyOf(request), request.log),
      ),
  );

  await app.register(guestUploadRoutes, { deps });
};

/** POST shared/{token}/photos, with its own multipart parser. */
const guestUploadRoutes: RoutesPlugin = async (app, { deps }) => {
  await app.register(multipart);
  app.post(
    '/shared/:token/photos',
    {
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: 'A guest adds a photo or video to the album an addPhotos link opens (no account)',
        description:
          `multipart/form-data: a field "${GUEST_NAME_FIELD}" (the guest's name, 1 to ` +
          `${GUEST_NAME_MAX} characters, shown as the photo's creator; else 400) and the file in ` +
          '"file", checked and stored as files/upload does, as the album owner\'s. Answers the ' +
          "photo (addedByGuest). A view or download link: 403 NOT_OWNER. The link's photo or byte " +
          'limit reached: 413 GUEST_LIMIT_REACHED, nothing stored. Too many uploads from one ' +
          'client address through the link (GUEST_UPLOADS_PER_MINUTE): 429 with Retry-After. The ' +
          `same bytes twice: 409 DUPLICATE_PHOTO. A protected link needs ${LINK_KEY_HEADER}.`,
        security: [],
        consumes: ['multipart/form-data'],
        params: linkParams,
        headers: linkKeyHeaders,
        response: {
          201: photoSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const photo = await addGuestUpload(deps, request, request.params.token, linkKeyOf(request));
      return reply.status(201).send(photo);
    },
  );
};
