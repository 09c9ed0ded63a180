import {
  LINKS_PER_ALBUM_MAX,
  createShareLinkRequestSchema,
  shareLinkSchema,
  shareLinkSettingsRequestSchema,
  updateShareLinkRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  createShareLink,
  listLinks,
  replaceNewestLink,
  setNewestLinkDownload,
  stopAllLinks,
  stopShareLink,
  updateShareLink,
} from './share-links.service.js';
import { albumParams, HIDDEN, linkIdParams } from './sharing.route-schemas.js';

/** An album's share links, as its owner makes, changes and stops them. */
export const shareLinkRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/albumsDb/:albumId/links',
    {
      schema: {
        tags: ['sharing'],
        summary: "Your album's share links, newest first",
        description: `Owner only (403 NOT_OWNER for others who see the album). ${HIDDEN}`,
        params: albumParams,
        response: { 200: z.array(shareLinkSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLinks(deps, currentUser(request), request.params.albumId),
  );

  app.post(
    '/albumsDb/:albumId/links',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Makes a share link of your album (128 random bits), with what it lets its holder do',
        description:
          'permission: view (the album, its photos and full-size images); download (also the ' +
          'originals, one by one and as a zip); addPhotos (also adding photos and videos without ' +
          "an account, under guestLimits or the server's defaults). expiresAt: in the future; " +
          'after it the link answers 404. password: visitors give it first (POST ' +
          "shared/{token}/unlock); it is never shown again. Links work while the album's " +
          `visibility is everyone or invited. At most ${LINKS_PER_ALBUM_MAX} links per album ` +
          `(409 CONFLICT). Owner only. ${HIDDEN}`,
        params: albumParams,
        body: createShareLinkRequestSchema,
        response: { 201: shareLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const link = await createShareLink(
        deps,
        currentUser(request),
        request.params.albumId,
        request.body,
      );
      return reply.status(201).send(link);
    },
  );

  app.patch(
    '/albumsDb/:albumId/links/:linkId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Changes a share link: label, permission, expiry, password or guest limits',
        description:
          'Only what the body names changes. password null removes it; a new password makes ' +
          'every key given for the old one stop working. expiresAt null: never expires. An ' +
          `unknown link: 404 LINK_NOT_FOUND. Owner only. ${HIDDEN}`,
        params: linkIdParams,
        body: updateShareLinkRequestSchema,
        response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateShareLink(
        deps,
        currentUser(request),
        request.params.albumId,
        request.params.linkId,
        request.body,
      ),
  );

  app.delete(
    '/albumsDb/:albumId/links/:linkId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Stops one share link at once: it and its picture URLs answer 404',
        description:
          "The album's other links keep working. Photos guests added through it stay. An unknown " +
          `link: 404 LINK_NOT_FOUND. Owner only. ${HIDDEN}`,
        params: linkIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await stopShareLink(
        deps,
        currentUser(request),
        request.params.albumId,
        request.params.linkId,
      );
      return reply.status(204).send(null);
    },
  );
};

/** The earlier routes (albumsDb/{albumId}/link), for clients made when an album had one link. */
export const newestLinkRoutes: RoutesPlugin = async (app, { deps }) => {
  app.post(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary:
          "Replaces your album's newest share link with a new one (earlier clients; see albumsDb/{albumId}/links)",
        description:
          'The newest link stops working and a new one (a new token) offers what it offered; an ' +
          "album without links gets a view link. The album's other links stay. Whoever holds a " +
          'view link sees the album, its photos and their full-size images without an account, ' +
          "and changes nothing. Links work while the album's visibility is everyone or invited. " +
          `Owner only. ${HIDDEN}`,
        params: albumParams,
        response: { 201: shareLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const link = await replaceNewestLink(deps, currentUser(request), request.params.albumId);
      return reply.status(201).send(link);
    },
  );

  app.put(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary:
          "Whether your album's newest share link offers its originals (earlier clients; see PATCH albumsDb/{albumId}/links/{linkId})",
        description:
          'allowDownload true: a view link becomes a download link (the originals one by one, ' +
          'and as a zip at shared/{token}/download); false: the link becomes a view link. ' +
          `No link: 404 LINK_NOT_FOUND. Owner only. ${HIDDEN}`,
        params: albumParams,
        body: shareLinkSettingsRequestSchema,
        response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setNewestLinkDownload(deps, currentUser(request), request.params.albumId, request.body),
  );

  app.delete(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Stops sharing by link: every link of the album answers 404 at once',
        description: `Owner only. No link: no change. ${HIDDEN}`,
        params: albumParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await stopAllLinks(deps, currentUser(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );
};
