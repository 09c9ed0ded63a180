import { z } from 'zod';
import { PASSKEY_NAME_MAX } from './limits.js';

/**
 * Passkeys (WebAuthn) of the embedded identity service, under IDENTITY_BASE_PATH: adding one
 * (passkeys:registrationOptions, then passkeys:register), listing, renaming and removing them,
 * and signing in with one (passkeys:signInOptions, then passkeys:signIn).
 */

/** Error messages of the passkey calls, in the identity protocol's error body. */
export const PASSKEY_ERRORS = [
  /** The challenge is unknown, already answered, or expired: ask for new options. */
  'INVALID_PASSKEY_CHALLENGE',
  /** The browser's origin is not this service's. */
  'PASSKEY_ORIGIN_MISMATCH',
  /** The authenticator signed for another relying party (RP ID). */
  'PASSKEY_RP_ID_MISMATCH',
  /** No such passkey (of this account). */
  'PASSKEY_NOT_FOUND',
  /** The authenticator's signature counter did not increase: a replayed or cloned credential. */
  'PASSKEY_COUNTER_REPLAYED',
  /** The response does not verify (signature, user verification, format). */
  'INVALID_PASSKEY_RESPONSE',
  /** This credential is already registered. */
  'PASSKEY_EXISTS',
  'INVALID_PASSKEY_NAME',
  'TOO_MANY_PASSKEYS',
] as const;
export type PasskeyErrorMessage = (typeof PASSKEY_ERRORS)[number];

/** The most passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT = 20;

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/);

/** A browser's answer to navigator.credentials.create(), as @simplewebauthn/browser sends it. */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.max(10_000),
    attestationObject: base64url.max(100_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().optional(),
});

/** A browser's answer to navigator.credentials.get(), as @simplewebauthn/browser sends it. */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.max(10_000),
    authenticatorData: base64url.max(10_000),
    signature: base64url.max(2_000),
    userHandle: base64url.max(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().optional(),
});

export const passkeyIdTokenRequestSchema = z.object({ idToken: z.string().optional() });

/** PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON, for the browser. */
export const passkeyOptionsResponseSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
});

export const passkeyRegisterRequestSchema = z.object({
  idToken: z.string().optional(),
  /** Defaults to "Passkey". */
  name: z.string().optional(),
  response: passkeyRegistrationResponseSchema,
});

export const passkeySignInRequestSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
});

export const passkeyInfoSchema = z.object({
  id: z.string(),
  name: z.string().max(PASSKEY_NAME_MAX),
  /** ISO-8601. */
  createdAt: z.string(),
  /** ISO-8601; null: never used to sign in. */
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider (a multi-device passkey that is backed up). */
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

export const passkeyListResponseSchema = z.object({ passkeys: z.array(passkeyInfoSchema) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;

export const passkeyRenameRequestSchema = z.object({
  idToken: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
});

export const passkeyDeleteRequestSchema = z.object({
  idToken: z.string().optional(),
  id: z.string().optional(),
});
