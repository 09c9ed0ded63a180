import { createHmac } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../identity.context.js';
import { IdentityError } from '../identity.errors.js';
import { newRecoveryCode, normalizeRecoveryCode, open } from './second-factor.crypto.js';
import { MFA_POLICY, TOTP_PARAMETERS, type MfaDeps } from './second-factor.policy.js';
import * as mfaRepo from './second-factor.repository.js';
import type { MfaFactorRow } from './second-factor.repository.js';

const CODE_PATTERN = /^\d{6}$/;

export function readCode(value: unknown): string {
  if (value === undefined || value === null || value === '')
    throw new IdentityError('MISSING_CODE');
  if (typeof value !== 'string') throw new IdentityError('INVALID_CODE');
  const code = value.replace(/\s/g, '');
  if (!CODE_PATTERN.test(code)) throw new IdentityError('INVALID_CODE');
  return code;
}

/**
 * What enrolment and sign-in share: the time step of a code, the factor's secret, new recovery
 * codes, checking a code against the account's limit, and finding a factor or a pending sign-in.
 */
export function createFactorChecks(deps: MfaDeps) {
  const { db, clock, mfaSecretKey: key } = deps;
  const nowIso = () => clock.now().toISOString();
  const hashRecoveryCode = (uid: string, code: string) =>
    createHmac('sha256', key).update(`${uid}:${code}`).digest('hex');

  const totpOf = (secret: string) =>
    new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) });

  /** The time step whose code `code` is (this one, or one either side), or null. */
  function stepOf(secret: string, code: string): number | null {
    const timestamp = clock.now().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / TOTP_PARAMETERS.period) + delta;
  }

  function secretOf(factor: MfaFactorRow): string {
    const secret = open(key, factor.secret_sealed, `factor:${factor.uid}`);
    if (!secret) throw new Error('second-factor secret cannot be opened: was the key changed?');
    return secret;
  }

  async function newRecoveryCodes(uid: string): Promise<string[]> {
    const codes = Array.from({ length: MFA_POLICY.recoveryCodes }, newRecoveryCode);
    await mfaRepo.replaceRecoveryCodes(
      db,
      uid,
      codes.map((code) => hashRecoveryCode(uid, code.replace('-', ''))),
      nowIso(),
    );
    return codes;
  }

  /**
   * Checks a code of the account's factor, counted against the account's limit: a TOTP code
   * (accepted once) or, when `recoveryCode` is given, a recovery code (used up).
   */
  async function checkSecondFactor(
    factor: MfaFactorRow,
    proof: { totpCode?: unknown; recoveryCode?: unknown },
  ): Promise<void> {
    const recovery = proof.recoveryCode !== undefined;
    const totpCode = recovery ? '' : readCode(proof.totpCode);
    const recoveryCode = recovery ? normalizeRecoveryCode(proof.recoveryCode) : null;
    if (recovery && proof.recoveryCode === '') throw new IdentityError('MISSING_CODE');
    const now = clock.now();
    const windowStart = new Date(now.getTime() - MFA_POLICY.windowMs).toISOString();
    if (
      !(await mfaRepo.takeAccountAttempt(
        db,
        factor.uid,
        MFA_POLICY.perAccount,
        now.toISOString(),
        windowStart,
      ))
    ) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429);
    }
    if (recovery) {
      const used =
        recoveryCode !== null &&
        (await mfaRepo.useRecoveryCode(
          db,
          factor.uid,
          hashRecoveryCode(factor.uid, recoveryCode),
          now.toISOString(),
        ));
      if (!used) throw new IdentityError('INVALID_CODE');
    } else {
      const step = stepOf(secretOf(factor), totpCode);
      if (step === null) throw new IdentityError('INVALID_CODE');
      if (!(await mfaRepo.useStep(db, factor.enrollment_id, step))) {
        throw new IdentityError('INVALID_CODE : This code was used already; wait for the next one');
      }
    }
    await mfaRepo.returnAccountAttempt(db, factor.uid);
  }

  async function factorOfAccount(uid: string, enrollmentId: unknown): Promise<MfaFactorRow> {
    if (enrollmentId === undefined || enrollmentId === '')
      throw new IdentityError('MISSING_MFA_ENROLLMENT_ID');
    const factor = await mfaRepo.findFactorOf(db, uid);
    if (!factor || factor.enrollment_id !== enrollmentId)
      throw new IdentityError('MFA_ENROLLMENT_NOT_FOUND');
    return factor;
  }

  /** The open pending sign-in a credential names, with its account's factor. */
  async function pendingSignIn(credential: unknown) {
    if (credential === undefined || credential === '')
      throw new IdentityError('MISSING_MFA_PENDING_CREDENTIAL');
    if (typeof credential !== 'string' || credential.length > 256)
      throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
    const hash = sha256(credential);
    const pending = await mfaRepo.findPending(db, hash);
    if (!pending || pending.used_at !== null || pending.expires_at <= nowIso())
      throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
    const factor = await mfaRepo.findFactorOf(db, pending.uid);
    if (!factor) throw new IdentityError('INVALID_MFA_PENDING_CREDENTIAL');
    return { pending, hash, factor };
  }

  return { stepOf, secretOf, newRecoveryCodes, checkSecondFactor, factorOfAccount, pendingSignIn };
}

export type FactorChecks = ReturnType<typeof createFactorChecks>;
