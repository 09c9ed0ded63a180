import { hash } from '@node-rs/argon2';
import type { IdentityResetPasswordRequest } from '@photo/contract';
import type { Codes } from './identity.codes.js';
import type { IdentityServiceDeps } from './identity.context.js';
import { IdentityError } from './identity.errors.js';
import { readNewPassword } from './identity.input.js';
import * as repo from './identity.repository.js';

/** Setting a new password with a PASSWORD_RESET code. */
export function createPasswordReset(deps: IdentityServiceDeps, codes: Codes) {
  const { db, clock } = deps;

  return {
    /**
     * accounts:resetPassword: with only the code, tells which address it is for
     * (verifyPasswordResetCode); with a new password, sets it and ends every sign-in.
     */
    async resetPassword(
      input: IdentityResetPasswordRequest,
    ): Promise<{ kind: string; email: string; requestType: 'PASSWORD_RESET' }> {
      const { row, account } = await codes.readCode(input.oobCode, 'PASSWORD_RESET');
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
