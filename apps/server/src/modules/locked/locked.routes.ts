import {
  LOCKED_SESSION_HEADER,
  lockedDeleteResultSchema,
  lockedPageSchema,
  lockedPhotosRequestSchema,
  lockedQuerySchema,
  lockedRestoreResultSchema,
  lockedSessionSchema,
  lockPhotosRequestSchema,
  lockPhotosResultSchema,
} from '@photo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { lockPhotos } from './locked.lock.js';
import { deleteFromLocked, listLocked, moveOutOfLocked } from './locked.service.js';
import { endLockedSession, openLockedSession, requireLockedSession } from './locked.sessions.js';

const sessionHeader = (request: FastifyRequest): string | undefined => {
  const value = request.headers[LOCKED_SESSION_HEADER.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const SESSION_NOTE = `Needs an open session (POST /api/locked/session) in ${LOCKED_SESSION_HEADER}; each call keeps it open for another idle period. Without one: 403 LOCKED_SESSION_REQUIRED.`;

/** The caller's locked place (decision 0084): moved into, opened, listed, moved out of, deleted. */
export const lockedRoutes: RoutesPlugin = async (app, { deps }) => {
  app.post(
    '/locked/photos',
    {
      schema: {
        tags: ['locked'],
        summary: 'Moves photos of your own uploads to your locked place',
        description:
          'Every photo showing their files leaves view (copies others saved included): albums, ' +
          'timeline, search, share links, covers, feeds and counts. A photo not of your uploads: ' +
          '403 naming it; an album left without a cover: 409. Needs no session.',
        body: lockPhotosRequestSchema,
        response: { 200: lockPhotosResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => lockPhotos(deps, currentUser(request), request.body),
  );

  app.post(
    '/locked/session',
    {
      schema: {
        tags: ['locked'],
        summary: 'Opens the locked place with a fresh sign-in',
        description:
          "The ID token's auth_time must be at most 2 minutes old (sign in again with the " +
          'password, a passkey or the second factor), else 403 RECENT_SIGN_IN_REQUIRED. The ' +
          'session ends after 5 idle minutes, or with DELETE.',
        response: { 200: lockedSessionSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => openLockedSession(deps, currentUser(request)),
  );

  app.delete(
    '/locked/session',
    {
      schema: {
        tags: ['locked'],
        summary: `Ends the locked-place session named in ${LOCKED_SESSION_HEADER}`,
        description: 'Its picture addresses stop loading. Answers 204 even when it had ended.',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endLockedSession(deps, currentUser(request), sessionHeader(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/locked',
    {
      schema: {
        tags: ['locked'],
        summary: 'Your locked place, newest first',
        description: `One photo per file, with picture addresses bound to the session. ${SESSION_NOTE}`,
        querystring: lockedQuerySchema,
        response: { 200: lockedPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const session = await requireLockedSession(deps, caller, sessionHeader(request));
      return listLocked(deps, caller, session, request.query);
    },
  );

  app.post(
    '/locked/restore',
    {
      schema: {
        tags: ['locked'],
        summary: 'Moves photos out of your locked place',
        description:
          'The same photos (ids, comments, likes), with every copy of their files, back in the ' +
          'albums they came from; one of yours whose album you may no longer add to comes back ' +
          `in an album of yours instead (elsewhere). One not there: 404 naming it. ${SESSION_NOTE}`,
        body: lockedPhotosRequestSchema,
        response: { 200: lockedRestoreResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await requireLockedSession(deps, caller, sessionHeader(request));
      return moveOutOfLocked(deps, caller, request.body);
    },
  );

  app.post(
    '/locked/delete',
    {
      schema: {
        tags: ['locked'],
        summary: 'Deletes photos of your locked place for good',
        description:
          'There is no Trash for the locked place: the photos, with every copy of their files, ' +
          `and the files go. One not there: 404 naming it. ${SESSION_NOTE}`,
        body: lockedPhotosRequestSchema,
        response: { 200: lockedDeleteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await requireLockedSession(deps, caller, sessionHeader(request));
      return deleteFromLocked(deps, caller, request.body, request.log);
    },
  );
};
