import type { IdentitySignInResponse } from '@photo/contract';
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../../config.js';
import { newSecret } from '../../../lib/ids.js';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import * as repo from '../identity.repository.js';
import type { Sessions } from '../identity.sessions.js';
import { createSsoAccounts } from './sso.accounts.js';
import { createProvider, type IdentityClaims } from './sso.provider.js';
import { SsoRefusal, type SsoLog } from './sso.refusal.js';
import * as ssoRepo from './sso.repository.js';

export { SsoRefusal } from './sso.refusal.js';

/** How long the provider may take to send the browser back. */
export const SSO_REQUEST_LIFETIME_MS = 10 * 60 * 1000;
/** How long the web app has to trade the one-time code for the tokens. */
export const SSO_HANDOFF_LIFETIME_MS = 60 * 1000;

/**
 * Single sign-on with an OpenID provider (authorization code flow with PKCE, state and nonce),
 * ending in a sign-in of the embedded service: the same tokens as a password sign-in gives.
 */
export function createSso(deps: IdentityServiceDeps & { sso: SsoConfig }, sessions: Sessions) {
  const { db, clock } = deps;
  const provider = createProvider(deps.sso);
  const accounts = createSsoAccounts(deps);

  return {
    /**
     * Starts a sign-in: the provider's authorization URL, and the secret of the cookie that binds
     * the sign-in to this browser. The request is stored so that any instance can finish it.
     */
    async start(redirectUri: string, log: SsoLog): Promise<{ url: string; browser: string }> {
      const config = await provider.configuration(log);
      const now = clock.now();
      await ssoRepo.deleteExpired(db, now.toISOString());
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const browser = newSecret();
      await ssoRepo.insertRequest(db, {
        state_hash: sha256(state),
        browser_hash: sha256(browser),
        nonce,
        code_verifier: codeVerifier,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SSO_REQUEST_LIFETIME_MS).toISOString(),
        used_at: null,
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, browser };
    },

    /**
     * The provider sent the browser back (`search`: the callback's query string). Checks the
     * state against the stored request and this browser, lets openid-client check the answer
     * (code, PKCE, nonce, audience, issuer), finds or makes the account, and answers a one-time
     * code the web app trades for the tokens.
     */
    async finish(
      input: { redirectUri: string; search: string; browser: string | undefined },
      log: SsoLog,
    ): Promise<string> {
      const params = new URLSearchParams(input.search);
      const state = params.get('state');
      if (!state || !input.browser) throw new SsoRefusal('SSO_STATE_INVALID', 400);
      const config = await provider.configuration(log);
      const request = await ssoRepo.takeRequest(
        db,
        { stateHash: sha256(state), browserHash: sha256(input.browser) },
        clock.now().toISOString(),
      );
      if (!request) throw new SsoRefusal('SSO_STATE_INVALID', 400);
      let claims: IdentityClaims;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(`${input.redirectUri}?${params.toString()}`),
          {
            pkceCodeVerifier: request.code_verifier,
            expectedState: state,
            expectedNonce: request.nonce,
            idTokenExpected: true,
          },
        );
        claims = await provider.identityClaims(config, tokens);
      } catch (error) {
        if (error instanceof SsoRefusal) throw error;
        log.debug({ err: error }, 'single sign-on refused by its checks');
        throw new SsoRefusal('SSO_PROVIDER_REFUSED', 400);
      }
      const account = await accounts.accountFor(claims);
      if (!account) throw new SsoRefusal('SSO_NO_ACCOUNT', 403);
      const now = clock.now();
      const code = newSecret();
      await ssoRepo.insertHandoff(db, {
        code_hash: sha256(code),
        uid: account.uid,
        browser_hash: sha256(input.browser),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SSO_HANDOFF_LIFETIME_MS).toISOString(),
        used_at: null,
      });
      return code;
    },

    /** Trades the one-time code for a sign-in, in the browser the sign-in was finished in. */
    async exchange(
      code: string | undefined,
      browser: string | undefined,
    ): Promise<IdentitySignInResponse> {
      if (!code || !browser) throw new SsoRefusal('SSO_CODE_INVALID', 400);
      const now = clock.now().toISOString();
      const handoff = await ssoRepo.takeHandoff(
        db,
        { codeHash: sha256(code), browserHash: sha256(browser) },
        now,
      );
      const account = handoff && (await repo.findAccountByUid(db, handoff.uid));
      if (!account) throw new SsoRefusal('SSO_CODE_INVALID', 400);
      await repo.updateAccount(db, account.uid, { last_login_at: now });
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        registered: true,
        ...(await sessions.signInAnswer(account)),
      };
    },
  };
}
