import * as oidc from 'openid-client';
import type { SsoConfig } from '../../../config.js';
import { SsoRefusal, type SsoLog } from './sso.refusal.js';

/** A provider that does not answer discovery within this is taken as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** The OpenID provider: its metadata (discovered once per process), and the claims it vouches for. */
export function createProvider(sso: SsoConfig) {
  let discovered: Promise<oidc.Configuration> | null = null;

  /** The provider's metadata, discovered once per process; a failure is tried again next time. */
  function configuration(log: SsoLog): Promise<oidc.Configuration> {
    discovered ??= (async () => {
      const issuer = new URL(sso.issuerUrl);
      return oidc.discovery(
        issuer,
        sso.clientId,
        undefined,
        oidc.ClientSecretBasic(sso.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          // Plain http only for a provider on this machine (the configuration allows no other).
          ...(isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
    })().catch((error: unknown) => {
      discovered = null;
      log.warn({ err: error, issuer: sso.issuerUrl }, 'OpenID provider discovery failed');
      throw new SsoRefusal('SSO_UNAVAILABLE', 503);
    });
    return discovered;
  }

  /** The claims of the signed-in identity: the ID token's, completed by UserInfo when needed. */
  async function identityClaims(
    config: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ) {
    const idToken = tokens.claims();
    if (!idToken) throw new SsoRefusal('SSO_PROVIDER_REFUSED', 400);
    let claims: Record<string, unknown> = idToken;
    if (idToken.email === undefined || idToken.email_verified === undefined) {
      // Many providers give the e-mail claims only through UserInfo (for the same subject).
      claims = {
        ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
        ...idToken,
      };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const name = typeof claims.name === 'string' ? claims.name.trim() : '';
    return { issuer: idToken.iss, subject: idToken.sub, email, verified, name };
  }

  return { configuration, identityClaims };
}

/** What the provider vouches for about the person signing in. */
export type IdentityClaims = Awaited<
  ReturnType<ReturnType<typeof createProvider>['identityClaims']>
>;
