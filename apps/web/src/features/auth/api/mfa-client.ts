import { identityUrl, postToIdentity } from './identity-client';

/**
 * The identity service's multi-factor calls (Identity Toolkit v2: accounts/mfaEnrollment:*,
 * accounts/mfaSignIn:*) and the embedded service's recovery codes (its extension).
 */

export interface MfaInfo {
  mfaEnrollmentId: string;
  displayName?: string;
  enrolledAt: string;
}

/** What the password sign-in answers when a second factor is enrolled: no tokens yet. */
export interface SecondFactorNeeded {
  mfaPendingCredential: string;
  mfaInfo: MfaInfo[];
  email?: string;
}

export interface SignInTokens {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

export interface TotpSessionInfo {
  sharedSecretKey: string;
  verificationCodeLength: number;
  hashingAlgorithm: string;
  periodSec: number;
  sessionInfo: string;
}

export function needsSecondFactor(answer: object): answer is SecondFactorNeeded {
  return 'mfaPendingCredential' in answer && typeof answer.mfaPendingCredential === 'string';
}

/** POST to <base>/../v2/accounts/<operation>: the v2 paths sit beside the v1 base. */
async function post<T>(operation: string, body: unknown): Promise<T> {
  const url = await identityUrl((config) => {
    const address = `${config.baseUrl.replace(/\/v1\/?$/, '/v2')}/accounts/${operation}`;
    return config.apiKey ? `${address}?key=${encodeURIComponent(config.apiKey)}` : address;
  });
  return postToIdentity<T>(url, body);
}

export const mfaClient = {
  startEnrollment: (idToken: string) =>
    post<{ totpSessionInfo: TotpSessionInfo }>('mfaEnrollment:start', {
      idToken,
      totpEnrollmentInfo: {},
    }),

  /** Answers a new sign-in and the recovery codes (shown once). */
  finalizeEnrollment: (idToken: string, sessionInfo: string, verificationCode: string) =>
    post<SignInTokens & { recoveryCodes?: string[] }>('mfaEnrollment:finalize', {
      idToken,
      totpVerificationInfo: { sessionInfo, verificationCode },
    }),

  withdraw: (idToken: string, mfaEnrollmentId: string, verificationCode: string) =>
    post<unknown>('mfaEnrollment:withdraw', {
      idToken,
      mfaEnrollmentId,
      totpVerificationInfo: { verificationCode },
    }),

  regenerateRecoveryCodes: (idToken: string, verificationCode: string) =>
    post<{ recoveryCodes: string[] }>('mfaRecoveryCodes:regenerate', {
      idToken,
      totpVerificationInfo: { verificationCode },
    }),

  /** The second step of a sign-in: a code of the app, or a recovery code. */
  finalizeSignIn: (
    pending: SecondFactorNeeded,
    proof: { code: string } | { recoveryCode: string },
  ) =>
    post<SignInTokens>(
      'mfaSignIn:finalize',
      'code' in proof
        ? {
            mfaPendingCredential: pending.mfaPendingCredential,
            mfaEnrollmentId: pending.mfaInfo[0]?.mfaEnrollmentId,
            totpVerificationInfo: { verificationCode: proof.code },
          }
        : {
            mfaPendingCredential: pending.mfaPendingCredential,
            recoveryCodeVerificationInfo: { recoveryCode: proof.recoveryCode },
          },
    ),
};
