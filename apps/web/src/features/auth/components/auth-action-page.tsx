import { PASSWORD_MIN } from '@photo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { clearBrowserStorage, readSession } from '../../../shared/auth/session-store';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { HOME_PATH, paths } from '../../../shared/config/paths';
import { identityClient } from '../api/identity-client';
import { refreshIdToken } from '../api/session';
import { PasswordForm } from './password-form';

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
      <Panel title="Password changed">
        <Alert variant="success" role="status">
          Your password has been changed, and every device signed in to your account has been signed
          out.
        </Alert>
        <Link to={paths.login} className="btn btn-primary">
          Log In
        </Link>
      </Panel>
    );
  }

  if (check.isPending) return <LoadingState label="Checking the link…" />;
  if (check.isError) {
    return (
      <Panel title="Choose a new password">
        <Alert variant="danger" role="alert">
          {errorMessage(check.error)}
        </Alert>
        <Link to={paths.forgotPassword}>Send a new link</Link>
      </Panel>
    );
  }
  return (
    <Panel title="Choose a new password">
      <PasswordForm
        label="Choose a new password"
        email={check.data.email}
        intro={
          <p>
            For <strong className="text-break">{check.data.email}</strong>.
          </p>
        }
        fields={[
          {
            id: 'reset-password',
            label: 'New password',
            autoComplete: 'new-password',
            value: password,
            onChange: setPassword,
            help: `At least ${PASSWORD_MIN} characters.`,
          },
          {
            id: 'reset-password-again',
            label: 'New password, again',
            autoComplete: 'new-password',
            value: again,
            onChange: setAgain,
          },
        ]}
        problemOf={() => {
          if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
          if (password !== again) return 'The two passwords are not the same.';
          return null;
        }}
        send={reset}
        submitLabel="Set the new password"
      />
    </Panel>
  );
}

function VerifyEmail({ code }: { code: string }) {
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
  if (apply.isPending) return <LoadingState label="Confirming your address…" />;
  return (
    <Panel title="Confirm your e-mail address">
      {apply.isError ? (
        <Alert variant="danger" role="alert">
          {errorMessage(apply.error)} You can ask for a new link on your profile page.
        </Alert>
      ) : (
        <Alert variant="success" role="status">
          Thank you: <strong className="text-break">{apply.data.email}</strong> is confirmed.
        </Alert>
      )}
      <Link to={readSession() ? HOME_PATH : paths.login}>
        {readSession() ? 'Go to your albums' : 'Log In'}
      </Link>
    </Panel>
  );
}

/** Where the links of identity e-mails lead: ?mode=resetPassword|verifyEmail&oobCode=…. */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  if (code && mode === 'resetPassword') return <ResetPassword code={code} />;
  if (code && mode === 'verifyEmail') return <VerifyEmail code={code} />;
  return (
    <Panel title="This link does not work">
      <Alert variant="danger" role="alert">
        This link is incomplete. Open the link from the e-mail again, or ask for a new one.
      </Alert>
      <Link to={paths.login}>Back to Log In</Link>
    </Panel>
  );
}
