import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../../i18n/i18n';
import { PageTitle } from '../../../shared/components/page-title';
import { mfaClient, type SecondFactorNeeded } from '../api/mfa-client';
import { mfaErrorMessageId } from '../api/mfa-errors';
import { startSession } from '../api/session';
import { OneTimeCodeField } from './one-time-code-field';

/**
 * The second step of a password sign-in when two-step verification is on: the app's 6-digit
 * code, or one of the recovery codes. Success starts the session as a password sign-in does.
 */
export function SecondFactorPrompt({
  pending,
  onBack,
}: {
  pending: SecondFactorNeeded;
  onBack: () => void;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useMutation({
    mutationFn: async (proof: { code: string } | { recoveryCode: string }) =>
      startSession(await mfaClient.finalizeSignIn(pending, proof)),
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
    <div className="row justify-content-center">
      <PageTitle title={t('mfa.title')} />
      <div className="col-12 col-md-8 col-lg-6">
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <h1 className="h4">{t('mfa.title')}</h1>
          <p className="text-body-secondary">
            {t(recovery ? 'mfa.signIn.recoveryIntro' : 'mfa.signIn.intro')}
          </p>
          <Form onSubmit={onSubmit} noValidate aria-label={t('mfa.title')}>
            <OneTimeCodeField
              key={recovery ? 'recovery' : 'code'}
              id={recovery ? 'sign-in-recovery-code' : 'sign-in-code'}
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
                  {t('mfa.signIn.back')}
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
              {t('mfa.signIn.back')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
