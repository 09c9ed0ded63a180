import { adminUserSchema, pageQuerySchema, passwordLinkSchema } from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { requestOrigin } from '../../http/picture-origins.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { listUsers, makePasswordLink, markAddressVerified } from './admin.service.js';

const userParams = z.object({ userId: entityId });

/** The server's administration: its first account looks after the others. */
export const adminRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account on the server, newest first (administrator only)',
        description:
          'Paged: at most `limit` accounts; when there are more, the Link header (rel="next") ' +
          'gives the next page. 403 for anyone but the administrator.',
        querystring: pageQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listUsers(deps, currentUser(request), request.query);
      return sendPage(request, reply, page, request.query.limit);
    },
  );

  app.post(
    '/admin/users/:userId/verify-email',
    {
      schema: {
        tags: ['admin'],
        summary: "Confirms the account's e-mail address (administrator only)",
        description:
          'What the verification link would do: the address counts as verified, and the ' +
          'invitations waiting for it become memberships. Embedded identity service only: 409 ' +
          'with a hosted provider.',
        params: userParams,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => markAddressVerified(deps, currentUser(request), request.params.userId),
  );

  app.post(
    '/admin/users/:userId/password-link',
    {
      schema: {
        tags: ['admin'],
        summary: 'Makes a one-time link to choose a new password (administrator only)',
        description:
          'The link the password-reset e-mail would carry, answered for the administrator to pass ' +
          'on: it works once, for an hour. Embedded identity service only: 409 with a hosted ' +
          'provider.',
        params: userParams,
        response: { 201: passwordLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const link = await makePasswordLink(
        deps,
        currentUser(request),
        request.params.userId,
        requestOrigin(request),
      );
      return reply.status(201).send(link);
    },
  );
};
