import { PASSKEYS_PER_ACCOUNT, type PasskeyInfo } from '@photo/contract';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeAttestationObject, isoBase64URL } from '@simplewebauthn/server/helpers';
import { newId } from '../../../lib/ids.js';
import type { IdentityServiceDeps } from '../identity.context.js';
import type { Sessions } from '../identity.sessions.js';
import * as repo from './passkeys.repository.js';
import {
  PASSKEY_CHALLENGE_LIFETIME_MS,
  PasskeyError,
  checkRelyingParty,
  parseAuthData,
  readClientData,
  readName,
  toInfo,
  type Challenges,
  type RelyingParty,
} from './passkeys.webauthn.js';

/** A signed-in account's own passkeys: add one, list, rename and remove them. */
export function createPasskeyRegistration(
  deps: IdentityServiceDeps,
  sessions: Sessions,
  challenges: Challenges,
) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

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
      await challenges.issueChallenge(options.challenge, 'registration', account.uid);
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
      await challenges.takeChallenge(clientData.challenge, 'registration', account.uid);
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
  };
}
