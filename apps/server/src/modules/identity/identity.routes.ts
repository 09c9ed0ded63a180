import rateLimit from '@fastify/rate-limit';
import {
  identityCredentialsRequestSchema,
  identityErrorBodySchema,
  identityRefreshRequestSchema,
  identityRefreshResponseSchema,
  identitySignInResponseSchema,
  identitySignOutRequestSchema,
} from '@photo/contract';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { RoutesPlugin } from '../routes-plugin.js';
import { IdentityError, identityErrorBody } from './identity.errors.js';
import { createIdentityService } from './identity.service.js';
import { signInClient } from './sign-in-throttle.js';

/** Requests per minute from one client address to the identity service, whatever they are. */
const REQUESTS_PER_MINUTE = 300;

const errorResponses = {
  400: identityErrorBodySchema,
  413: identityErrorBodySchema,
  429: identityErrorBodySchema,
};
const keyQuery = z.object({ key: z.string().optional() }).meta({
  description: 'API key of the hosted protocol; accepted and ignored.',
});

/**
 * The embedded identity service: the subset of the Identity Toolkit REST protocol the app uses
 * (https://cloud.google.com/identity-platform/docs/reference/rest), under /identity/v1.
 */
export const identityRoutes: RoutesPlugin = async (app, { deps }) => {
  if (!deps.signingKeys) return;
  const service = createIdentityService({
    db: deps.db,
    clock: deps.clock,
    keys: deps.signingKeys,
    config: deps.config,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IdentityError) {
      return reply
        .status(error.statusCode)
        .send(identityErrorBody(error.statusCode, error.protocolMessage));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(identityErrorBody(429, 'TOO_MANY_ATTEMPTS_TRY_LATER'));
    }
    if (error.statusCode === 413) {
      return reply.status(413).send(identityErrorBody(413, 'PAYLOAD_TOO_LARGE'));
    }
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      return reply.status(400).send(identityErrorBody(400, 'INVALID_ARGUMENT'));
    }
    request.log.error({ err: error }, 'identity service error');
    return reply.status(500).send(identityErrorBody(500, 'INTERNAL_ERROR'));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(identityErrorBody(404, 'NOT_FOUND')),
  );

  await app.register(rateLimit, {
    max: REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    ...deps.rateLimitStorage,
  });

  app.post(
    '/accounts::signUp',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create an account with e-mail and password, and sign in',
        security: [],
        querystring: keyQuery,
        body: identityCredentialsRequestSchema,
        response: { 200: identitySignInResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.signUp(request.body),
  );

  app.post(
    '/accounts::signInWithPassword',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in with e-mail and password',
        security: [],
        querystring: keyQuery,
        body: identityCredentialsRequestSchema,
        response: { 200: identitySignInResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      service.signInWithPassword(request.body, signInClient(request, reply, deps.config)),
  );

  app.post(
    '/token',
    {
      schema: {
        tags: ['identity'],
        summary: 'Exchange a refresh token for a new ID token (the refresh token rotates)',
        security: [],
        querystring: keyQuery,
        body: identityRefreshRequestSchema,
        response: { 200: identityRefreshResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.refresh(request.body.grant_type, request.body.refresh_token),
  );

  app.post(
    '/accounts::signOut',
    {
      schema: {
        tags: ['identity'],
        summary: 'Revoke a refresh token (and every token rotated from the same sign-in)',
        security: [],
        querystring: keyQuery,
        body: identitySignOutRequestSchema,
        response: { 200: z.object({}), ...errorResponses },
      },
    },
    async (request) => {
      await service.signOut(request.body.refreshToken);
      return {};
    },
  );

  app.get(
    '/jwks.json',
    {
      schema: {
        tags: ['identity'],
        summary: 'Public keys that verify ID tokens (JWKS)',
        security: [],
      },
    },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=3600');
      return deps.signingKeys?.jwks;
    },
  );
};
