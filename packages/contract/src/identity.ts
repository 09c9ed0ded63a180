import { z } from 'zod';

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
  registered: z.boolean().optional(),
});
export type IdentitySignInResponse = z.infer<typeof identitySignInResponseSchema>;

export const identityRefreshRequestSchema = z.object({
  grant_type: z.string().optional(),
  refresh_token: z.string().optional(),
});

export const identityRefreshResponseSchema = z.object({
  id_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.string(),
  token_type: z.literal('Bearer'),
  user_id: z.string(),
  project_id: z.string().optional(),
});
export type IdentityRefreshResponse = z.infer<typeof identityRefreshResponseSchema>;

export const identitySignOutRequestSchema = z.object({ refreshToken: z.string().optional() });

export const IDENTITY_BASE_PATH = '/identity/v1';
