import type { IdentityServiceDeps } from '../identity.context.js';
import type { Sessions } from '../identity.sessions.js';
import { createPasskeyRegistration } from './passkeys.registration.js';
import { createPasskeySignIn } from './passkeys.sign-in.js';
import { createChallenges } from './passkeys.webauthn.js';

export { PasskeyError, type RelyingParty } from './passkeys.webauthn.js';

/**
 * Passkeys (WebAuthn, decision 0070): a signed-in account adds, lists, renames and removes them;
 * anyone signs in with one (discoverable credentials, no e-mail asked). Every challenge is stored
 * in the database, answered once, and expires after PASSKEY_CHALLENGE_LIFETIME_MS.
 */
export function createPasskeys(deps: IdentityServiceDeps, sessions: Sessions) {
  const challenges = createChallenges(deps);
  return {
    ...createPasskeyRegistration(deps, sessions, challenges),
    ...createPasskeySignIn(deps, sessions, challenges),
  };
}
