import { createAccountManagement } from './identity.account.js';
import { createCodeRequests, createCodes } from './identity.codes.js';
import type { IdentityServiceDeps } from './identity.context.js';
import { createPasswordReset } from './identity.password-reset.js';
import { createRefreshTokens } from './identity.refresh.js';
import { createSessions } from './identity.sessions.js';
import { createSignIn } from './identity.sign-in.js';

export { RECENT_SIGN_IN_SECONDS } from './identity.account.js';
export { OOB_CODE_LIFETIME_MS } from './identity.codes.js';
export type { IdentityServiceDeps, RequestContext } from './identity.context.js';
export { REFRESH_GRACE_MS } from './identity.refresh.js';
export { REFRESH_TOKEN_LIFETIME_MS } from './identity.sessions.js';

/**
 * The embedded identity service, one part per job: sign-up and sign-in, refresh tokens, the
 * caller's account, e-mailed codes, password reset; ID tokens and sign-ins are shared by all.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const sessions = createSessions(deps);
  const codes = createCodes(deps);
  return {
    ...createSignIn(deps, sessions, codes),
    ...createRefreshTokens(deps, sessions),
    ...createAccountManagement(deps, sessions, codes),
    ...createCodeRequests(deps, sessions, codes),
    ...createPasswordReset(deps, codes),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
