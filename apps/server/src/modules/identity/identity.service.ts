import { createAccountManagement } from './identity.account.js';
import { createCodeRequests, createCodes } from './identity.codes.js';
import type { IdentityServiceDeps } from './identity.context.js';
import { createPasswordReset } from './identity.password-reset.js';
import { createRefreshTokens } from './identity.refresh.js';
import { createSessions } from './identity.sessions.js';
import { createSignIn } from './identity.sign-in.js';
import { mfaInfoFor, secondFactorChallenge } from './second-factor/second-factor.js';
import { createSignInThrottle } from './throttle/sign-in-throttle.js';

export { RECENT_SIGN_IN_SECONDS } from './identity.account.js';
export { OOB_CODE_LIFETIME_MS } from './identity.codes.js';
export type { IdentityServiceDeps, RequestContext } from './identity.context.js';
export { REFRESH_GRACE_MS } from './identity.refresh.js';
export { REFRESH_TOKEN_LIFETIME_MS } from './identity.sessions.js';

/**
 * The embedded identity service, one part per job: sign-up and sign-in, refresh tokens, the
 * caller's account, e-mailed codes, password reset; ID tokens and sign-ins are shared by all.
 * Where the protocol's core meets the sign-in throttle and the second factor, this is the one
 * core file that imports them (with identity.routes.ts, which wires the routes).
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const sessions = createSessions(deps);
  const codes = createCodes(deps);
  return {
    ...createSignIn(deps, sessions, codes, {
      throttle: createSignInThrottle(deps),
      secondFactorChallenge: (account) => secondFactorChallenge(deps, account),
    }),
    ...createRefreshTokens(deps, sessions),
    ...createAccountManagement(deps, sessions, codes, (uid) => mfaInfoFor(deps, uid)),
    ...createCodeRequests(deps, sessions, codes),
    ...createPasswordReset(deps, codes),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
