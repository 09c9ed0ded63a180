import { hash } from '@node-rs/argon2';
import type { IdentitySignInResponse, SsoError } from '@photo/contract';
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../../config.js';
import { newId, newSecret } from '../../../lib/ids.js';
import { DISPLAY_NAME_MAX } from '../identity.account.js';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import * as repo from '../identity.repository.js';
import type { AccountRow } from '../identity.repository.js';
import type { Sessions } from '../identity.sessions.js';
import * as ssoRepo from './sso.repository.js';

/** How long the provider may take to send the browser back. */
export const SSO_REQUEST_LIFETIME_MS = 10 * 60 * 1000;
/** How long the web app has to trade the one-time code for the tokens. */
export const SSO_HANDOFF_LIFETIME_MS = 60 * 1000;
/** A provider that does not answer discovery within this is taken as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/** A refused single sign-on: its stable code and HTTP status. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    readonly statusCode: number,
  ) {
    super(code);
    this.name = 'SsoRefusal';
  }
}

/** What the service logs of refusals. */
interface SsoLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * Single sign-on with an OpenID provider (authorization code flow with PKCE, state and nonce),
 * ending in a sign-in of the embedded service: the same tokens as a password sign-in gives.
 */
export function createSso(deps: IdentityServiceDeps & { sso: SsoConfig }, sessions: Sessions) {
  const { db, clock, sso } = deps;
  let discovered: Promise<oidc.Configuration> | null = null;

  /** The provider's metadata, discovered once per process; a failure is tried again next time. */
  function provider(log: SsoLog): Promise<oidc.Configuration> {
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

  /** A new account for a verified address, without a password (a reset sets one). */
  async function createAccount(email: string, name: string): Promise<AccountRow | undefined> {
    const uid = newId();
    const inserted = await repo.insertAccount(db, {
      uid,
      email,
      // Nobody knows this password: the account signs in by single sign-on until a reset.
      password_hash: await hash(newSecret()),
      created_at: clock.now().toISOString(),
    });
    if (!inserted) return undefined;
    await repo.updateAccount(db, uid, {
      email_verified: 1,
      display_name: name ? name.slice(0, DISPLAY_NAME_MAX) : null,
    });
    return repo.findAccountByUid(db, uid);
  }

  /**
   * The provider vouches for the address of an account whose address was never confirmed here:
   * whoever made the account may not own it, so its password and sign-ins end, and the address
   * counts as confirmed (an account made in someone else's name is not taken over by them).
   */
  async function claimUnconfirmedAccount(account: AccountRow): Promise<void> {
    if (account.email_verified === 1) return;
    const now = clock.now().toISOString();
    await repo.updateAccount(db, account.uid, {
      email_verified: 1,
      password_hash: await hash(newSecret()),
      password_updated_at: now,
    });
    await repo.revokeOtherFamilies(db, account.uid, null, now);
  }

  /** The account the identity signs in to: by its link, else by its verified address. */
  async function accountFor(claims: Awaited<ReturnType<typeof identityClaims>>) {
    const now = clock.now().toISOString();
    const link = await ssoRepo.findLink(db, claims.issuer, claims.subject);
    if (link) {
      await ssoRepo.touchLink(db, claims.issuer, claims.subject, now);
      return repo.findAccountByUid(db, link.uid);
    }
    if (!claims.email || !claims.verified) throw new SsoRefusal('SSO_EMAIL_NOT_VERIFIED', 403);
    let account = await repo.findAccountByEmail(db, claims.email);
    if (account) {
      if (await ssoRepo.findLinkOfAccount(db, claims.issuer, account.uid)) {
        throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
      }
      await claimUnconfirmedAccount(account);
    } else if (sso.autoCreate) {
      account = await createAccount(claims.email, claims.name);
    } else {
      throw new SsoRefusal('SSO_NO_ACCOUNT', 403);
    }
    if (!account) throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
    const linked = await ssoRepo.insertLink(db, {
      issuer: claims.issuer,
      subject: claims.subject,
      uid: account.uid,
      created_at: now,
      last_used_at: now,
    });
    // A concurrent first sign-in of the same identity linked it: that link decides.
    if (!linked) {
      const winner = await ssoRepo.findLink(db, claims.issuer, claims.subject);
      if (winner?.uid !== account.uid) throw new SsoRefusal('SSO_LINKED_ELSEWHERE', 409);
    }
    return repo.findAccountByUid(db, account.uid);
  }

  return {
    /**
     * Starts a sign-in: the provider's authorization URL, and the secret of the cookie that binds
     * the sign-in to this browser. The request is stored so that any instance can finish it.
     */
    async start(redirectUri: string, log: SsoLog): Promise<{ url: string; browser: string }> {
      const config = await provider(log);
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
      const config = await provider(log);
      const request = await ssoRepo.takeRequest(
        db,
        { stateHash: sha256(state), browserHash: sha256(input.browser) },
        clock.now().toISOString(),
      );
      if (!request) throw new SsoRefusal('SSO_STATE_INVALID', 400);
      let claims: Awaited<ReturnType<typeof identityClaims>>;
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
        claims = await identityClaims(config, tokens);
      } catch (error) {
        if (error instanceof SsoRefusal) throw error;
        log.debug({ err: error }, 'single sign-on refused by its checks');
        throw new SsoRefusal('SSO_PROVIDER_REFUSED', 400);
      }
      const account = await accountFor(claims);
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

export type Sso = ReturnType<typeof createSso>;
