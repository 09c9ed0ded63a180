import { z } from 'zod';
import { identityMfaInfoSchema } from './identity-mfa.js';

/** Request and response shapes of the Identity Toolkit REST subset the app uses. */
export const identityCredentialsRequestSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  returnSecureToken: z.boolean().optional(),
});
export type IdentityCredentialsRequest = z.infer<typeof identityCredentialsRequestSchema>;

export const identitySignInResponseSchema = z.object({
  kind: z.string().optional(),
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds, as a string (as the protocol has it). */
  expiresIn: z.string(),
  localId: z.string(),
  email: z.string(),
  displayName: z.string().optional(),
  registered: z.boolean().optional(),
});
export type IdentitySignInResponse = z.infer<typeof identitySignInResponseSchema>;

export const identityRefreshRequestSchema = z.object({
  grant_type: z.string().optional(),
  refresh_token: z.string().optional(),
});

export const identityRefreshResponseSchema = z.object({
  /** The same ID token as id_token: the hosted service answers both, and the Firebase SDK reads this one. */
  access_token: z.string(),
  id_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.string(),
  token_type: z.literal('Bearer'),
  user_id: z.string(),
  project_id: z.string().optional(),
});
export type IdentityRefreshResponse = z.infer<typeof identityRefreshResponseSchema>;

export const identitySignOutRequestSchema = z.object({ refreshToken: z.string().optional() });

/** The same service under the hosted provider's host names, as the Firebase SDK's emulator mode calls it. */
export const IDENTITY_TOOLKIT_PATH = '/identitytoolkit.googleapis.com/v1';
export const SECURE_TOKEN_PATH = '/securetoken.googleapis.com/v1';

/** One sign-in method of an account, as accounts:lookup and accounts:update show it. */
export const identityProviderUserInfoSchema = z.object({
  providerId: z.string(),
  federatedId: z.string().optional(),
  email: z.string().optional(),
  rawId: z.string().optional(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
});

export const identityAccountInfoSchema = z.object({
  localId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  /** Never the hash: the hosted service's redacted placeholder, which tells the SDK a password is set. */
  passwordHash: z.string().optional(),
  passwordUpdatedAt: z.number().optional(),
  providerUserInfo: z.array(identityProviderUserInfoSchema),
  /** Milliseconds since the epoch, as a string. */
  createdAt: z.string(),
  lastLoginAt: z.string().optional(),
  lastRefreshAt: z.string().optional(),
  validSince: z.string().optional(),
  /** The enrolled second factors (decision 0071). */
  mfaInfo: z.array(identityMfaInfoSchema).optional(),
});
export type IdentityAccountInfo = z.infer<typeof identityAccountInfoSchema>;

export const identityIdTokenRequestSchema = z.object({ idToken: z.string().optional() });

export const identityLookupResponseSchema = z.object({
  kind: z.string(),
  users: z.array(identityAccountInfoSchema),
});
export type IdentityLookupResponse = z.infer<typeof identityLookupResponseSchema>;

/** accounts:update: a profile or password change (with idToken), or an e-mail verification (with oobCode). */
export const identityUpdateRequestSchema = z.object({
  idToken: z.string().optional(),
  oobCode: z.string().optional(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  password: z.string().optional(),
  deleteAttribute: z.array(z.string()).optional(),
  returnSecureToken: z.boolean().optional(),
});
export type IdentityUpdateRequest = z.infer<typeof identityUpdateRequestSchema>;

export const identityUpdateResponseSchema = z.object({
  kind: z.string(),
  ...identityAccountInfoSchema.pick({
    localId: true,
    email: true,
    emailVerified: true,
    displayName: true,
    photoUrl: true,
    passwordHash: true,
    providerUserInfo: true,
  }).shape,
  /** Present after a password change: the caller's new sign-in (every other one ended). */
  idToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresIn: z.string().optional(),
});
export type IdentityUpdateResponse = z.infer<typeof identityUpdateResponseSchema>;

export const IDENTITY_OOB_REQUEST_TYPES = ['PASSWORD_RESET', 'VERIFY_EMAIL'] as const;
export type IdentityOobRequestType = (typeof IDENTITY_OOB_REQUEST_TYPES)[number];

export const identitySendOobCodeRequestSchema = z.object({
  requestType: z.string().optional(),
  email: z.string().optional(),
  idToken: z.string().optional(),
  continueUrl: z.string().optional(),
  canHandleCodeInApp: z.boolean().optional(),
  clientType: z.string().optional(),
});
export type IdentitySendOobCodeRequest = z.infer<typeof identitySendOobCodeRequestSchema>;

export const identitySendOobCodeResponseSchema = z.object({
  kind: z.string(),
  email: z.string(),
});

export const identityResetPasswordRequestSchema = z.object({
  oobCode: z.string().optional(),
  newPassword: z.string().optional(),
});
export type IdentityResetPasswordRequest = z.infer<typeof identityResetPasswordRequestSchema>;

export const identityResetPasswordResponseSchema = z.object({
  kind: z.string(),
  email: z.string(),
  requestType: z.literal('PASSWORD_RESET'),
});

export const identityDeleteResponseSchema = z.object({ kind: z.string() });

/** Where the links in identity e-mails point: the web app's page that acts on ?mode=…&oobCode=…. */
export const IDENTITY_ACTION_PATH = '/auth/action';
