import { hash } from '@node-rs/argon2';
import type {
  IdentityAccountInfo,
  IdentityMfaInfo,
  IdentityLookupResponse,
  IdentityUpdateRequest,
  IdentityUpdateResponse,
} from '@photo/contract';
import { ID_TOKEN_LIFETIME_SECONDS } from './id-token.js';
import type { Codes } from './identity.codes.js';
import type { IdentityServiceDeps } from './identity.context.js';
import { IdentityError } from './identity.errors.js';
import { readNewPassword } from './identity.input.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import type { Sessions } from './identity.sessions.js';

/** A password change needs a sign-in with the password this recent (seconds). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
export const DISPLAY_NAME_MAX = 256;
/** What the hosted service shows instead of a password hash ("REDACTED", base64). */
const REDACTED_HASH = 'UkVEQUNURUQ=';

function accountInfo(account: AccountRow): IdentityAccountInfo {
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.email_verified === 1,
    ...(account.display_name ? { displayName: account.display_name } : {}),
    ...(account.photo_url ? { photoUrl: account.photo_url } : {}),
    passwordHash: REDACTED_HASH,
    ...(account.password_updated_at
      ? {
          passwordUpdatedAt: Date.parse(account.password_updated_at),
          validSince: String(Math.floor(Date.parse(account.password_updated_at) / 1000)),
        }
      : {}),
    providerUserInfo: [
      {
        providerId: 'password',
        federatedId: account.email,
        email: account.email,
        rawId: account.email,
        ...(account.display_name ? { displayName: account.display_name } : {}),
        ...(account.photo_url ? { photoUrl: account.photo_url } : {}),
      },
    ],
    createdAt: String(Date.parse(account.created_at)),
    ...(account.last_login_at
      ? {
          lastLoginAt: String(Date.parse(account.last_login_at)),
          lastRefreshAt: account.last_login_at,
        }
      : {}),
  };
}

function updateAnswer(account: AccountRow): IdentityUpdateResponse {
  const info = accountInfo(account);
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId: info.localId,
    email: info.email,
    emailVerified: info.emailVerified,
    ...(info.displayName ? { displayName: info.displayName } : {}),
    ...(info.photoUrl ? { photoUrl: info.photoUrl } : {}),
    passwordHash: REDACTED_HASH,
    providerUserInfo: info.providerUserInfo,
  };
}

/**
 * The enrolled second factors of an account, as accounts:lookup lists them (absent when none):
 * the second factor's (second-factor/), wired in by identity.service.ts.
 */
export type SecondFactorsOf = (uid: string) => Promise<{ mfaInfo?: IdentityMfaInfo[] }>;

/** The signed-in caller's own account: read it, change it, delete it. */
export function createAccountManagement(
  deps: IdentityServiceDeps,
  sessions: Sessions,
  codes: Codes,
  secondFactorsOf: SecondFactorsOf,
) {
  const { db, clock } = deps;

  return {
    async lookup(idToken: unknown): Promise<IdentityLookupResponse> {
      const { account } = await sessions.accountOfIdToken(idToken);
      return {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [{ ...accountInfo(account), ...(await secondFactorsOf(account.uid)) }],
      };
    },

    /**
     * accounts:update. With an oobCode: confirms an address (applyActionCode). With an idToken:
     * sets the display name or photo, or the password (which needs a recent sign-in, ends every
     * other sign-in and answers the caller's new one).
     */
    async update(input: IdentityUpdateRequest): Promise<IdentityUpdateResponse> {
      if (input.oobCode !== undefined && input.idToken === undefined) {
        return updateAnswer(await codes.verifyEmail(input.oobCode));
      }
      const { account, authTime } = await sessions.accountOfIdToken(input.idToken);
      const changes: Parameters<typeof repo.updateAccount>[2] = {};
      const deleted = new Set(input.deleteAttribute ?? []);
      if (deleted.has('DISPLAY_NAME')) changes.display_name = null;
      if (deleted.has('PHOTO_URL')) changes.photo_url = null;
      if (input.displayName !== undefined) {
        const name = input.displayName.trim();
        if (name.length > DISPLAY_NAME_MAX) throw new IdentityError('INVALID_ARGUMENT');
        changes.display_name = name === '' ? null : name;
      }
      if (input.photoUrl !== undefined) {
        const url = input.photoUrl.trim();
        if (url.length > 2048) throw new IdentityError('INVALID_ARGUMENT');
        changes.photo_url = url === '' ? null : url;
      }
      let tokens: { idToken: string; refreshToken: string } | undefined;
      if (input.password !== undefined) {
        const password = readNewPassword(input.password);
        const nowSeconds = Math.floor(clock.now().getTime() / 1000);
        if (nowSeconds - authTime > RECENT_SIGN_IN_SECONDS) {
          throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
        }
        const passwordHash = await hash(password);
        tokens = await db.transaction().execute(async (trx) => {
          const nowIso = clock.now().toISOString();
          await repo.updateAccount(trx, account.uid, {
            ...changes,
            password_hash: passwordHash,
            password_updated_at: nowIso,
          });
          await repo.revokeOtherFamilies(trx, account.uid, null, nowIso);
          await repo.useOobCodesOf(trx, account.uid, 'PASSWORD_RESET', nowIso);
          const updated = await repo.findAccountByUid(trx, account.uid);
          return sessions.startSignIn(trx, updated ?? account);
        });
      } else {
        await repo.updateAccount(db, account.uid, changes);
      }
      const updated = (await repo.findAccountByUid(db, account.uid)) ?? account;
      return {
        ...updateAnswer(updated),
        ...(tokens
          ? {
              idToken: tokens.idToken,
              refreshToken: tokens.refreshToken,
              expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
            }
          : {}),
      };
    },

    /** Deletes the account named by the ID token, with its sign-ins and codes. */
    async deleteAccount(idToken: unknown): Promise<void> {
      const { account } = await sessions.accountOfIdToken(idToken);
      await repo.deleteAccount(db, account.uid);
    },
  };
}
