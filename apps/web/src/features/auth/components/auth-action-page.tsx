import { PASSWORD_MIN } from '@photo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { useRichT, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { clearBrowserStorage, readSession } from '../../../shared/auth/session-store';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { HOME_PATH, paths } from '../../../shared/config/paths';
import { identityClient } from '../api/identity-client';
import { refreshIdToken } from '../api/session';
import { PasswordForm } from './password-form';

const strong = (chunks: ReactNode[]) => <strong className="text-break">{chunks}</strong>;

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="row justify-content-center">
      <PageTitle title={title} />
      <div className="col-12 col-md-8 col-lg-6">
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <h1 className="h3 mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

function ResetPassword({ code }: { code: string }) {
  const t = useT();
  const rich = useRichT();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const check = useQuery({
    queryKey: ['identity', 'reset-code', code],
    queryFn: () => identityClient.checkResetCode(code),
    retry: false,
    staleTime: Infinity,
    meta: { quiet: true },
  });
  const reset = useMutation({
    mutationFn: () => identityClient.resetPassword(code, password),
    // Every sign-in of the account has ended, this browser's too.
    onSuccess: () => {
      if (readSession()) clearBrowserStorage();
    },
    meta: { quiet: true },
  });

  if (reset.isSuccess) {
    return (
      <Panel title={t('auth.passwordChanged')}>
        <Alert variant="success" role="status">
          {t('auth.passwordChangedText')}
        </Alert>
        <Link to={paths.login} className="btn btn-primary">
          {t('auth.logIn')}
        </Link>
      </Panel>
    );
  }

  if (check.isPending) return <LoadingState label={t('auth.checkingLink')} />;
  if (check.isError) {
    return (
      <Panel title={t('auth.choosePassword')}>
        <Alert variant="danger" role="alert">
          {errorMessage(check.error)}
        </Alert>
        <Link to={paths.forgotPassword}>{t('auth.sendNewLink')}</Link>
      </Panel>
    );
  }
  return (
    <Panel title={t('auth.choosePassword')}>
      <PasswordForm
        label={t('auth.choosePassword')}
        email={check.data.email}
        intro={<p>{rich('auth.forEmail', { email: check.data.email, b: strong })}</p>}
        fields={[
          {
            id: 'reset-password',
            label: t('auth.newPassword'),
            autoComplete: 'new-password',
            value: password,
            onChange: setPassword,
            help: t('auth.atLeast', { min: PASSWORD_MIN }),
          },
          {
            id: 'reset-password-again',
            label: t('auth.newPasswordAgain'),
            autoComplete: 'new-password',
            value: again,
            onChange: setAgain,
          },
        ]}
        problemOf={() => {
          if (password.length < PASSWORD_MIN) return t('auth.useAtLeast', { min: PASSWORD_MIN });
          if (password !== again) return t('auth.notSame');
          return null;
        }}
        send={reset}
        submitLabel={t('auth.setNewPassword')}
      />
    </Panel>
  );
}

function VerifyEmail({ code }: { code: string }) {
  const t = useT();
  const rich = useRichT();
  const apply = useQuery({
    queryKey: ['identity', 'verify-code', code],
    queryFn: async () => {
      const answer = await identityClient.applyVerification(code);
      // Signed in here: a fresh ID token says the address is verified.
      const session = readSession();
      if (session) await refreshIdToken(session.idToken).catch(() => null);
      return answer;
    },
    retry: false,
    staleTime: Infinity,
    meta: { quiet: true },
  });
  if (apply.isPending) return <LoadingState label={t('auth.confirming')} />;
  return (
    <Panel title={t('auth.confirmTitle')}>
      {apply.isError ? (
        <Alert variant="danger" role="alert">
          {t('auth.confirmFailed', { message: errorMessage(apply.error) })}
        </Alert>
      ) : (
        <Alert variant="success" role="status">
          {rich('auth.confirmed', { email: apply.data.email, b: strong })}
        </Alert>
      )}
      <Link to={readSession() ? HOME_PATH : paths.login}>
        {readSession() ? t('auth.goToAlbums') : t('auth.logIn')}
      </Link>
    </Panel>
  );
}

/** Where the links of identity e-mails lead: ?mode=resetPassword|verifyEmail&oobCode=…. */
export function AuthActionPage() {
  const t = useT();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  if (code && mode === 'resetPassword') return <ResetPassword code={code} />;
  if (code && mode === 'verifyEmail') return <VerifyEmail code={code} />;
  return (
    <Panel title={t('auth.linkBroken')}>
      <Alert variant="danger" role="alert">
        {t('auth.linkIncomplete')}
      </Alert>
      <Link to={paths.login}>{t('auth.backToLogIn')}</Link>
    </Panel>
  );
}
