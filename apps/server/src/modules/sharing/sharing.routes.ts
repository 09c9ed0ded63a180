import {
  albumMemberSchema,
  albumSharingSchema,
  changeMemberRoleRequestSchema,
  inviteRequestSchema,
  inviteResultSchema,
  setVisibilityRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { requestOrigin } from '../../http/picture-origins.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { linkVisitorRoutes } from './link-visitors.routes.js';
import { changeMemberRole } from './member-roles.service.js';
import { newestLinkRoutes, shareLinkRoutes } from './share-links.routes.js';
import { albumParams, HIDDEN } from './sharing.route-schemas.js';
import {
  cancelInvitation,
  getSharing,
  invite,
  removeMember,
  setVisibility,
} from './sharing.service.js';

/**
 * Who sees an album and how: its visibility, members and invitations, its share links (and the
 * earlier routes of its newest link), and what a link's holder sees and adds. Registered in this
 * order, the order of the OpenAPI document.
 */
export const sharingRoutes: RoutesPlugin = async (app, options) => {
  await albumSharingRoutes(app, options);
  await memberRoutes(app, options);
  await invitationRoutes(app, options);
  await shareLinkRoutes(app, options);
  await newestLinkRoutes(app, options);
  await linkVisitorRoutes(app, options);
};

/** An album's sharing at a glance, and its visibility. */
export const albumSharingRoutes: RoutesPlugin = async (app, { deps }) => {
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
};

/** An album's members: invited, removed (or leaving), given another role. */
export const memberRoutes: RoutesPlugin = async (app, { deps }) => {
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
};

/** An album's pending invitations. */
export const invitationRoutes: RoutesPlugin = async (app, { deps }) => {
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
};
