import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { IdentityRefreshResponse, IdentitySignInResponse } from '@photo/contract';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@photo/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId, newSecret } from '../../lib/ids.js';
import type { SigningKeys } from '../../lib/signing-keys.js';
import { ID_TOKEN_LIFETIME_SECONDS, signIdToken } from './id-token.js';
import { IdentityError } from './identity.errors.js';
import * as repo from './identity.repository.js';
import { createSignInThrottle, type SignInClient } from './sign-in-throttle.js';

/** How long a refresh token lives unused. Each use rotates it and starts a new lifetime. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  keys: SigningKeys;
  config: Pick<Config, 'auth'>;
}

export interface Credentials {
  email?: unknown;
  password?: unknown;
}

export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock, keys } = deps;
  const throttle = createSignInThrottle({ db, clock });
  // Compared against when the e-mail is unknown, so both answers take the same time.
  const dummyHash = hash('not-a-real-password-0123456789');

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

  async function issueTokens(
    uid: string,
    email: string,
    familyId: string,
    authTime: number,
  ): Promise<{ idToken: string; refreshToken: string }> {
    const now = clock.now();
    const idToken = await signIdToken(
      keys,
      { uid, email, authTime },
      { issuer: deps.config.auth.issuer, audience: deps.config.auth.audience, now },
    );
    const refreshToken = newSecret();
    await repo.insertRefreshToken(db, {
      token_hash: sha256(refreshToken),
      uid,
      family_id: familyId,
      auth_time: authTime,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
    });
    return { idToken, refreshToken };
  }

  async function signInAnswer(uid: string, email: string): Promise<IdentitySignInResponse> {
    const authTime = Math.floor(clock.now().getTime() / 1000);
    const tokens = await issueTokens(uid, email, newId(), authTime);
    return { ...tokens, expiresIn: String(ID_TOKEN_LIFETIME_SECONDS), localId: uid, email };
  }

  return {
    async signUp(input: Credentials): Promise<IdentitySignInResponse> {
      const email = readEmail(input.email);
      const password = readPassword(input.password);
      if (password.length < PASSWORD_MIN) {
        throw new IdentityError('WEAK_PASSWORD : Password should be at least 8 characters');
      }
      if (await repo.findAccountByEmail(db, email)) throw new IdentityError('EMAIL_EXISTS');
      const uid = newId();
      const inserted = await repo.insertAccount(db, {
        uid,
        email,
        password_hash: await hash(password),
        created_at: clock.now().toISOString(),
      });
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      return { kind: 'identitytoolkit#SignupNewUserResponse', ...(await signInAnswer(uid, email)) };
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
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        registered: true,
        ...(await signInAnswer(account.uid, account.email)),
      };
    },

    /** Exchanges a refresh token for a new ID token and a new refresh token (rotation). */
    async refresh(grantType: unknown, refreshToken: unknown): Promise<IdentityRefreshResponse> {
      if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
      if (typeof refreshToken !== 'string' || refreshToken === '') {
        throw new IdentityError('MISSING_REFRESH_TOKEN');
      }
      const tokenHash = sha256(refreshToken);
      const row = await repo.findRefreshToken(db, tokenHash);
      if (!row || row.revoked_at) throw new IdentityError('INVALID_REFRESH_TOKEN');
      const now = clock.now();
      if (row.used_at) {
        // A rotated token came back: someone holds a copy. End the whole sign-in.
        await repo.revokeFamily(db, row.family_id, now.toISOString());
        throw new IdentityError('INVALID_REFRESH_TOKEN');
      }
      if (row.expires_at <= now.toISOString()) throw new IdentityError('TOKEN_EXPIRED');
      const account = await repo.findAccountByUid(db, row.uid);
      if (!account) throw new IdentityError('INVALID_REFRESH_TOKEN');
      if (!(await repo.markRefreshTokenUsed(db, tokenHash, now.toISOString()))) {
        await repo.revokeFamily(db, row.family_id, now.toISOString());
        throw new IdentityError('INVALID_REFRESH_TOKEN');
      }
      const tokens = await issueTokens(account.uid, account.email, row.family_id, row.auth_time);
      return {
        id_token: tokens.idToken,
        refresh_token: tokens.refreshToken,
        expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
        token_type: 'Bearer',
        user_id: account.uid,
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
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
