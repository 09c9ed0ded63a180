import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type {
  IdentityMfaEnrollmentStartResponse,
  IdentityMfaInfo,
  IdentityMfaRequiredResponse,
  IdentityMfaSignInFinalizeRequest,
  IdentityMfaTokensResponse,
  IdentityMfaWithdrawRequest,
} from '@photo/contract';
import { Secret, TOTP } from 'otpauth';
import { newId, newSecret } from '../../../lib/ids.js';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import { IdentityError } from '../identity.errors.js';
import * as mfaRepo from './second-factor.repository.js';
import type { MfaFactorRow } from './second-factor.repository.js';
import * as repo from '../identity.repository.js';
import type { AccountRow } from '../identity.repository.js';
import { createSessions } from '../identity.sessions.js';

/** TOTP as authenticator apps do it by default (RFC 6238): SHA-1, 6 digits, 30 s. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export const MFA_POLICY = {
  /** How long a started enrolment can be finalized. */
  enrollmentMs: 10 * 60 * 1000,
  /** How long a sign-in that passed the password waits for the second factor. */
  pendingMs: 5 * 60 * 1000,
  /** Wrong codes per pending sign-in; then the password is asked again. */
  perPending: 5,
  /** Wrong codes per account (every pending sign-in together) per window. */
  perAccount: 10,
  windowMs: 15 * 60 * 1000,
  recoveryCodes: 10,
  /** Withdrawing without a code needs a sign-in this recent (seconds), as a password change. */
  recentSignInSeconds: 5 * 60,
} as const;

/** What the second factor needs beyond the identity service's own deps. */
export interface MfaDeps extends IdentityServiceDeps {
  /** Seals the shared secrets at rest and keys the recovery codes' HMAC (derived in deps.ts). */
  mfaSecretKey: Buffer;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_PATTERN = /^[a-z0-9]{10}$/;
const CODE_PATTERN = /^\d{6}$/;

function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(key: Buffer, sealed: string, context: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Ten characters that are easy to read back (no 0/o, 1/l/i), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Lower case, without spaces and dashes; null when it cannot be a recovery code. */
function normalizeRecoveryCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const code = value.toLowerCase().replace(/[\s-]/g, '');
  return RECOVERY_PATTERN.test(code) ? code : null;
}

function readCode(value: unknown): string {
  if (value === undefined || value === null || value === '')
    throw new IdentityError('MISSING_CODE');
  if (typeof value !== 'string') throw new IdentityError('INVALID_CODE');
  const code = value.replace(/\s/g, '');
  if (!CODE_PATTERN.test(code)) throw new IdentityError('INVALID_CODE');
  return code;
}

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
  const { db, clock, mfaSecretKey: key } = deps;
  const sessions = createSessions(deps);
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
      const step = stepOf(session.secret, code);
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
      const recoveryCodes = await newRecoveryCodes(account.uid);
      return { ...(await sessions.signInAnswer(account)), recoveryCodes };
    },

    /**
     * accounts/mfaEnrollment:withdraw. Needs a sign-in of the last minutes, or (our extension)
     * a current code or a recovery code with the request.
     */
    async withdraw(input: IdentityMfaWithdrawRequest): Promise<Record<string, never>> {
      const { account, authTime } = await sessions.accountOfIdToken(input.idToken);
      const factor = await factorOfAccount(account.uid, input.mfaEnrollmentId);
      if (input.recoveryCodeVerificationInfo) {
        await checkSecondFactor(factor, {
          recoveryCode: input.recoveryCodeVerificationInfo.recoveryCode ?? '',
        });
      } else if (input.totpVerificationInfo) {
        await checkSecondFactor(factor, {
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
      await checkSecondFactor(factor, { totpCode: input.totpVerificationInfo?.verificationCode });
      return { recoveryCodes: await newRecoveryCodes(account.uid) };
    },

    /** accounts/mfaSignIn:start: TOTP needs no challenge sent; checks what it is given. */
    async startSignIn(input: {
      mfaPendingCredential?: unknown;
      mfaEnrollmentId?: unknown;
    }): Promise<Record<string, never>> {
      const { factor } = await pendingSignIn(input.mfaPendingCredential);
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
      const { hash, factor } = await pendingSignIn(input.mfaPendingCredential);
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
      await checkSecondFactor(
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

export type SecondFactor = ReturnType<typeof createSecondFactor>;
