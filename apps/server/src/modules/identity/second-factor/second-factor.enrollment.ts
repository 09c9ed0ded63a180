import type {
  IdentityMfaEnrollmentStartResponse,
  IdentityMfaTokensResponse,
  IdentityMfaWithdrawRequest,
} from '@photo/contract';
import { Secret } from 'otpauth';
import { newId } from '../../../lib/ids.js';
import { IdentityError } from '../identity.errors.js';
import type { Sessions } from '../identity.sessions.js';
import { readCode, type FactorChecks } from './second-factor.checks.js';
import { open, seal } from './second-factor.crypto.js';
import { MFA_POLICY, TOTP_PARAMETERS, type MfaDeps } from './second-factor.policy.js';
import * as mfaRepo from './second-factor.repository.js';

/** Enrolling a factor, withdrawing it, and new recovery codes: the signed-in account's own. */
export function createEnrollment(deps: MfaDeps, sessions: Sessions, checks: FactorChecks) {
  const { db, clock, mfaSecretKey: key } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    /** accounts/mfaEnrollment:start: a new shared secret, sealed into the session info. */
    async startEnrollment(idToken: unknown): Promise<IdentityMfaEnrollmentStartResponse> {
      const { account } = await sessions.accountOfIdToken(idToken);
      if (await mfaRepo.findFactorOf(db, account.uid))
        throw new IdentityError('SECOND_FACTOR_EXISTS');
      const secret = new Secret({ size: 20 }).base32;
      const deadline = new Date(clock.now().getTime() + MFA_POLICY.enrollmentMs);
      const sessionInfo = seal(
        key,
        JSON.stringify({ uid: account.uid, secret, exp: deadline.getTime() }),
        'enrollment',
      );
      return {
        totpSessionInfo: {
          sharedSecretKey: secret,
          verificationCodeLength: TOTP_PARAMETERS.digits,
          hashingAlgorithm: TOTP_PARAMETERS.algorithm,
          periodSec: TOTP_PARAMETERS.period,
          sessionInfo,
          finalizeEnrollmentTime: deadline.toISOString(),
        },
      };
    },

    /**
     * accounts/mfaEnrollment:finalize: the first code proves the app holds the secret; the
     * factor is stored, ten recovery codes are made (answered once), and a new sign-in starts.
     */
    async finalizeEnrollment(input: {
      idToken?: unknown;
      displayName?: unknown;
      totpVerificationInfo?: { sessionInfo?: unknown; verificationCode?: unknown };
    }): Promise<IdentityMfaTokensResponse> {
      const { account } = await sessions.accountOfIdToken(input.idToken);
      const sessionInfo = input.totpVerificationInfo?.sessionInfo;
      if (sessionInfo === undefined || sessionInfo === '')
        throw new IdentityError('MISSING_SESSION_INFO');
      const opened = typeof sessionInfo === 'string' ? open(key, sessionInfo, 'enrollment') : null;
      const session = opened
        ? (JSON.parse(opened) as { uid: string; secret: string; exp: number })
        : null;
      if (!session || session.uid !== account.uid) throw new IdentityError('INVALID_SESSION_INFO');
      if (session.exp < clock.now().getTime()) throw new IdentityError('SESSION_EXPIRED');
      const code = readCode(input.totpVerificationInfo?.verificationCode);
      const step = checks.stepOf(session.secret, code);
      if (step === null) throw new IdentityError('INVALID_CODE');
      const displayName =
        typeof input.displayName === 'string' && input.displayName.trim() !== ''
          ? input.displayName.trim().slice(0, 256)
          : null;
      const inserted = await mfaRepo.insertFactor(db, {
        enrollment_id: newId(),
        uid: account.uid,
        display_name: displayName,
        secret_sealed: seal(key, session.secret, `factor:${account.uid}`),
        enrolled_at: nowIso(),
        // The code just shown is used: it does not sign in too.
        last_used_step: step,
      });
      if (!inserted) throw new IdentityError('SECOND_FACTOR_EXISTS');
      const recoveryCodes = await checks.newRecoveryCodes(account.uid);
      return { ...(await sessions.signInAnswer(account)), recoveryCodes };
    },

    /**
     * accounts/mfaEnrollment:withdraw. Needs a sign-in of the last minutes, or (our extension)
     * a current code or a recovery code with the request.
     */
    async withdraw(input: IdentityMfaWithdrawRequest): Promise<Record<string, never>> {
      const { account, authTime } = await sessions.accountOfIdToken(input.idToken);
      const factor = await checks.factorOfAccount(account.uid, input.mfaEnrollmentId);
      if (input.recoveryCodeVerificationInfo) {
        await checks.checkSecondFactor(factor, {
          recoveryCode: input.recoveryCodeVerificationInfo.recoveryCode ?? '',
        });
      } else if (input.totpVerificationInfo) {
        await checks.checkSecondFactor(factor, {
          totpCode: input.totpVerificationInfo.verificationCode,
        });
      } else if (
        Math.floor(clock.now().getTime() / 1000) - authTime >
        MFA_POLICY.recentSignInSeconds
      ) {
        throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
      }
      await mfaRepo.deleteFactor(db, account.uid);
      return {};
    },

    /** Our extension: new recovery codes (a current code required); the old ones end. */
    async regenerateRecoveryCodes(input: {
      idToken?: unknown;
      totpVerificationInfo?: { verificationCode?: unknown };
    }): Promise<{ recoveryCodes: string[] }> {
      const { account } = await sessions.accountOfIdToken(input.idToken);
      const factor = await mfaRepo.findFactorOf(db, account.uid);
      if (!factor) throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
      await checks.checkSecondFactor(factor, {
        totpCode: input.totpVerificationInfo?.verificationCode,
      });
      return { recoveryCodes: await checks.newRecoveryCodes(account.uid) };
    },
  };
}
