import multipart from '@fastify/multipart';
import {
  GUEST_NAME_FIELD,
  GUEST_NAME_MAX,
  LINK_KEY_HEADER,
  LINKS_PER_ALBUM_MAX,
  createShareLinkRequestSchema,
  unlockLinkRequestSchema,
  unlockLinkResultSchema,
  updateShareLinkRequestSchema,
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
import { addGuestUpload } from './guest-uploads.service.js';
import {
  createShareLink,
  getSharedAlbum,
  listLinks,
  listSharedPhotos,
  replaceNewestLink,
  setNewestLinkDownload,
  sharedAlbumZip,
  stopAllLinks,
  stopShareLink,
  UNLOCK_ATTEMPTS_MAX,
  unlockLink,
  updateShareLink,
} from './share-links.service.js';
import {
  cancelInvitation,
  getSharing,
  invite,
  removeMember,
  setVisibility,
} from './sharing.service.js';

const albumParams = z.object({ albumId: entityId });
const linkParams = z.object({ token: z.string().min(1).max(100) });
const linkIdParams = z.object({ albumId: entityId, linkId: entityId });
const linkKeyHeaders = z.object({ [LINK_KEY_HEADER]: z.string().max(200).optional() });

function linkKeyOf(request: { headers: Record<string, unknown> }): string | undefined {
  const key = request.headers[LINK_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}
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
        response: { 200: zipResponse, ...errorResponses(400, 401, 403, 404) },
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
