import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import {
  IDENTITY_BASE_PATH,
  IDENTITY_TOOLKIT_PATH,
  SECURE_TOKEN_PATH,
  identityCredentialsRequestSchema,
  identityDeleteResponseSchema,
  identityIdTokenRequestSchema,
  identityLookupResponseSchema,
  identityMfaRequiredResponseSchema,
  identityRefreshRequestSchema,
  identityRefreshResponseSchema,
  identityResetPasswordRequestSchema,
  identityResetPasswordResponseSchema,
  identitySendOobCodeRequestSchema,
  identitySendOobCodeResponseSchema,
  identitySignInResponseSchema,
  identitySignOutRequestSchema,
  identityUpdateRequestSchema,
  identityUpdateResponseSchema,
} from '@photo/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { IdentityError, identityErrorBody } from './identity.errors.js';
import { identityMfaRoutes } from './second-factor/second-factor.routes.js';
import { identityPost } from './identity.post-route.js';
import {
  createIdentityService,
  type IdentityService,
  type RequestContext,
} from './identity.service.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { identityPasskeyRoutes } from './passkeys/passkeys.routes.js';
import { signInClient } from './throttle/sign-in-throttle.js';
import { dropWebSession, giveWebSession } from './identity.web-session.js';

/** Requests per minute from one client address to the identity service, whatever they are. */
const REQUESTS_PER_MINUTE = 300;

/** Where links in e-mails point: PUBLIC_URL, else the origin the request came to. */
function requestContext(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
): RequestContext {
  return {
    log: request.log,
    linkOrigin: config.publicUrl ?? `${request.protocol}://${request.host}`,
    locale: request.headers['x-firebase-locale']?.toString(),
  };
}

type Routes = 'accounts' | 'token' | 'all';

/** The identity service's routes under one prefix: accounts:*, token, or both (and jwks.json). */
const identityPrefixRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  service: IdentityService;
  routes: Routes;
}> = async (app, { deps, service, routes }) => {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(identityErrorBody(404, 'NOT_FOUND')),
  );
  if (deps.config.identityCorsOrigins.length > 0) {
    await app.register(cors, {
      origin: deps.config.identityCorsOrigins,
      methods: ['GET', 'POST'],
      maxAge: 3600,
    });
  }
  const identityOperation = identityPost(app, { keyQuery: true });
  const post = <Body extends z.ZodType>(
    url: string,
    summary: string,
    body: Body,
    response: z.ZodType,
    handle: (body: z.infer<Body>, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) => identityOperation(url, summary, undefined, body, response, handle);

  if (routes !== 'token') {
    post(
      '/accounts::signUp',
      'Create an account with e-mail and password, and sign in; a verification e-mail follows',
      identityCredentialsRequestSchema,
      identitySignInResponseSchema,
      (body, request) => service.signUp(body, requestContext(request, deps.config)),
    );
    post(
      '/accounts::signInWithPassword',
      'Sign in with e-mail and password',
      identityCredentialsRequestSchema,
      z.union([identitySignInResponseSchema, identityMfaRequiredResponseSchema]),
      (body, request, reply) =>
        service.signInWithPassword(body, signInClient(request, reply, deps.config)),
    );
    post(
      '/accounts::lookup',
      'The account an ID token names',
      identityIdTokenRequestSchema,
      identityLookupResponseSchema,
      (body) => service.lookup(body.idToken),
    );
    post(
      '/accounts::update',
      'Set the display name, photo or password (idToken), or confirm an address (oobCode)',
      identityUpdateRequestSchema,
      identityUpdateResponseSchema,
      (body) => service.update(body),
    );
    post(
      '/accounts::delete',
      'Delete the account an ID token names',
      identityIdTokenRequestSchema,
      identityDeleteResponseSchema,
      async (body, request, reply) => {
        await service.deleteAccount(body.idToken);
        dropWebSession(deps.config, request, reply);
        return { kind: 'identitytoolkit#DeleteAccountResponse' };
      },
    );
    post(
      '/accounts::sendOobCode',
      'E-mail a password-reset link (PASSWORD_RESET) or an address-verification link (VERIFY_EMAIL)',
      identitySendOobCodeRequestSchema,
      identitySendOobCodeResponseSchema,
      (body, request) => service.sendOobCode(body, requestContext(request, deps.config)),
    );
    post(
      '/accounts::resetPassword',
      'Check a password-reset code, or set a new password with it (every sign-in ends)',
      identityResetPasswordRequestSchema,
      identityResetPasswordResponseSchema,
      (body) => service.resetPassword(body),
    );
    post(
      '/accounts::signOut',
      'Revoke a refresh token (and every token rotated from the same sign-in)',
      identitySignOutRequestSchema,
      z.object({}),
      async (body, request, reply) => {
        await service.signOut(body.refreshToken);
        dropWebSession(deps.config, request, reply);
        return {};
      },
    );
  }

  if (routes !== 'accounts') {
    post(
      '/token',
      'Exchange a refresh token for a new ID token (the refresh token rotates)',
      identityRefreshRequestSchema,
      identityRefreshResponseSchema,
      (body) => service.refresh(body.grant_type, body.refresh_token),
    );
  }

  if (routes === 'all') {
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
  }
};

/**
 * The embedded identity service: the subset of the Identity Toolkit REST protocol the app uses
 * (https://cloud.google.com/identity-platform/docs/reference/rest). It answers under
 * /identity/v1, and under the hosted host names as paths of this origin
 * (/identitytoolkit.googleapis.com/v1/accounts:*, /securetoken.googleapis.com/v1/token), which
 * is where the Firebase SDK sends its calls after connectAuthEmulator(auth, thisOrigin).
 */
export const identityRoutes: RoutesPlugin = async (app, { deps }) => {
  if (!deps.signingKeys) return;
  const service = createIdentityService({
    db: deps.db,
    clock: deps.clock,
    keys: deps.signingKeys,
    config: deps.config,
    mailer: deps.mailer,
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

  // An answer that hands out a refresh token also gives its sign-in's session cookie.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode !== 200 || !payload || typeof payload !== 'object') return payload;
    const answer = payload as { refreshToken?: unknown; refresh_token?: unknown };
    const refreshToken = answer.refreshToken ?? answer.refresh_token;
    if (typeof refreshToken === 'string' && refreshToken !== '') {
      await giveWebSession(deps.db, deps.config, request, reply, refreshToken);
    }
    return payload;
  });

  // One budget per client address across every prefix.
  await app.register(rateLimit, {
    max: REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    ...deps.rateLimitStorage,
  });
  await app.register(identityMfaRoutes, { deps });

  await app.register(identityPrefixRoutes, {
    prefix: IDENTITY_BASE_PATH,
    deps,
    service,
    routes: 'all',
  });
  await app.register(ssoRoutes, { prefix: IDENTITY_BASE_PATH, deps });
  await app.register(identityPasskeyRoutes, { prefix: IDENTITY_BASE_PATH, deps });
  await app.register(identityPrefixRoutes, {
    prefix: IDENTITY_TOOLKIT_PATH,
    deps,
    service,
    routes: 'accounts',
  });
  await app.register(identityPrefixRoutes, {
    prefix: SECURE_TOKEN_PATH,
    deps,
    service,
    routes: 'token',
  });
};
