import {
  albumMemberSchema,
  albumSchema,
  albumSharingSchema,
  changeMemberRoleRequestSchema,
  inviteRequestSchema,
  inviteResultSchema,
  pageQuerySchema,
  photoSchema,
  setVisibilityRequestSchema,
  shareLinkSchema,
  shareLinkSettingsRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { requestOrigin } from '../../http/picture-origins.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import { sendZip, zipResponse } from '../downloads/downloads.routes.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { changeMemberRole } from './member-roles.service.js';
import {
  cancelInvitation,
  createLink,
  getSharedAlbum,
  getSharing,
  invite,
  listSharedPhotos,
  removeMember,
  revokeLink,
  setLinkSettings,
  setVisibility,
  sharedAlbumZip,
} from './sharing.service.js';

const albumParams = z.object({ albumId: entityId });
const linkParams = z.object({ token: z.string().min(1).max(100) });
const HIDDEN =
  'An album the caller may not see answers 404 ALBUM_NOT_FOUND, exactly like one that does not exist.';

export const sharingRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/albumsDb/:albumId/sharing',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Who sees your album: its visibility, members, pending invitations and link',
        description: `Owner only (403 NOT_OWNER for others who see the album). ${HIDDEN}`,
        params: albumParams,
        response: { 200: albumSharingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSharing(deps, currentUser(request), request.params.albumId),
  );

  app.put(
    '/albumsDb/:albumId/visibility',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Sets who sees your album: everyone (with an account), invited people, or only you',
        description:
          'everyone: every signed-in user (the default). invited: you, members and holders of the ' +
          'link. owner: you alone (members and the link are kept, and count again once you choose ' +
          `another setting). Owner only. ${HIDDEN}`,
        params: albumParams,
        body: setVisibilityRequestSchema,
        response: { 200: albumSharingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setVisibility(deps, currentUser(request), request.params.albumId, request.body.visibility),
  );

  app.post(
    '/albumsDb/:albumId/members',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Invites someone by e-mail address, as a viewer or a contributor',
        description:
          'An account that has verified this address becomes a member at once; otherwise the ' +
          'invitation stays pending until an account verifies it (an unverified account never ' +
          'gets it). Inviting again changes the role. Your own address: 400 INVALID_INVITATION. ' +
          'At most 200 members and pending invitations together: 409 TOO_MANY_MEMBERS. With ' +
          `SMTP_URL set, the address also gets an e-mail with the album's address. Owner only. ${HIDDEN}`,
        params: albumParams,
        body: inviteRequestSchema,
        response: { 201: inviteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await invite(
        deps,
        currentUser(request),
        request.params.albumId,
        request.body,
        requestOrigin(request),
        request.log,
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/albumsDb/:albumId/members/:userId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Removes a member (owner), or leaves an album shared with you (your own id)',
        description: `The photos the member added stay. Not a member: 404 MEMBER_NOT_FOUND. ${HIDDEN}`,
        params: z.object({ albumId: entityId, userId: entityId }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeMember(deps, currentUser(request), request.params.albumId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/albumsDb/:albumId/members/:userId',
    {
      schema: {
        tags: ['sharing'],
        summary:
          "Changes a member's role: viewer (sees and comments) or contributor (also adds photos)",
        description:
          "The member's next request is decided by the new role; photos they added stay. Not a " +
          `member: 404 MEMBER_NOT_FOUND. Owner only. ${HIDDEN}`,
        params: z.object({ albumId: entityId, userId: entityId }),
        body: changeMemberRoleRequestSchema,
        response: { 200: albumMemberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeMemberRole(
        deps,
        currentUser(request),
        request.params.albumId,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    '/albumsDb/:albumId/invitations/:invitationId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Withdraws a pending invitation',
        description: `Owner only. ${HIDDEN}`,
        params: z.object({ albumId: entityId, invitationId: entityId }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await cancelInvitation(
        deps,
        currentUser(request),
        request.params.albumId,
        request.params.invitationId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Makes the share link of your album (128 random bits); an earlier one stops working',
        description:
          'Whoever holds the link sees the album, its photos and their full-size images without an ' +
          "account, and changes nothing. It works while the album's visibility is everyone or " +
          `invited. Owner only. ${HIDDEN}`,
        params: albumParams,
        response: { 201: shareLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const link = await createLink(deps, currentUser(request), request.params.albumId);
      return reply.status(201).send(link);
    },
  );

  app.put(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary: "What your album's share link offers besides viewing: its originals as one zip",
        description:
          'allowDownload: whoever holds the link may download the album as a zip (GET ' +
          "shared/{token}/download); off for a new album's link. A link made again keeps it. " +
          `No link: 404 LINK_NOT_FOUND. Owner only. ${HIDDEN}`,
        params: albumParams,
        body: shareLinkSettingsRequestSchema,
        response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setLinkSettings(deps, currentUser(request), request.params.albumId, request.body),
  );

  app.delete(
    '/albumsDb/:albumId/link',
    {
      schema: {
        tags: ['sharing'],
        summary: "Stops sharing by link: the album's link answers 404 at once",
        description: `Owner only. No link: no change. ${HIDDEN}`,
        params: albumParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeLink(deps, currentUser(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shared/:token',
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['sharing'],
        summary: 'The album a share link opens (no idToken needed)',
        description: 'An unknown or revoked link: 404 LINK_NOT_FOUND.',
        security: [],
        params: linkParams,
        response: { 200: albumSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return getSharedAlbum(deps, request.params.token);
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
          'Paged like albumsDb/{albumId}/photos. Picture URLs are signed and expire within an hour. ' +
          'An unknown or revoked link: 404 LINK_NOT_FOUND.',
        security: [],
        params: linkParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(photoSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const page = await listSharedPhotos(deps, request.params.token, request.query);
      return sendPage(request, reply, page, request.query.limit);
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
          'Only when the owner lets the link offer it (allowDownload), else 403 NOT_OWNER. The ' +
          'zip is as GET downloads/{ticket} makes it, named after the album. An unknown or ' +
          'revoked link: 404 LINK_NOT_FOUND.',
        security: [],
        params: linkParams,
        response: { 200: zipResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      sendZip(reply, await sharedAlbumZip(deps, request.params.token, request.log)),
  );
};
