import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type {
  IdentityAccountInfo,
  IdentityLookupResponse,
  IdentityOobRequestType,
  IdentityRefreshResponse,
  IdentityResetPasswordRequest,
  IdentitySendOobCodeRequest,
  IdentitySignInResponse,
  IdentityUpdateRequest,
  IdentityUpdateResponse,
} from '@photo/contract';
import { EMAIL_MAX, IDENTITY_OOB_REQUEST_TYPES, PASSWORD_MAX, PASSWORD_MIN } from '@photo/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId, newSecret } from '../../lib/ids.js';
import type { MailLog, Mailer } from '../../lib/mailer.js';
import type { SigningKeys } from '../../lib/signing-keys.js';
import { ID_TOKEN_LIFETIME_SECONDS, signIdToken, verifyOwnIdToken } from './id-token.js';
import { IdentityError } from './identity.errors.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import { oobMail } from './oob-mail.js';
import { createSignInThrottle, type SignInClient } from './sign-in-throttle.js';

/** How long a refresh token lives unused. Each use rotates it and starts a new lifetime. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/**
 * How long a just-rotated refresh token still answers its successor: two tabs (or a retry after a
 * lost answer) presenting the same token get the same new token instead of ending the sign-in.
 */
export const REFRESH_GRACE_MS = 30_000;
/** A password change needs a sign-in with the password this recent (seconds). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
export const OOB_CODE_LIFETIME_MS: Record<IdentityOobRequestType, number> = {
  PASSWORD_RESET: 3600 * 1000,
  VERIFY_EMAIL: 3 * 24 * 3600 * 1000,
};
/** E-mails of one kind one account may be sent per hour. */
export const OOB_CODES_PER_HOUR = 5;
export const DISPLAY_NAME_MAX = 256;
/** What the hosted service shows instead of a password hash ("REDACTED", base64). */
const REDACTED_HASH = 'UkVEQUNURUQ=';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Seals a successor refresh token with a key derived from the token it replaces. */
function sealSuccessor(successor: string, presented: string): string {
  const key = createHash('sha256').update(`refresh-successor\0${presented}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function openSuccessor(sealed: string, presented: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const key = createHash('sha256').update(`refresh-successor\0${presented}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  keys: SigningKeys;
  config: Pick<Config, 'auth' | 'publicUrl'>;
  mailer: Mailer;
}

/** Who asks: where their log goes, and the origin the links in e-mails point at. */
export interface RequestContext {
  log: MailLog & { error(details: object, message: string): void };
  linkOrigin: string;
}

export interface Credentials {
  email?: unknown;
  password?: unknown;
}

type RefreshOutcome =
  | { ok: true; account: AccountRow; refreshToken: string; authTime: number }
  | { ok: false; error: 'INVALID_REFRESH_TOKEN' | 'TOKEN_EXPIRED' };

export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock, keys } = deps;
  const throttle = createSignInThrottle({ db, clock });
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = hash('not-a-real-password-0123456789');
  const tokenOptions = () => ({
    issuer: deps.config.auth.issuer,
    audience: deps.config.auth.audience,
    now: clock.now(),
  });

  function readEmail(value: unknown): string {
    if (value === undefined || value === null || value === '')
      throw new IdentityError('MISSING_EMAIL');
    if (typeof value !== 'string') throw new IdentityError('INVALID_EMAIL');
    const email = value.trim().toLowerCase();
    if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))
      throw new IdentityError('INVALID_EMAIL');
    return email;
  }

  function readPassword(value: unknown): string {
    if (value === undefined || value === null || value === '')
      throw new IdentityError('MISSING_PASSWORD');
    if (typeof value !== 'string' || value.length > PASSWORD_MAX)
      throw new IdentityError('INVALID_ARGUMENT');
    return value;
  }

  function readNewPassword(value: unknown): string {
    const password = readPassword(value);
    if (password.length < PASSWORD_MIN) {
      throw new IdentityError('WEAK_PASSWORD : Password should be at least 8 characters');
    }
    return password;
  }

  /** The account an ID token of this service names, and when its holder signed in. */
  async function accountOfIdToken(idToken: unknown) {
    if (typeof idToken !== 'string' || idToken === '') throw new IdentityError('INVALID_ID_TOKEN');
    const verified = await verifyOwnIdToken(keys, idToken, tokenOptions());
    if (!verified) throw new IdentityError('INVALID_ID_TOKEN');
    const account = await repo.findAccountByUid(db, verified.uid);
    if (!account) throw new IdentityError('USER_NOT_FOUND');
    // A password change ends the sign-ins before it; their ID tokens no longer manage the account.
    const changed = account.password_updated_at
      ? Math.floor(Date.parse(account.password_updated_at) / 1000)
      : 0;
    if (verified.issuedAt < changed) throw new IdentityError('TOKEN_EXPIRED');
    return { account, authTime: verified.authTime };
  }

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

  async function signInAnswer(account: AccountRow): Promise<IdentitySignInResponse> {
    const { idToken, refreshToken } = await startSignIn(db, account);
    return {
      idToken,
      refreshToken,
      expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
      localId: account.uid,
      email: account.email,
      ...(account.display_name ? { displayName: account.display_name } : { displayName: '' }),
    };
  }

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

  /** Makes a code, stores its hash and e-mails it. Answers false when the hourly budget is spent. */
  async function sendCode(
    account: AccountRow,
    requestType: IdentityOobRequestType,
    context: RequestContext,
  ): Promise<boolean> {
    const now = clock.now();
    const since = new Date(now.getTime() - 3600 * 1000).toISOString();
    if (
      (await repo.countOobCodesSince(db, account.uid, requestType, since)) >= OOB_CODES_PER_HOUR
    ) {
      return false;
    }
    const code = newSecret();
    await repo.insertOobCode(db, {
      code_hash: sha256(code),
      uid: account.uid,
      request_type: requestType,
      email: account.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OOB_CODE_LIFETIME_MS[requestType]).toISOString(),
    });
    await deps.mailer.send(
      oobMail(requestType, account.email, code, deps.config.publicUrl ?? context.linkOrigin),
      context.log,
    );
    return true;
  }

  /** A stored, unexpired, unused code of that kind; throws the protocol's error otherwise. */
  async function readCode(code: unknown, requestType: IdentityOobRequestType) {
    if (typeof code !== 'string' || code === '') throw new IdentityError('MISSING_OOB_CODE');
    const row = await repo.findOobCode(db, sha256(code));
    if (!row || row.used_at || row.request_type !== requestType) {
      throw new IdentityError('INVALID_OOB_CODE');
    }
    if (row.expires_at <= clock.now().toISOString()) throw new IdentityError('EXPIRED_OOB_CODE');
    const account = await repo.findAccountByUid(db, row.uid);
    if (!account || account.email !== row.email) throw new IdentityError('INVALID_OOB_CODE');
    return { row, account };
  }

  /** The rotation itself, in one transaction: see refresh(). */
  function rotate(presented: string): Promise<RefreshOutcome> {
    const tokenHash = sha256(presented);
    return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
      const now = clock.now();
      const nowIso = now.toISOString();
      let row = await repo.findRefreshToken(trx, tokenHash);
      if (!row || row.revoked_at) return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
      const account = await repo.findAccountByUid(trx, row.uid);
      if (!account) return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
      // The sign-in's row first: it orders this exchange after (or before) any other exchange or
      // revocation of the same sign-in, always in the same lock order (no deadlock).
      if (!(await repo.touchSignIn(trx, row.family_id, nowIso))) {
        return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
      }
      if (!row.used_at) {
        if (row.expires_at <= nowIso) return { ok: false, error: 'TOKEN_EXPIRED' };
        const successor = newSecret();
        const won = await repo.markRefreshTokenUsed(trx, tokenHash, {
          at: nowIso,
          hash: sha256(successor),
          sealed: sealSuccessor(successor, presented),
        });
        if (won) {
          await repo.insertRefreshToken(trx, {
            token_hash: sha256(successor),
            uid: row.uid,
            family_id: row.family_id,
            auth_time: row.auth_time,
            created_at: nowIso,
            expires_at: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
          });
          return { ok: true, account, refreshToken: successor, authTime: row.auth_time };
        }
        // Another exchange of the same token won the conditional update: read what it wrote.
        row = await repo.findRefreshToken(trx, tokenHash);
        if (!row || row.revoked_at || !row.used_at) {
          return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
        }
      }
      // The token was exchanged before. Within the grace window, and while its successor is
      // unused, the same successor is the answer; otherwise someone holds a copy: end the sign-in.
      const successorRow = row.successor_hash
        ? await repo.findRefreshToken(trx, row.successor_hash)
        : undefined;
      const inGrace = now.getTime() - Date.parse(row.used_at) <= REFRESH_GRACE_MS;
      const successor =
        inGrace && successorRow && !successorRow.used_at && !successorRow.revoked_at
          ? openSuccessor(row.successor_sealed ?? '', presented)
          : null;
      if (successor) {
        return { ok: true, account, refreshToken: successor, authTime: row.auth_time };
      }
      await repo.revokeFamily(trx, row.family_id, nowIso);
      return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
    });
  }

  return {
    async signUp(input: Credentials, context: RequestContext): Promise<IdentitySignInResponse> {
      const email = readEmail(input.email);
      const password = readNewPassword(input.password);
      if (await repo.findAccountByEmail(db, email)) throw new IdentityError('EMAIL_EXISTS');
      const uid = newId();
      const inserted = await repo.insertAccount(db, {
        uid,
        email,
        password_hash: await hash(password),
        created_at: clock.now().toISOString(),
      });
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      const account = await repo.findAccountByUid(db, uid);
      if (!account) throw new IdentityError('USER_NOT_FOUND');
      const answer = await signInAnswer(account);
      // The verification e-mail goes out without holding the answer back; a failure is logged.
      sendCode(account, 'VERIFY_EMAIL', context).catch((error: unknown) =>
        context.log.error({ err: error }, 'verification e-mail not sent'),
      );
      return { kind: 'identitytoolkit#SignupNewUserResponse', ...answer };
    },

    async signInWithPassword(
      input: Credentials,
      client: SignInClient,
    ): Promise<IdentitySignInResponse> {
      const email = readEmail(input.email);
      const password = readPassword(input.password);
      const admitted = await throttle.admit(email, client);
      const account = await repo.findAccountByEmail(db, email);
      const ok = account
        ? await verify(account.password_hash, password)
        : (await verify(await dummyHash, password), false);
      if (!account || !ok) {
        await throttle.failed(admitted);
        throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
      }
      await throttle.succeeded(admitted, account.uid);
      await repo.updateAccount(db, account.uid, { last_login_at: clock.now().toISOString() });
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        registered: true,
        ...(await signInAnswer(account)),
      };
    },

    /**
     * Exchanges a refresh token for a new ID token and a new refresh token (rotation). Atomic: one
     * transaction whose conditional update lets exactly one of concurrent exchanges rotate; the
     * others answer the same successor within REFRESH_GRACE_MS. Presented later, or once its
     * successor was used, the token ends its whole sign-in.
     */
    async refresh(grantType: unknown, refreshToken: unknown): Promise<IdentityRefreshResponse> {
      if (grantType === undefined || grantType === null || grantType === '') {
        throw new IdentityError('MISSING_GRANT_TYPE');
      }
      if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
      if (typeof refreshToken !== 'string' || refreshToken === '') {
        throw new IdentityError('MISSING_REFRESH_TOKEN');
      }
      const outcome = await rotate(refreshToken);
      if (!outcome.ok) throw new IdentityError(outcome.error);
      const idToken = await signIdTokenFor(outcome.account, outcome.authTime);
      return {
        access_token: idToken,
        id_token: idToken,
        refresh_token: outcome.refreshToken,
        expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
        token_type: 'Bearer',
        user_id: outcome.account.uid,
        project_id: deps.config.auth.audience,
      };
    },

    /** Revokes the refresh token and every token rotated from the same sign-in. */
    async signOut(refreshToken: unknown): Promise<void> {
      if (typeof refreshToken !== 'string' || refreshToken === '') {
        throw new IdentityError('MISSING_REFRESH_TOKEN');
      }
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!row) throw new IdentityError('INVALID_REFRESH_TOKEN');
      await repo.revokeFamily(db, row.family_id, clock.now().toISOString());
    },

    async lookup(idToken: unknown): Promise<IdentityLookupResponse> {
      const { account } = await accountOfIdToken(idToken);
      return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [accountInfo(account)] };
    },

    /**
     * accounts:update. With an oobCode: confirms an address (applyActionCode). With an idToken:
     * sets the display name or photo, or the password (which needs a recent sign-in, ends every
     * other sign-in and answers the caller's new one).
     */
    async update(input: IdentityUpdateRequest): Promise<IdentityUpdateResponse> {
      if (input.oobCode !== undefined && input.idToken === undefined) {
        const { row, account } = await readCode(input.oobCode, 'VERIFY_EMAIL');
        const nowIso = clock.now().toISOString();
        if (!(await repo.useOobCode(db, row.code_hash, nowIso))) {
          throw new IdentityError('INVALID_OOB_CODE');
        }
        await repo.updateAccount(db, account.uid, { email_verified: 1 });
        const updated = await repo.findAccountByUid(db, account.uid);
        return updateAnswer(updated ?? account);
      }
      const { account, authTime } = await accountOfIdToken(input.idToken);
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
          return startSignIn(trx, updated ?? account);
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
      const { account } = await accountOfIdToken(idToken);
      await repo.deleteAccount(db, account.uid);
    },

    /**
     * E-mails a code: PASSWORD_RESET to an address (the answer is the same whether an account
     * has it or not), VERIFY_EMAIL to the signed-in caller's own address.
     */
    async sendOobCode(
      input: IdentitySendOobCodeRequest,
      context: RequestContext,
    ): Promise<{ kind: string; email: string }> {
      const kind = 'identitytoolkit#GetOobConfirmationCodeResponse';
      if (input.requestType === undefined || input.requestType === '') {
        throw new IdentityError('MISSING_REQ_TYPE');
      }
      const requestType = IDENTITY_OOB_REQUEST_TYPES.find((type) => type === input.requestType);
      if (!requestType) throw new IdentityError('INVALID_REQ_TYPE');
      if (requestType === 'PASSWORD_RESET') {
        const email = readEmail(input.email);
        const account = await repo.findAccountByEmail(db, email);
        // Over budget or unknown: the same answer, so the address's owner cannot be mail-bombed
        // and nobody learns which addresses have accounts.
        if (account) await sendCode(account, requestType, context);
        return { kind, email };
      }
      const { account } = await accountOfIdToken(input.idToken);
      if (!(await sendCode(account, requestType, context))) {
        throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
      }
      return { kind, email: account.email };
    },

    /**
     * accounts:resetPassword: with only the code, tells which address it is for
     * (verifyPasswordResetCode); with a new password, sets it and ends every sign-in.
     */
    async resetPassword(
      input: IdentityResetPasswordRequest,
    ): Promise<{ kind: string; email: string; requestType: 'PASSWORD_RESET' }> {
      const { row, account } = await readCode(input.oobCode, 'PASSWORD_RESET');
      const answer = {
        kind: 'identitytoolkit#ResetPasswordResponse',
        email: account.email,
        requestType: 'PASSWORD_RESET' as const,
      };
      if (input.newPassword === undefined) return answer;
      const passwordHash = await hash(readNewPassword(input.newPassword));
      const used = await db.transaction().execute(async (trx) => {
        const nowIso = clock.now().toISOString();
        if (!(await repo.useOobCode(trx, row.code_hash, nowIso))) return false;
        await repo.updateAccount(trx, account.uid, {
          password_hash: passwordHash,
          password_updated_at: nowIso,
          // Whoever opened the link reads that mailbox.
          email_verified: 1,
        });
        await repo.useOobCodesOf(trx, account.uid, 'PASSWORD_RESET', nowIso);
        await repo.revokeOtherFamilies(trx, account.uid, null, nowIso);
        return true;
      });
      if (!used) throw new IdentityError('INVALID_OOB_CODE');
      return answer;
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
