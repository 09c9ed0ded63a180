import { z } from 'zod';

/**
 * The Identity Toolkit's multi-factor protocol for TOTP (v2 paths: accounts/mfaEnrollment:*,
 * accounts/mfaSignIn:*), and our extension of it: recovery codes (decision 0071).
 */

/** Where the multi-factor calls go: the v2 paths, beside /identity/v1 and the hosted host name. */
export const IDENTITY_MFA_BASE_PATH = '/identity/v2';
export const IDENTITY_TOOLKIT_V2_PATH = '/identitytoolkit.googleapis.com/v2';

/** Error messages of the multi-factor protocol the embedded service answers. */
export const IDENTITY_MFA_ERRORS = [
  'MISSING_MFA_PENDING_CREDENTIAL',
  'INVALID_MFA_PENDING_CREDENTIAL',
  'MISSING_MFA_ENROLLMENT_ID',
  'MFA_ENROLLMENT_NOT_FOUND',
  'MISSING_SESSION_INFO',
  'INVALID_SESSION_INFO',
  'SESSION_EXPIRED',
  'MISSING_CODE',
  'INVALID_CODE',
  'INVALID_CODE : This code was used already; wait for the next one',
  'SECOND_FACTOR_EXISTS',
] as const;

/** One enrolled second factor, as accounts:lookup and the sign-in's challenge list it. */
export const identityMfaInfoSchema = z.object({
  mfaEnrollmentId: z.string(),
  displayName: z.string().optional(),
  /** ISO-8601. */
  enrolledAt: z.string(),
  totpInfo: z.object({}),
});
export type IdentityMfaInfo = z.infer<typeof identityMfaInfoSchema>;

/** accounts:signInWithPassword when a second factor is enrolled: no tokens, a pending credential. */
export const identityMfaRequiredResponseSchema = z.object({
  kind: z.string().optional(),
  localId: z.string(),
  email: z.string(),
  displayName: z.string().optional(),
  registered: z.boolean().optional(),
  mfaPendingCredential: z.string(),
  mfaInfo: z.array(identityMfaInfoSchema),
});
export type IdentityMfaRequiredResponse = z.infer<typeof identityMfaRequiredResponseSchema>;

const totpVerificationInfoSchema = z.object({
  sessionInfo: z.string().optional(),
  verificationCode: z.string().optional(),
});

export const identityMfaEnrollmentStartRequestSchema = z.object({
  idToken: z.string().optional(),
  totpEnrollmentInfo: z.object({}).optional(),
  tenantId: z.string().optional(),
});

export const identityMfaEnrollmentStartResponseSchema = z.object({
  totpSessionInfo: z.object({
    /** Base32, as authenticator apps take it. */
    sharedSecretKey: z.string(),
    verificationCodeLength: z.number(),
    hashingAlgorithm: z.string(),
    periodSec: z.number(),
    /** Opaque: hand it back to mfaEnrollment:finalize. */
    sessionInfo: z.string(),
    /** ISO-8601: finalize before this. */
    finalizeEnrollmentTime: z.string(),
  }),
});
export type IdentityMfaEnrollmentStartResponse = z.infer<
  typeof identityMfaEnrollmentStartResponseSchema
>;

export const identityMfaEnrollmentFinalizeRequestSchema = z.object({
  idToken: z.string().optional(),
  displayName: z.string().optional(),
  totpVerificationInfo: totpVerificationInfoSchema.optional(),
  tenantId: z.string().optional(),
});

/** Extension: the recovery codes, shown once; they are stored only hashed. */
export const identityMfaTokensResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.string().optional(),
  localId: z.string().optional(),
  email: z.string().optional(),
  displayName: z.string().optional(),
  recoveryCodes: z.array(z.string()).optional(),
});
export type IdentityMfaTokensResponse = z.infer<typeof identityMfaTokensResponseSchema>;

/** Extension: with a current code (or a recovery code) it needs no recent sign-in. */
export const identityMfaWithdrawRequestSchema = z.object({
  idToken: z.string().optional(),
  mfaEnrollmentId: z.string().optional(),
  totpVerificationInfo: totpVerificationInfoSchema.optional(),
  recoveryCodeVerificationInfo: z.object({ recoveryCode: z.string().optional() }).optional(),
  tenantId: z.string().optional(),
});
export type IdentityMfaWithdrawRequest = z.infer<typeof identityMfaWithdrawRequestSchema>;

export const identityMfaSignInStartRequestSchema = z.object({
  mfaPendingCredential: z.string().optional(),
  mfaEnrollmentId: z.string().optional(),
  totpSignInInfo: z.object({}).optional(),
  tenantId: z.string().optional(),
});

/** Extension: recoveryCodeVerificationInfo instead of totpVerificationInfo (no enrollment id). */
export const identityMfaSignInFinalizeRequestSchema = z.object({
  mfaPendingCredential: z.string().optional(),
  mfaEnrollmentId: z.string().optional(),
  totpVerificationInfo: totpVerificationInfoSchema.optional(),
  recoveryCodeVerificationInfo: z.object({ recoveryCode: z.string().optional() }).optional(),
  tenantId: z.string().optional(),
});
export type IdentityMfaSignInFinalizeRequest = z.infer<
  typeof identityMfaSignInFinalizeRequestSchema
>;

/** Extension: accounts/mfaRecoveryCodes:regenerate (a current code required; the old ones end). */
export const identityMfaRecoveryCodesRequestSchema = z.object({
  idToken: z.string().optional(),
  totpVerificationInfo: totpVerificationInfoSchema.optional(),
});

export const identityMfaRecoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
});
