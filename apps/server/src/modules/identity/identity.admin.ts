import type { IdentityServiceDeps } from './identity.context.js';
import { createCodes } from './identity.codes.js';
import * as repo from './identity.repository.js';
import type { AccountRow } from './identity.repository.js';
import { actionLink } from './oob-mail.js';

/**
 * What the server's administrator does for an account of the embedded service when the server
 * sends no e-mail: what the mailed links would have done, by hand.
 */
export function createAccountAdministration(deps: IdentityServiceDeps) {
  const codes = createCodes(deps);

  return {
    /** Confirms the account's address, as its verification link would; undefined: no account. */
    async markAddressVerified(uid: string): Promise<AccountRow | undefined> {
      await repo.updateAccount(deps.db, uid, { email_verified: 1 });
      return repo.findAccountByUid(deps.db, uid);
    },

    /**
     * A password-reset link for the account, as the reset e-mail would carry it (the same code,
     * lifetime and page), answered instead of mailed; undefined: no account.
     */
    async passwordResetLink(
      uid: string,
      origin: string,
    ): Promise<{ link: string; email: string; expiresAt: string } | undefined> {
      const account = await repo.findAccountByUid(deps.db, uid);
      if (!account) return undefined;
      const { code, expiresAt } = await codes.issueCode(account, 'PASSWORD_RESET');
      return {
        link: actionLink(deps.config.publicUrl ?? origin, 'resetPassword', code),
        email: account.email,
        expiresAt,
      };
    },
  };
}
