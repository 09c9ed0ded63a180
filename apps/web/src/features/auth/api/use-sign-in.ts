import { useMutation } from '@tanstack/react-query';
import { loadIdentityConfig } from '../../../shared/api/client-config';
import { addNewUser } from './add-new-user';
import { identityClient } from './identity-client';
import { needsSecondFactor, type SecondFactorNeeded } from './mfa-client';
import { startSession } from './session';

export interface Credentials {
  email: string;
  password: string;
}

export function useSignIn() {
  return useMutation({
    /** Null when signed in; what the second step needs when a second factor is enrolled. */
    mutationFn: async ({ email, password }: Credentials): Promise<SecondFactorNeeded | null> => {
      const answer = await identityClient.signIn(email, password);
      if (needsSecondFactor(answer)) return answer;
      startSession(answer);
      return null;
    },
  });
}

/** Sign-up: creates the identity, then registers the user with the API under their name. */
export function useSignUp() {
  return useMutation({
    mutationFn: async ({ email, password, name }: Credentials & { name: string }) => {
      const answer = await identityClient.signUp(email, password);
      startSession(answer);
      await addNewUser(answer.email || email, name);
      // The embedded service e-mails the address's confirmation link itself; a hosted one is asked.
      const identity = await loadIdentityConfig().catch(() => null);
      if (identity && !identity.embedded) {
        await identityClient.sendVerification(answer.idToken).catch(() => undefined);
      }
    },
  });
}
