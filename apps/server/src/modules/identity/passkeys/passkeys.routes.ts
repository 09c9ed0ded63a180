import {
  identitySignInResponseSchema,
  passkeyDeleteRequestSchema,
  passkeyIdTokenRequestSchema,
  passkeyInfoSchema,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  passkeySignInRequestSchema,
} from '@photo/contract';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import type { AppDeps } from '../../../deps.js';
import { identityErrorBody } from '../identity.errors.js';
import { identityPost } from '../identity.post-route.js';
import { PasskeyError, createPasskeys, type RelyingParty } from './passkeys.js';
import { createSessions } from '../identity.sessions.js';

/**
 * The relying party passkeys belong to: PUBLIC_URL's origin and host name when it is set, else the
 * origin the request came to (as the browser's address bar shows it).
 */
export function relyingParty(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl'>,
): RelyingParty {
  const url = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
  return { rpId: url.hostname, origin: url.origin };
}

/**
 * Passkeys of the embedded identity service, under /identity/v1: calls in the identity protocol's
 * style (POST, JSON body, ID token in the body, errors as {"error":{"code","message"}}).
 */
export const identityPasskeyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  if (!deps.signingKeys) return;
  const sessions = createSessions({
    db: deps.db,
    clock: deps.clock,
    keys: deps.signingKeys,
    config: deps.config,
    mailer: deps.mailer,
  });
  const passkeys = createPasskeys(
    {
      db: deps.db,
      clock: deps.clock,
      keys: deps.signingKeys,
      config: deps.config,
      mailer: deps.mailer,
    },
    sessions,
  );

  // Passkey refusals here; anything else goes on to the identity service's error handler.
  app.setErrorHandler((error: FastifyError | PasskeyError, _request, reply) => {
    if (error instanceof PasskeyError) {
      return reply
        .status(error.statusCode)
        .send(identityErrorBody(error.statusCode, error.protocolMessage));
    }
    throw error;
  });

  const post = identityPost(app, { errors: [400, 404, 429] });

  post(
    '/passkeys::registrationOptions',
    'Options to add a passkey to the signed-in account',
    'For navigator.credentials.create() (e.g. @simplewebauthn/browser startRegistration). The challenge can be answered once, within five minutes.',
    passkeyIdTokenRequestSchema,
    passkeyOptionsResponseSchema,
    (body, request) =>
      passkeys.registrationOptions(body.idToken, relyingParty(request, deps.config)),
  );
  post(
    '/passkeys::register',
    'Add a passkey: verify the browser’s new credential and keep it',
    'Refuses a used or expired challenge, another origin or RP ID, and a credential without user verification.',
    passkeyRegisterRequestSchema,
    passkeyInfoSchema,
    (body, request) =>
      passkeys.register(
        { ...body, response: body.response as unknown as RegistrationResponseJSON },
        relyingParty(request, deps.config),
      ),
  );
  post(
    '/passkeys::list',
    'The signed-in account’s passkeys',
    'Oldest first, with their names, when they were added and last used.',
    passkeyIdTokenRequestSchema,
    passkeyListResponseSchema,
    async (body) => ({ passkeys: await passkeys.list(body.idToken) }),
  );
  post(
    '/passkeys::rename',
    'Rename a passkey of the signed-in account',
    'Answers 404 PASSKEY_NOT_FOUND for a passkey the account does not hold.',
    passkeyRenameRequestSchema,
    passkeyInfoSchema,
    (body) => passkeys.rename(body),
  );
  post(
    '/passkeys::delete',
    'Remove a passkey of the signed-in account',
    'Answers 404 PASSKEY_NOT_FOUND for a passkey the account does not hold.',
    passkeyDeleteRequestSchema,
    z.object({}),
    async (body) => {
      await passkeys.remove(body);
      return {};
    },
  );
  post(
    '/passkeys::signInOptions',
    'Options to sign in with a passkey (no e-mail asked)',
    'For navigator.credentials.get(), with an empty allowCredentials: the browser offers the passkeys it holds for this site. The challenge can be answered once, within five minutes.',
    z.object({}),
    passkeyOptionsResponseSchema,
    (_body, request) => passkeys.signInOptions(relyingParty(request, deps.config)),
  );
  post(
    '/passkeys::signIn',
    'Sign in with a passkey',
    'Answers the same ID and refresh tokens as accounts:signInWithPassword. Refuses a used or expired challenge, another origin or RP ID, an unknown credential, and a signature counter that did not increase.',
    passkeySignInRequestSchema,
    identitySignInResponseSchema,
    (body, request) =>
      passkeys.signIn(
        body.response as unknown as AuthenticationResponseJSON,
        relyingParty(request, deps.config),
      ),
  );
};
