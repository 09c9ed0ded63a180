import type { IdentityServiceDeps } from '../identity.context.js';

/** TOTP as authenticator apps do it by default (RFC 6238): SHA-1, 6 digits, 30 s. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export const MFA_POLICY = {
  /** How long a started enrolment can be finalized. */
  enrollmentMs: 10 * 60 * 1000,
  /** How long a sign-in that passed the password waits for the second factor. */
  pendingMs: 5 * 60 * 1000,
  /** Wrong codes per pending sign-in; then the password is asked again. */
  perPending: 5,
  /** Wrong codes per account (every pending sign-in together) per window. */
  perAccount: 10,
  windowMs: 15 * 60 * 1000,
  recoveryCodes: 10,
  /** Withdrawing without a code needs a sign-in this recent (seconds), as a password change. */
  recentSignInSeconds: 5 * 60,
} as const;

/** What the second factor needs beyond the identity service's own deps. */
export interface MfaDeps extends IdentityServiceDeps {
  /** Seals the shared secrets at rest and keys the recovery codes' HMAC (derived in deps.ts). */
  mfaSecretKey: Buffer;
}
