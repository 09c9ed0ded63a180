import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { t, useT } from '../../../i18n/i18n';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useIdentityConfig } from '../../../shared/api/client-config';
import { decodeTokenPayload } from '../../../shared/auth/jwt';
import { useIdToken } from '../../../shared/auth/session-store';
import { useReauthentication } from '../../account/components/use-reauthentication';
import { passkeyErrorMessage } from '../../auth/api/passkey-errors';
import { browserHasPasskeys, openedByName, signInWithPasskey } from '../../auth/api/passkeys';
import { startSession } from '../../auth/api/session';
import { PasswordField } from '../../auth/components/password-field';
import { openLockedSession } from '../api/locked-session';
import { LockIcon } from './lock-icon';

/** What a failed unlock says: the passkey's trouble, the identity service's words, the server's. */
function unlockError(error: unknown, viaPasskey: boolean): string {
  if (viaPasskey && !(error instanceof ApiError)) return t(passkeyErrorMessage(error));
  return errorMessage(error);
}

/**
 * The locked place's door: the person confirms it is them (their password, and their second
 * factor when their account has one; or a passkey), which signs them in anew, then the page opens
 * a locked-place session with that fresh sign-in.
 */
export function UnlockStep() {
  const translate = useT();
  const token = useIdToken();
  const claimed = token ? decodeTokenPayload(token)?.email : undefined;
  const email = typeof claimed === 'string' ? claimed : '';
  const identity = useIdentityConfig();
  const passkeys = browserHasPasskeys() && openedByName() && identity?.embedded !== false;
  const [password, setPassword] = useState('');
  const reauthentication = useReauthentication();
  const withPassword = useMutation({
    mutationFn: async () => {
      startSession(await reauthentication.signIn(email, password));
      await openLockedSession();
    },
    onSettled: () => setPassword(''),
    meta: { quiet: true },
  });
  const withPasskey = useMutation({
    mutationFn: async () => {
      await signInWithPasskey();
      await openLockedSession();
    },
    meta: { quiet: true },
  });
  const busy = withPassword.isPending || withPasskey.isPending;
  const failed = withPassword.error ?? withPasskey.error;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password) withPassword.mutate();
  };
  return (
    <section className="app-locked-door mx-auto text-center" aria-labelledby="locked-title">
      <div className="app-locked-door-icon mx-auto mb-3" aria-hidden="true">
        <LockIcon size={32} />
      </div>
      <h1 id="locked-title" className="h3 mb-2">
        {translate('locked.title')}
      </h1>
      <p className="text-body-secondary mb-4">{translate('locked.unlockIntro')}</p>
      <Form onSubmit={onSubmit} className="text-start">
        <PasswordField
          id="locked-password"
          label={translate('locked.password')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          disabled={busy}
          help={translate('locked.passwordHelp', { email })}
        />
        {failed && (
          <Alert variant="danger" className="py-2" role="alert">
            {unlockError(failed, withPasskey.isError)}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={busy || !password}>
          {withPassword.isPending ? translate('locked.unlocking') : translate('locked.unlock')}
        </Button>
      </Form>
      {passkeys && (
        <>
          <div className="app-locked-or my-3 text-body-secondary small">
            {translate('locked.or')}
          </div>
          <Button
            variant="outline-secondary"
            className="w-100"
            disabled={busy}
            onClick={() => withPasskey.mutate()}
          >
            {withPasskey.isPending
              ? translate('locked.unlocking')
              : translate('locked.withPasskey')}
          </Button>
        </>
      )}
      {reauthentication.dialog}
    </section>
  );
}
