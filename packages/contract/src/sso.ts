import { z } from 'zod';

/**
 * Why a single sign-on was refused: the `error` the web app's finishing page (SSO_FINISH_PATH) is
 * given, and the message of the identity error body of sso/exchange.
 */
export const SSO_ERRORS = [
  /** Single sign-on is not configured on this server. */
  'SSO_NOT_CONFIGURED',
  /** The OpenID provider cannot be reached (discovery failed). */
  'SSO_UNAVAILABLE',
  /** The state is unknown, used, expired, or was started in another browser. */
  'SSO_STATE_INVALID',
  /** The provider refused, or its answer failed a check (code, nonce, audience, issuer). */
  'SSO_PROVIDER_REFUSED',
  /** The provider does not vouch for the address (email_verified is not true), or gave none. */
  'SSO_EMAIL_NOT_VERIFIED',
  /** No account has the address, and accounts are not created on sign-in. */
  'SSO_NO_ACCOUNT',
  /** The account with the address is linked to another identity of the same provider. */
  'SSO_LINKED_ELSEWHERE',
  /** The one-time code is unknown, used, expired, or was issued to another browser. */
  'SSO_CODE_INVALID',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** POST sso/exchange: the one-time code the finishing page was given. */
export const ssoExchangeRequestSchema = z.object({ code: z.string().max(200).optional() });

/** Whether the login screen offers single sign-on, and the label of its button. */
export const ssoClientConfigSchema = z
  .object({
    offered: z.boolean(),
    /** "Sign in with ‹label›" (OIDC_BUTTON_LABEL); absent when not offered. */
    label: z.string().optional(),
  })
  .meta({ id: 'SsoClientConfig' });
export type SsoClientConfig = z.infer<typeof ssoClientConfigSchema>;
