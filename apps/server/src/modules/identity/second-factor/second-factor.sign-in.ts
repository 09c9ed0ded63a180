import type { IdentityMfaSignInFinalizeRequest, IdentityMfaTokensResponse } from '@photo/contract';
import { IdentityError } from '../identity.errors.js';
import * as repo from '../identity.repository.js';
import type { Sessions } from '../identity.sessions.js';
import { readCode, type FactorChecks } from './second-factor.checks.js';
import { MFA_POLICY, type MfaDeps } from './second-factor.policy.js';
import * as mfaRepo from './second-factor.repository.js';

/** Signing in with the second factor, after the password: the pending sign-in's code. */
export function createSecondFactorSignIn(deps: MfaDeps, sessions: Sessions, checks: FactorChecks) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    /** accounts/mfaSignIn:start: TOTP needs no challenge sent; checks what it is given. */
    async startSignIn(input: {
      mfaPendingCredential?: unknown;
      mfaEnrollmentId?: unknown;
    }): Promise<Record<string, never>> {
      const { factor } = await checks.pendingSignIn(input.mfaPendingCredential);
      if (input.mfaEnrollmentId === undefined || input.mfaEnrollmentId === '')
        throw new IdentityError('MISSING_MFA_ENROLLMENT_ID');
      if (input.mfaEnrollmentId !== factor.enrollment_id)
        throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
      return {};
    },

    /**
     * accounts/mfaSignIn:finalize: the pending sign-in's code (or, our extension, a recovery
     * code) → the sign-in's tokens. Each pending sign-in has a few attempts, each account a few
     * per window; only someone who knew the password holds a pending credential.
     */
    async finalizeSignIn(
      input: IdentityMfaSignInFinalizeRequest,
    ): Promise<IdentityMfaTokensResponse> {
      const { hash, factor } = await checks.pendingSignIn(input.mfaPendingCredential);
      const recovery = input.recoveryCodeVerificationInfo !== undefined;
      if (recovery && !input.recoveryCodeVerificationInfo?.recoveryCode)
        throw new IdentityError('MISSING_CODE');
      if (!recovery) {
        if (input.mfaEnrollmentId === undefined || input.mfaEnrollmentId === '')
          throw new IdentityError('MISSING_MFA_ENROLLMENT_ID');
        if (input.mfaEnrollmentId !== factor.enrollment_id)
          throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
        readCode(input.totpVerificationInfo?.verificationCode);
      }
      if (!(await mfaRepo.takePendingAttempt(db, hash, MFA_POLICY.perPending, nowIso()))) {
        throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429);
      }
      await checks.checkSecondFactor(
        factor,
        recovery
          ? { recoveryCode: input.recoveryCodeVerificationInfo?.recoveryCode ?? '' }
          : { totpCode: input.totpVerificationInfo?.verificationCode },
      );
      if (!(await mfaRepo.usePending(db, hash, nowIso())))
        throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
      const account = await repo.findAccountByUid(db, factor.uid);
      if (!account) throw new IdentityError('USER_NOT_FOUND');
      await repo.updateAccount(db, account.uid, { last_login_at: nowIso() });
      return sessions.signInAnswer(account);
    },
  };
}
