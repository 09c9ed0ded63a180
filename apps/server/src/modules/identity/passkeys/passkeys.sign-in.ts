import type { IdentitySignInResponse } from '@photo/contract';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { IdentityServiceDeps } from '../identity.context.js';
import * as accounts from '../identity.repository.js';
import type { Sessions } from '../identity.sessions.js';
import * as repo from './passkeys.repository.js';
import {
  PASSKEY_CHALLENGE_LIFETIME_MS,
  PasskeyError,
  checkRelyingParty,
  parseAuthData,
  readClientData,
  storedCounter,
  type Challenges,
  type RelyingParty,
} from './passkeys.webauthn.js';

/** Signing in with a passkey: anyone, with any passkey of this site (no e-mail asked). */
export function createPasskeySignIn(
  deps: IdentityServiceDeps,
  sessions: Sessions,
  challenges: Challenges,
) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    /** Options for navigator.credentials.get(): any passkey of this site (none listed). */
    async signInOptions(party: RelyingParty) {
      const options = await generateAuthenticationOptions({
        rpID: party.rpId,
        allowCredentials: [],
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
      });
      await challenges.issueChallenge(options.challenge, 'sign-in', null);
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
      await challenges.takeChallenge(clientData.challenge, 'sign-in', null);
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
