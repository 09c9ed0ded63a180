import {
  IDENTITY_MFA_BASE_PATH,
  IDENTITY_TOOLKIT_V2_PATH,
  identityMfaEnrollmentFinalizeRequestSchema,
  identityMfaEnrollmentStartRequestSchema,
  identityMfaEnrollmentStartResponseSchema,
  identityMfaRecoveryCodesRequestSchema,
  identityMfaRecoveryCodesResponseSchema,
  identityMfaSignInFinalizeRequestSchema,
  identityMfaSignInStartRequestSchema,
  identityMfaTokensResponseSchema,
  identityMfaWithdrawRequestSchema,
} from '@photo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RoutesPlugin } from '../../routes-plugin.js';
import { identityErrorBody } from '../identity.errors.js';
import { identityPost } from '../identity.post-route.js';
import { createSecondFactor, type SecondFactor } from './second-factor.js';

/** The multi-factor routes under one prefix; `extensions` adds ours (recovery codes). */
const mfaPrefixRoutes: FastifyPluginAsyncZod<{
  secondFactor: SecondFactor;
  extensions: boolean;
}> = async (app, { secondFactor, extensions }) => {
  const post = identityPost(app, { keyQuery: true });

  post(
    '/accounts/mfaEnrollment::start',
    'Start enrolling a TOTP second factor: a new shared secret',
    'Answers totpSessionInfo: the secret (base32), its parameters, and the session info that ' +
      'mfaEnrollment:finalize takes back within finalizeEnrollmentTime.',
    identityMfaEnrollmentStartRequestSchema,
    identityMfaEnrollmentStartResponseSchema,
    (body) => secondFactor.startEnrollment(body.idToken),
  );
  post(
    '/accounts/mfaEnrollment::finalize',
    'Finish enrolling the TOTP second factor with its first code',
    'Stores the factor and answers a new sign-in; recoveryCodes (our extension) lists ten ' +
      'single-use recovery codes, shown this once.',
    identityMfaEnrollmentFinalizeRequestSchema,
    identityMfaTokensResponseSchema,
    (body) => secondFactor.finalizeEnrollment(body),
  );
  post(
    '/accounts/mfaEnrollment::withdraw',
    'Remove the second factor',
    'Needs a sign-in of the last five minutes, or (our extension) a current code in ' +
      'totpVerificationInfo or a recovery code in recoveryCodeVerificationInfo.',
    identityMfaWithdrawRequestSchema,
    z.object({}),
    (body) => secondFactor.withdraw(body),
  );
  post(
    '/accounts/mfaSignIn::start',
    'Start the second step of a sign-in',
    'Checks the pending credential and the factor; TOTP sends no challenge.',
    identityMfaSignInStartRequestSchema,
    z.object({}),
    (body) => secondFactor.startSignIn(body),
  );
  post(
    '/accounts/mfaSignIn::finalize',
    'Finish a sign-in with the second factor: a TOTP code, or a recovery code',
    'totpVerificationInfo.verificationCode with mfaEnrollmentId; or (our extension) ' +
      'recoveryCodeVerificationInfo.recoveryCode, which is used up. A code is accepted once; ' +
      'wrong codes are limited per pending sign-in and per account.',
    identityMfaSignInFinalizeRequestSchema,
    identityMfaTokensResponseSchema,
    (body) => secondFactor.finalizeSignIn(body),
  );
  if (extensions) {
    post(
      '/accounts/mfaRecoveryCodes::regenerate',
      'New recovery codes (our extension)',
      'Needs a current TOTP code; the earlier recovery codes stop working.',
      identityMfaRecoveryCodesRequestSchema,
      identityMfaRecoveryCodesResponseSchema,
      (body) => secondFactor.regenerateRecoveryCodes(body),
    );
  }
};

/**
 * The multi-factor part of the embedded identity service (decision 0071), on the protocol's v2
 * paths: /identity/v2/accounts/mfa*, and /identitytoolkit.googleapis.com/v2/accounts/mfa* where
 * the Firebase SDK sends them after connectAuthEmulator. Registered inside identityRoutes, whose
 * error handler and request limit apply.
 */
export const identityMfaRoutes: RoutesPlugin = async (app, { deps }) => {
  if (!deps.signingKeys) return;
  const secondFactor = createSecondFactor({
    db: deps.db,
    clock: deps.clock,
    keys: deps.signingKeys,
    config: deps.config,
    mailer: deps.mailer,
    mfaSecretKey: deps.mfaSecretKey,
  });
  for (const [prefix, extensions] of [
    [IDENTITY_MFA_BASE_PATH, true],
    [IDENTITY_TOOLKIT_V2_PATH, false],
  ] as const) {
    await app.register(
      async (scope) => {
        scope.setNotFoundHandler((_request, reply) =>
          reply.status(404).send(identityErrorBody(404, 'NOT_FOUND')),
        );
        await scope.register(mfaPrefixRoutes, { secondFactor, extensions });
      },
      { prefix },
    );
  }
};
