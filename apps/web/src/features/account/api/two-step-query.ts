import { queryOptions } from '@tanstack/react-query';
import { IdentityError, identityClient } from '../../auth/api/identity-client';
import { getFreshIdToken } from '../../auth/api/session';

/** The session's ID token, renewed if it is about to expire, for the identity service's calls. */
export async function twoStepIdToken(): Promise<string> {
  const token = await getFreshIdToken();
  if (!token) throw new IdentityError('TOKEN_EXPIRED');
  return token;
}

/**
 * The account as the identity service has it (its second factor, in `mfaInfo`); null when it
 * does not know it. Kept out of two-step-settings.tsx, whose code loads only once the settings
 * are shown, so that the settings can read it before they appear.
 */
export const twoStepQuery = queryOptions({
  queryKey: ['identity', 'mfa'] as const,
  queryFn: async () => (await identityClient.lookup(await twoStepIdToken())).users[0] ?? null,
  meta: { quiet: true },
});
