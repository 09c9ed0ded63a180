import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useT } from '../../../i18n/i18n';
import { useIdentityConfig } from '../../../shared/api/client-config';
import { passkeyErrorMessage } from '../api/passkey-errors';
import { IdentityError } from '../api/identity-client';
import {
  PasskeyAborted,
  browserHasPasskeys,
  cancelPasskeyPrompt,
  openedByName,
  signInWithPasskey,
} from '../api/passkeys';

/**
 * "Sign in with a passkey" on the login screen, and the browser's passkey suggestions in the
 * e-mail field (conditional mediation) while the screen is open. A sign-in stores the tokens as
 * a password sign-in does; the login screen then moves on as it does after one.
 */
export function PasskeySignIn() {
  const t = useT();
  const identity = useIdentityConfig();
  const supported = browserHasPasskeys() && openedByName() && identity?.embedded !== false;
  const [autofillError, setAutofillError] = useState<unknown>(null);
  // The pending suggestions request, if any: given up when the page goes or the button is used.
  const autofill = useRef<AbortController | null>(null);

  const startAutofill = useCallback(() => {
    autofill.current?.abort();
    const own = new AbortController();
    autofill.current = own;
    signInWithPasskey({ autofill: true, signal: own.signal }).catch((error: unknown) => {
      // Only the server's refusal of a passkey the person picked is told; the browser's own
      // trouble with suggestions is not theirs to act on (the button still tells it).
      if (error instanceof IdentityError) setAutofillError(error);
    });
  }, []);

  useEffect(() => {
    if (!supported) return;
    startAutofill();
    return () => {
      autofill.current?.abort();
      autofill.current = null;
      void cancelPasskeyPrompt();
    };
  }, [supported, startAutofill]);

  const signIn = useMutation({
    mutationFn: () => {
      autofill.current?.abort();
      return signInWithPasskey();
    },
    onMutate: () => setAutofillError(null),
    // The button's prompt replaced the suggestions; they come back unless it signed in.
    onError: () => startAutofill(),
    meta: { quiet: true },
  });

  if (!supported) return null;
  const error = signIn.error instanceof PasskeyAborted ? null : (signIn.error ?? autofillError);
  return (
    <div className="mt-3 pt-3 border-top d-grid gap-2">
      {error !== null && (
        <Alert variant="danger" className="mb-0" role="alert">
          {t(passkeyErrorMessage(error))}
        </Alert>
      )}
      <Button
        variant="outline-secondary"
        type="button"
        onClick={() => signIn.mutate()}
        disabled={signIn.isPending}
      >
        {signIn.isPending ? t('passkeys.signIn.busy') : t('passkeys.signIn.button')}
      </Button>
    </div>
  );
}
