import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { IdentityRefreshResponse } from '@photo/contract';
import { newSecret } from '../../lib/ids.js';
import { ID_TOKEN_LIFETIME_SECONDS } from './id-token.js';
import { sha256, type IdentityServiceDeps } from './identity.context.js';
import { isAccountDisabled } from './identity.account-state.js';
import { IdentityError } from './identity.errors.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import { REFRESH_TOKEN_LIFETIME_MS, type Sessions } from './identity.sessions.js';

/**
 * How long a just-rotated refresh token still answers its successor: two tabs (or a retry after a
 * lost answer) presenting the same token get the same new token instead of ending the sign-in.
 */
export const REFRESH_GRACE_MS = 30_000;

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

type RefreshOutcome =
  | { ok: true; account: AccountRow; refreshToken: string; authTime: number }
  | { ok: false; error: 'INVALID_REFRESH_TOKEN' | 'TOKEN_EXPIRED' | 'USER_DISABLED' };

/** Refresh tokens: exchanged for new ID tokens (rotating), or revoked by signing out. */
export function createRefreshTokens(deps: IdentityServiceDeps, sessions: Sessions) {
  const { db, clock } = deps;

  /** The rotation itself, in one transaction: see refresh(). */
  function rotate(presented: string): Promise<RefreshOutcome> {
    const tokenHash = sha256(presented);
    return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
      const now = clock.now();
      const nowIso = now.toISOString();
      let row = await repo.findRefreshToken(trx, tokenHash);
      if (!row) return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
      // Disabled by an administrator (its tokens were revoked then): said so, as the hosted
      // provider does.
      if (await isAccountDisabled(trx, row.uid)) return { ok: false, error: 'USER_DISABLED' };
      if (row.revoked_at) return { ok: false, error: 'INVALID_REFRESH_TOKEN' };
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
      const idToken = await sessions.signIdTokenFor(outcome.account, outcome.authTime);
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
  };
}
