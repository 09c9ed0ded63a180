import type { IdentitySignInResponse } from '@photo/contract';
import type { Db } from '../../db/schema.js';
import { newId, newSecret } from '../../lib/ids.js';
import { ID_TOKEN_LIFETIME_SECONDS, signIdToken, verifyOwnIdToken } from './id-token.js';
import { sha256, type IdentityServiceDeps } from './identity.context.js';
import { isAccountDisabled, recordSignIn } from './identity.account-state.js';
import { IdentityError } from './identity.errors.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';

/** How long a refresh token lives unused. Each use rotates it and starts a new lifetime. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** ID tokens, and the sign-ins (families of refresh tokens) they come with. */
export function createSessions(deps: IdentityServiceDeps) {
  const { db, clock, keys } = deps;
  const tokenOptions = () => ({
    issuer: deps.config.auth.issuer,
    audience: deps.config.auth.audience,
    now: clock.now(),
  });

  function signIdTokenFor(account: AccountRow, authTime: number) {
    return signIdToken(
      keys,
      {
        uid: account.uid,
        email: account.email,
        emailVerified: account.email_verified === 1,
        displayName: account.display_name,
        authTime,
      },
      tokenOptions(),
    );
  }

  /** Starts a sign-in: a new family of refresh tokens. */
  async function startSignIn(
    trx: Db,
    account: AccountRow,
  ): Promise<{ idToken: string; refreshToken: string; familyId: string }> {
    const now = clock.now();
    const authTime = Math.floor(now.getTime() / 1000);
    const familyId = newId();
    await repo.insertSignIn(trx, {
      family_id: familyId,
      uid: account.uid,
      created_at: now.toISOString(),
    });
    const refreshToken = newSecret();
    await repo.insertRefreshToken(trx, {
      token_hash: sha256(refreshToken),
      uid: account.uid,
      family_id: familyId,
      auth_time: authTime,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
    });
    return { idToken: await signIdTokenFor(account, authTime), refreshToken, familyId };
  }

  return {
    signIdTokenFor,
    startSignIn,

    /** The account an ID token of this service names, and when its holder signed in. */
    async accountOfIdToken(idToken: unknown) {
      if (typeof idToken !== 'string' || idToken === '')
        throw new IdentityError('INVALID_ID_TOKEN');
      const verified = await verifyOwnIdToken(keys, idToken, tokenOptions());
      if (!verified) throw new IdentityError('INVALID_ID_TOKEN');
      const account = await repo.findAccountByUid(db, verified.uid);
      if (!account) throw new IdentityError('USER_NOT_FOUND');
      if (await isAccountDisabled(db, account.uid)) throw new IdentityError('USER_DISABLED');
      // A password change ends the sign-ins before it; their ID tokens no longer manage the account.
      const changed = account.password_updated_at
        ? Math.floor(Date.parse(account.password_updated_at) / 1000)
        : 0;
      if (verified.issuedAt < changed) throw new IdentityError('TOKEN_EXPIRED');
      return { account, authTime: verified.authTime };
    },

    /**
     * A new sign-in of the account, as sign-up and sign-in answer it: every way of signing in
     * passes here, so a disabled account is refused here (USER_DISABLED) and the sign-in recorded.
     */
    async signInAnswer(account: AccountRow): Promise<IdentitySignInResponse> {
      if (await isAccountDisabled(db, account.uid)) throw new IdentityError('USER_DISABLED');
      const { idToken, refreshToken } = await startSignIn(db, account);
      await recordSignIn(db, account.uid, clock.now().toISOString());
      return {
        idToken,
        refreshToken,
        expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
        localId: account.uid,
        email: account.email,
        ...(account.display_name ? { displayName: account.display_name } : { displayName: '' }),
      };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
