import {
  PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_MAX,
  type IdentitySignInResponse,
  type PasskeyErrorMessage,
  type PasskeyInfo,
} from '@photo/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { createHash } from 'node:crypto';
import { newId } from '../../../lib/ids.js';
import { sha256, type IdentityServiceDeps } from '../identity.context.js';
import * as repo from './passkeys.repository.js';
import type { PasskeyRow } from './passkeys.repository.js';
import * as accounts from '../identity.repository.js';
import type { Sessions } from '../identity.sessions.js';

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

function toInfo(row: PasskeyRow): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: row.backed_up === 1,
  };
}

function readName(value: unknown): string {
  if (value === undefined) return 'Passkey';
  if (typeof value !== 'string') throw new PasskeyError('INVALID_PASSKEY_NAME');
  const name = value.trim();
  if (name === '' || [...name].length > PASSKEY_NAME_MAX)
    throw new PasskeyError('INVALID_PASSKEY_NAME');
  return name;
}

/** The challenge and origin the browser signed, read before anything is trusted. */
function readClientData(clientDataJSON: string): { challenge: string; origin: string } {
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

function parseAuthData(bytes: Uint8Array<ArrayBuffer>) {
  try {
    return parseAuthenticatorData(bytes);
  } catch {
    throw new PasskeyError('INVALID_PASSKEY_RESPONSE');
  }
}

function checkRelyingParty(party: RelyingParty, origin: string, rpIdHash: Uint8Array): void {
  if (origin !== party.origin) throw new PasskeyError('PASSKEY_ORIGIN_MISMATCH');
  const expected = createHash('sha256').update(party.rpId).digest();
  if (!expected.equals(rpIdHash)) throw new PasskeyError('PASSKEY_RP_ID_MISMATCH');
}

const storedCounter = (row: PasskeyRow) => Number(row.counter);

/**
 * Passkeys (WebAuthn, decision 0070): a signed-in account adds, lists, renames and removes them;
 * anyone signs in with one (discoverable credentials, no e-mail asked). Every challenge is stored
 * in the database, answered once, and expires after PASSKEY_CHALLENGE_LIFETIME_MS.
 */
export function createPasskeys(deps: IdentityServiceDeps, sessions: Sessions) {
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

  return {
    /** Options for navigator.credentials.create(): a new discoverable, user-verifying passkey. */
    async registrationOptions(idToken: unknown, party: RelyingParty) {
      const { account } = await sessions.accountOfIdToken(idToken);
      const existing = await repo.listPasskeys(db, account.uid);
      if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new PasskeyError('TOO_MANY_PASSKEYS');
      const options = await generateRegistrationOptions({
        rpName: party.rpId,
        rpID: party.rpId,
        userName: account.email,
        userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(account.uid)),
        userDisplayName: account.display_name ?? account.email,
        timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: JSON.parse(row.transports) as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await issueChallenge(options.challenge, 'registration', account.uid);
      return options;
    },

    /** Verifies the browser's new credential and keeps it as a passkey of the account. */
    async register(
      input: { idToken?: unknown; name?: unknown; response: RegistrationResponseJSON },
      party: RelyingParty,
    ): Promise<PasskeyInfo> {
      const { account } = await sessions.accountOfIdToken(input.idToken);
      const name = readName(input.name);
      const { response } = input;
      const clientData = readClientData(response.response.clientDataJSON);
      await takeChallenge(clientData.challenge, 'registration', account.uid);
      let authData: Uint8Array<ArrayBuffer>;
      try {
        authData = decodeAttestationObject(
          isoBase64URL.toBuffer(response.response.attestationObject),
        ).get('authData');
      } catch {
        throw new PasskeyError('INVALID_PASSKEY_RESPONSE');
      }
      checkRelyingParty(party, clientData.origin, parseAuthData(authData).rpIdHash);
      if ((await repo.listPasskeys(db, account.uid)).length >= PASSKEYS_PER_ACCOUNT)
        throw new PasskeyError('TOO_MANY_PASSKEYS');

      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: clientData.challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpId,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw new PasskeyError('INVALID_PASSKEY_RESPONSE');
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const row = {
        id: newId(),
        uid: account.uid,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        backed_up: credentialBackedUp ? 1 : 0,
        name,
        created_at: nowIso(),
      };
      if (!(await repo.insertPasskey(db, row))) throw new PasskeyError('PASSKEY_EXISTS');
      return toInfo({ ...row, last_used_at: null });
    },

    async list(idToken: unknown): Promise<PasskeyInfo[]> {
      const { account } = await sessions.accountOfIdToken(idToken);
      return (await repo.listPasskeys(db, account.uid)).map(toInfo);
    },

    async rename(input: { idToken?: unknown; id?: unknown; name?: unknown }): Promise<PasskeyInfo> {
      const { account } = await sessions.accountOfIdToken(input.idToken);
      const name = readName(input.name);
      const id = typeof input.id === 'string' ? input.id : '';
      if (!(await repo.renamePasskey(db, account.uid, id, name)))
        throw new PasskeyError('PASSKEY_NOT_FOUND', 404);
      const row = await repo.findPasskey(db, account.uid, id);
      if (!row) throw new PasskeyError('PASSKEY_NOT_FOUND', 404);
      return toInfo(row);
    },

    async remove(input: { idToken?: unknown; id?: unknown }): Promise<void> {
      const { account } = await sessions.accountOfIdToken(input.idToken);
      const id = typeof input.id === 'string' ? input.id : '';
      if (!(await repo.deletePasskey(db, account.uid, id)))
        throw new PasskeyError('PASSKEY_NOT_FOUND', 404);
    },

    /** Options for navigator.credentials.get(): any passkey of this site (none listed). */
    async signInOptions(party: RelyingParty) {
      const options = await generateAuthenticationOptions({
        rpID: party.rpId,
        allowCredentials: [],
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
      });
      await issueChallenge(options.challenge, 'sign-in', null);
      return options;
    },

    /**
     * Signs in with a passkey: the same ID and refresh tokens as a password sign-in. A passkey
     * with user verification is two factors by itself; no second factor is asked.
     */
    async signIn(
      response: AuthenticationResponseJSON,
      party: RelyingParty,
    ): Promise<IdentitySignInResponse> {
      const clientData = readClientData(response.response.clientDataJSON);
      await takeChallenge(clientData.challenge, 'sign-in', null);
      const authData = parseAuthData(isoBase64URL.toBuffer(response.response.authenticatorData));
      checkRelyingParty(party, clientData.origin, authData.rpIdHash);

      const passkey = await repo.findPasskeyByCredentialId(db, response.id);
      if (!passkey) throw new PasskeyError('PASSKEY_NOT_FOUND');
      const { userHandle } = response.response;
      if (userHandle && isoBase64URL.toUTF8String(userHandle) !== passkey.uid)
        throw new PasskeyError('PASSKEY_NOT_FOUND');
      const counter = storedCounter(passkey);
      const newCounter = authData.counter;
      if ((counter > 0 || newCounter > 0) && newCounter <= counter)
        throw new PasskeyError('PASSKEY_COUNTER_REPLAYED');

      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: clientData.challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter,
          transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw new PasskeyError('INVALID_PASSKEY_RESPONSE');

      const account = await accounts.findAccountByUid(db, passkey.uid);
      if (!account) throw new PasskeyError('PASSKEY_NOT_FOUND');
      const now = nowIso();
      const recorded = await repo.recordUse(db, passkey.id, counter, {
        counter: verified.authenticationInfo.newCounter,
        backed_up: verified.authenticationInfo.credentialBackedUp ? 1 : 0,
        last_used_at: now,
      });
      if (!recorded) throw new PasskeyError('PASSKEY_COUNTER_REPLAYED');
      await accounts.updateAccount(db, account.uid, { last_login_at: now });
      return {
        kind: 'identitytoolkit#VerifyPasskeyResponse',
        registered: true,
        ...(await sessions.signInAnswer(account)),
      };
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
