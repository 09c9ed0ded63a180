import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../../i18n/i18n';
import { mfaClient, type SecondFactorNeeded, type SignInTokens } from '../api/mfa-client';
import { mfaErrorMessageId } from '../api/mfa-errors';
import { OneTimeCodeField } from './one-time-code-field';

/**
 * The second step of a password sign-in: the app's 6-digit code, or one of the recovery codes.
 * `onSignedIn` gets the sign-in's tokens; `onBack` starts over (the password again).
 */
export function SecondFactorForm({
  pending,
  onSignedIn,
  onBack,
  backLabel,
  idPrefix,
}: {
  pending: SecondFactorNeeded;
  onSignedIn: (tokens: SignInTokens) => void;
  onBack: () => void;
  backLabel: string;
  idPrefix: string;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useMutation({
    mutationFn: (proof: { code: string } | { recoveryCode: string }) =>
      mfaClient.finalizeSignIn(pending, proof),
    onSuccess: onSignedIn,
    onError: () => setCode(''),
    meta: { quiet: true },
  });
  const expired =
    verify.isError &&
    ['mfa.error.pendingExpired', 'mfa.error.tooMany'].includes(mfaErrorMessageId(verify.error));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (recovery ? value === '' : !/^\d{6}$/.test(value)) {
      setMissing(true);
      return;
    }
    verify.mutate(recovery ? { recoveryCode: value } : { code: value });
  };

  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
    setMissing(false);
    verify.reset();
  };

  const error = missing
    ? t(recovery ? 'mfa.recoveryMissing' : 'mfa.codeMissing')
    : verify.isError
      ? t(mfaErrorMessageId(verify.error, recovery))
      : undefined;

  return (
    <>
      <p className="text-body-secondary">
        {t(recovery ? 'mfa.signIn.recoveryIntro' : 'mfa.signIn.intro')}
      </p>
      <Form onSubmit={onSubmit} noValidate aria-label={t('mfa.title')}>
        <OneTimeCodeField
          key={recovery ? 'recovery' : 'code'}
          id={`${idPrefix}-${recovery ? 'recovery-code' : 'code'}`}
          label={t(recovery ? 'mfa.signIn.recoveryLabel' : 'mfa.codeLabel')}
          recovery={recovery}
          value={code}
          onChange={(value) => {
            setCode(value);
            setMissing(false);
          }}
          disabled={verify.isPending || expired}
          error={error}
        />
        <div className="d-flex flex-wrap align-items-center gap-3">
          {expired ? (
            <Button variant="primary" onClick={onBack}>
              {backLabel}
            </Button>
          ) : (
            <Button variant="primary" type="submit" disabled={verify.isPending}>
              {verify.isPending ? t('mfa.signIn.verifying') : t('mfa.signIn.verify')}
            </Button>
          )}
          <Button variant="link" className="px-0" onClick={switchMode}>
            {t(recovery ? 'mfa.signIn.useCode' : 'mfa.signIn.useRecovery')}
          </Button>
        </div>
      </Form>
      {!expired && (
        <Button variant="link" size="sm" className="px-0 mt-3" onClick={onBack}>
          {backLabel}
        </Button>
      )}
    </>
  );
}
