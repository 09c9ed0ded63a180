import {
  adminDeleteUserRequestSchema,
  adminUserSchema,
  pageQuerySchema,
  passwordLinkSchema,
  retriedJobsSchema,
  serverStatsSchema,
  setQuotaRequestSchema,
} from '@photo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/current-user.js';
import { sendPage } from '../../http/next-page-link.js';
import { requestOrigin } from '../../http/picture-origins.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import {
  deleteAccountOf,
  listUsers,
  makePasswordLink,
  markAddressVerified,
  retryFailedJobs,
  serverStats,
  setAccountDisabled,
  setStorageQuota,
  type AccountWatch,
} from './admin.service.js';

const userParams = z.object({ userId: entityId });

type AdminRoutes = FastifyPluginAsyncZod<{ deps: AppDeps; watch: AccountWatch }>;

/**
 * The server's administration: its administrators (its first account, and those of ADMIN_EMAILS)
 * look after the others. 403 NOT_ADMIN for anyone else, on every route.
 */
export const adminRoutes: AdminRoutes = async (app, options) => {
  await accountRoutes(app, options);
  await accountChangeRoutes(app, options);
  await serverRoutes(app, options);
};

/** The server's accounts, and what the sign-in e-mails would do for one. */
const accountRoutes: AdminRoutes = async (app, { deps }) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account on the server, newest first (administrators only)',
        description:
          'With the last sign-in, storage used and quota, photo count and whether it is disabled. ' +
          'Paged: at most `limit` accounts; when there are more, the Link header (rel="next") ' +
          'gives the next page. 403 for anyone but an administrator.',
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
        summary: 'Makes a one-time link to choose a new password (administrators only)',
        description:
          'The link the password-reset e-mail would carry: e-mailed to the account when the server ' +
          'sends e-mail (SMTP_URL), else answered for the administrator to pass on. It works once, ' +
          'for an hour. Embedded identity service only: 409 with a hosted provider.',
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
        request.log,
      );
      return reply.status(201).send(link);
    },
  );
};

/** An account disabled or enabled, given a quota, deleted. */
const accountChangeRoutes: AdminRoutes = async (app, { deps, watch }) => {
  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/admin/users/:userId/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: disabled
            ? 'Disables the account (administrators only)'
            : 'Enables a disabled account again (administrators only)',
          description: disabled
            ? 'It can no longer sign in (USER_DISABLED), its refresh tokens stop at once, and its ' +
              'ID tokens are answered 401 ACCOUNT_DISABLED by every instance within ' +
              "DISABLED_ACCOUNTS_CHECK_SECONDS. 409 for the caller's own account."
            : 'It may sign in again (its earlier sign-ins stay ended).',
          params: userParams,
          response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        setAccountDisabled(deps, currentUser(request), request.params.userId, disabled, watch),
    );
  }

  app.put(
    '/admin/users/:userId/quota',
    {
      schema: {
        tags: ['admin'],
        summary: "Sets the account's storage quota (administrators only)",
        description:
          'Bytes, a whole number of 0 or more; null: unlimited. Uploads that would pass it are ' +
          'answered 413 QUOTA_EXCEEDED; what is stored stays.',
        params: userParams,
        body: setQuotaRequestSchema,
        response: { 200: adminUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setStorageQuota(deps, currentUser(request), request.params.userId, request.body.quotaBytes),
  );

  app.delete(
    '/admin/users/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes the account with all it owns (administrators only)',
        description:
          'As its owner deleting it would: albums, photos, files and their bytes, comments, likes, ' +
          "memberships, and its sign-in account. confirmEmail is the account's address, typed " +
          "again (400 otherwise). 409 for the caller's own account.",
        params: userParams,
        body: adminDeleteUserRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteAccountOf(
        deps,
        currentUser(request),
        request.params.userId,
        request.body.confirmEmail,
        watch,
        request.log,
      );
      return reply.status(204).send(null);
    },
  );
};

/** The server's figures, and its failed background jobs tried again. */
const serverRoutes: AdminRoutes = async (app, { deps }) => {
  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: "The server's figures (administrators only)",
        description:
          'Accounts, photos, files and the bytes they take in the store, and the background jobs ' +
          'waiting, running and failed for good.',
        response: { 200: serverStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => serverStats(deps, currentUser(request)),
  );

  app.post(
    '/admin/jobs/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Tries again the background jobs that failed for good (administrators only)',
        response: { 200: retriedJobsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => retryFailedJobs(deps, currentUser(request)),
  );
};
