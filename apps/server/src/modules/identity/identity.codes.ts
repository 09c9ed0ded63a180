import type { IdentityOobRequestType, IdentitySendOobCodeRequest } from '@photo/contract';
import { IDENTITY_OOB_REQUEST_TYPES } from '@photo/contract';
import { newSecret } from '../../lib/ids.js';
import { sha256, type IdentityServiceDeps, type RequestContext } from './identity.context.js';
import { IdentityError } from './identity.errors.js';
import { readEmail } from './identity.input.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import type { Sessions } from './identity.sessions.js';
import { accountMailLocale } from './identity.mail-locale.js';
import { oobMail } from './oob-mail.js';

export const OOB_CODE_LIFETIME_MS: Record<IdentityOobRequestType, number> = {
  PASSWORD_RESET: 3600 * 1000,
  VERIFY_EMAIL: 3 * 24 * 3600 * 1000,
};
/** E-mails of one kind one account may be sent per hour. */
export const OOB_CODES_PER_HOUR = 5;

/** The codes e-mailed to confirm an address or reset a password. */
export function createCodes(deps: IdentityServiceDeps) {
  const { db, clock } = deps;

  /** Makes a code and stores its hash; answers the code and when it stops working. */
  async function issueCode(
    account: AccountRow,
    requestType: IdentityOobRequestType,
  ): Promise<{ code: string; expiresAt: string }> {
    const now = clock.now();
    const code = newSecret();
    const expiresAt = new Date(now.getTime() + OOB_CODE_LIFETIME_MS[requestType]).toISOString();
    await repo.insertOobCode(db, {
      code_hash: sha256(code),
      uid: account.uid,
      request_type: requestType,
      email: account.email,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    return { code, expiresAt };
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
    const { code } = await issueCode(account, requestType);
    const locale = await accountMailLocale(db, account.uid, context.locale);
    await deps.mailer.send(
      oobMail(
        requestType,
        account.email,
        code,
        deps.config.publicUrl ?? context.linkOrigin,
        locale,
      ),
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

  return {
    issueCode,
    sendCode,
    readCode,

    /** Confirms the address a VERIFY_EMAIL code was sent to (applyActionCode); answers the account. */
    async verifyEmail(oobCode: unknown): Promise<AccountRow> {
      const { row, account } = await readCode(oobCode, 'VERIFY_EMAIL');
      const nowIso = clock.now().toISOString();
      if (!(await repo.useOobCode(db, row.code_hash, nowIso))) {
        throw new IdentityError('INVALID_OOB_CODE');
      }
      await repo.updateAccount(db, account.uid, { email_verified: 1 });
      const updated = await repo.findAccountByUid(db, account.uid);
      return updated ?? account;
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;

/** accounts:sendOobCode. */
export function createCodeRequests(deps: IdentityServiceDeps, sessions: Sessions, codes: Codes) {
  const { db } = deps;

  return {
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
        if (account) await codes.sendCode(account, requestType, context);
        return { kind, email };
      }
      const { account } = await sessions.accountOfIdToken(input.idToken);
      if (!(await codes.sendCode(account, requestType, context))) {
        throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
      }
      return { kind, email: account.email };
    },
  };
}
