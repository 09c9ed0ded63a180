import { PASSKEY_NAME_MAX, type PasskeyErrorMessage, type PasskeyInfo } from '@photo/contract';
import { isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { createHash } from 'node:crypto';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import * as repo from './passkeys.repository.js';
import type { PasskeyRow } from './passkeys.repository.js';

/** How long a challenge may be answered (the browser's prompt waits as long). */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** A refusal of a passkey call, answered in the identity protocol's error body. */
export class PasskeyError extends Error {
  constructor(
    readonly protocolMessage: PasskeyErrorMessage,
    readonly statusCode = 400,
  ) {
    super(protocolMessage);
    this.name = 'PasskeyError';
  }
}

/** Who the passkeys are for: the relying party's ID (a host name) and the web app's origin. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

export function toInfo(row: PasskeyRow): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: row.backed_up === 1,
  };
}

export function readName(value: unknown): string {
  if (value === undefined) return 'Passkey';
  if (typeof value !== 'string') throw new PasskeyError('INVALID_PASSKEY_NAME');
  const name = value.trim();
  if (name === '' || [...name].length > PASSKEY_NAME_MAX)
    throw new PasskeyError('INVALID_PASSKEY_NAME');
  return name;
}

/** The challenge and origin the browser signed, read before anything is trusted. */
export function readClientData(clientDataJSON: string): { challenge: string; origin: string } {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as unknown;
    if (typeof data === 'object' && data !== null) {
      const { challenge, origin } = data as Record<string, unknown>;
      if (typeof challenge === 'string' && typeof origin === 'string') return { challenge, origin };
    }
  } catch {
    // Not JSON: refused below.
  }
  throw new PasskeyError('INVALID_PASSKEY_RESPONSE');
}

export function parseAuthData(bytes: Uint8Array<ArrayBuffer>) {
  try {
    return parseAuthenticatorData(bytes);
  } catch {
    throw new PasskeyError('INVALID_PASSKEY_RESPONSE');
  }
}

export function checkRelyingParty(party: RelyingParty, origin: string, rpIdHash: Uint8Array): void {
  if (origin !== party.origin) throw new PasskeyError('PASSKEY_ORIGIN_MISMATCH');
  const expected = createHash('sha256').update(party.rpId).digest();
  if (!expected.equals(rpIdHash)) throw new PasskeyError('PASSKEY_RP_ID_MISMATCH');
}

export const storedCounter = (row: PasskeyRow) => Number(row.counter);

/** Challenges stored in the database, answered once, until PASSKEY_CHALLENGE_LIFETIME_MS. */
export function createChallenges(deps: IdentityServiceDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function issueChallenge(
    challenge: string,
    purpose: repo.ChallengePurpose,
    uid: string | null,
  ) {
    const now = clock.now();
    await repo.insertChallenge(
      db,
      {
        challenge_hash: sha256(challenge),
        purpose,
        uid,
        expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_LIFETIME_MS).toISOString(),
      },
      now.toISOString(),
    );
  }

  async function takeChallenge(
    challenge: string,
    purpose: repo.ChallengePurpose,
    uid: string | null,
  ) {
    if (!(await repo.consumeChallenge(db, sha256(challenge), purpose, uid, nowIso())))
      throw new PasskeyError('INVALID_PASSKEY_CHALLENGE');
  }

  return { issueChallenge, takeChallenge };
}

export type Challenges = ReturnType<typeof createChallenges>;
