import type { IdentityMfaInfo, IdentityMfaRequiredResponse } from '@photo/contract';
import { newSecret } from '../../../lib/ids.js';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import type { AccountRow } from '../identity.repository.js';
import { createSessions } from '../identity.sessions.js';
import { createFactorChecks } from './second-factor.checks.js';
import { createEnrollment } from './second-factor.enrollment.js';
import { MFA_POLICY, type MfaDeps } from './second-factor.policy.js';
import * as mfaRepo from './second-factor.repository.js';
import type { MfaFactorRow } from './second-factor.repository.js';
import { createSecondFactorSignIn } from './second-factor.sign-in.js';

export { MFA_POLICY, type MfaDeps } from './second-factor.policy.js';

export function mfaInfoOf(factor: MfaFactorRow): IdentityMfaInfo {
  return {
    mfaEnrollmentId: factor.enrollment_id,
    ...(factor.display_name ? { displayName: factor.display_name } : {}),
    enrolledAt: factor.enrolled_at,
    totpInfo: {},
  };
}

/** The enrolled factors of the account, as accounts:lookup lists them (absent when none). */
export async function mfaInfoFor(
  deps: Pick<IdentityServiceDeps, 'db'>,
  uid: string,
): Promise<{ mfaInfo?: IdentityMfaInfo[] }> {
  const factor = await mfaRepo.findFactorOf(deps.db, uid);
  return factor ? { mfaInfo: [mfaInfoOf(factor)] } : {};
}

/**
 * After a right password: when the account has a second factor, a pending sign-in and the
 * protocol's answer that asks for it; null when it has none (tokens are answered then).
 */
export async function secondFactorChallenge(
  deps: Pick<IdentityServiceDeps, 'db' | 'clock'>,
  account: AccountRow,
): Promise<IdentityMfaRequiredResponse | null> {
  const factor = await mfaRepo.findFactorOf(deps.db, account.uid);
  if (!factor) return null;
  const now = deps.clock.now();
  const credential = newSecret();
  await mfaRepo.insertPending(deps.db, {
    credential_hash: sha256(credential),
    uid: account.uid,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + MFA_POLICY.pendingMs).toISOString(),
  });
  return {
    kind: 'identitytoolkit#VerifyPasswordResponse',
    localId: account.uid,
    email: account.email,
    displayName: account.display_name ?? '',
    registered: true,
    mfaPendingCredential: credential,
    mfaInfo: [mfaInfoOf(factor)],
  };
}

/** Enrolment, sign-in with the second factor, withdrawal and recovery codes (decision 0071). */
export function createSecondFactor(deps: MfaDeps) {
  const sessions = createSessions(deps);
  const checks = createFactorChecks(deps);
  return {
    ...createEnrollment(deps, sessions, checks),
    ...createSecondFactorSignIn(deps, sessions, checks),
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
