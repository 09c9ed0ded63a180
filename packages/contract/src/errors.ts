import { z } from 'zod';
import { IDENTITY_MFA_ERRORS } from './identity-mfa.js';

/** Stable error codes of the API. Each has one HTTP status. */
export const API_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_PICTURE_URL: 400,
  INVALID_INVITATION: 400,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  /** An administrator disabled the account: the web app signs its holder out. */
  ACCOUNT_DISABLED: 401,
  /** A share link with a password, opened without a valid key (POST shared/{token}/unlock). */
  LINK_PASSWORD_REQUIRED: 401,
  WRONG_LINK_PASSWORD: 401,
  NOT_OWNER: 403,
  NOT_ADMIN: 403,
  XSRF_MISMATCH: 403,
  /** The locked place wants a sign-in at most LOCKED_SIGN_IN_MAX_AGE_SECONDS old: sign in again. */
  RECENT_SIGN_IN_REQUIRED: 403,
  /** A locked call without a locked-place session that is open (none, ended or idle too long). */
  LOCKED_SESSION_REQUIRED: 403,
  NOT_FOUND: 404,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  USER_NOT_FOUND: 404,
  ALBUM_NOT_FOUND: 404,
  PHOTO_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  COMMENT_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  LINK_NOT_FOUND: 404,
  PERSON_NOT_FOUND: 404,
  FACE_NOT_FOUND: 404,
  DUPLICATE_PHOTO: 409,
  CONFLICT: 409,
  TOO_MANY_MEMBERS: 409,
  IDENTITY_NOT_EMBEDDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A share link's guests have added as many photos, or bytes, as the link allows. */
  GUEST_LIMIT_REACHED: 413,
  /** The person's storage quota (or the album owner's, for a guest) cannot take the upload. */
  QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      /** The request field at fault, for validation errors (e.g. "body.name"). */
      field: z.string().optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Identity Toolkit error messages used by the embedded identity service. */
export const IDENTITY_ERRORS = [
  'EMAIL_EXISTS',
  'INVALID_EMAIL',
  'MISSING_EMAIL',
  'MISSING_PASSWORD',
  'WEAK_PASSWORD : Password should be at least 8 characters',
  'INVALID_LOGIN_CREDENTIALS',
  'TOO_MANY_ATTEMPTS_TRY_LATER',
  'INVALID_REFRESH_TOKEN',
  'MISSING_REFRESH_TOKEN',
  'TOKEN_EXPIRED',
  'INVALID_GRANT_TYPE',
  'MISSING_GRANT_TYPE',
  'INVALID_ARGUMENT',
  'PAYLOAD_TOO_LARGE',
  'INVALID_ID_TOKEN',
  'USER_NOT_FOUND',
  'USER_DISABLED',
  'CREDENTIAL_TOO_OLD_LOGIN_AGAIN',
  'MISSING_REQ_TYPE',
  'INVALID_REQ_TYPE',
  'MISSING_OOB_CODE',
  'INVALID_OOB_CODE',
  'EXPIRED_OOB_CODE',
  ...IDENTITY_MFA_ERRORS,
  'INTERNAL_ERROR',
] as const;
export type IdentityErrorMessage = (typeof IDENTITY_ERRORS)[number];

export const identityErrorBodySchema = z.object({
  error: z.object({
    code: z.number(),
    message: z.string(),
    errors: z
      .array(z.object({ message: z.string(), domain: z.string(), reason: z.string() }))
      .optional(),
  }),
});
export type IdentityErrorBody = z.infer<typeof identityErrorBodySchema>;
