import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { EMAIL_MAX, USER_NAME_MAX } from '@photo/contract';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { useSignedIn } from '../../../shared/auth/session-store';
import { PageTitle } from '../../../shared/components/page-title';
import { TextField } from '../../../shared/components/text-field';
import { paths } from '../../../shared/config/paths';
import { takeLoginNotice } from '../api/login-notice';
import { useSignIn, useSignUp } from '../api/use-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordField } from './password-field';
import { redirectTarget } from './redirect-target';
import { SecondFactorPrompt } from './second-factor-prompt';
import { SsoSignIn } from './sso-sign-in';

type TabKey = 'login' | 'signup';

interface CredentialFieldsProps {
  idPrefix: string;
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  disabled: boolean;
  passwordAutoComplete: 'current-password' | 'new-password';
}

function CredentialFields(props: CredentialFieldsProps) {
  const { idPrefix, email, password, onEmail, onPassword, disabled, passwordAutoComplete } = props;
  const t = useT();
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label={t('auth.email')}
        type="email"
        placeholder={t('auth.emailPlaceholder')}
        autoComplete={idPrefix === 'login' ? 'username webauthn' : 'email'}
        value={email}
        maxLength={EMAIL_MAX}
        onChange={onEmail}
        disabled={disabled}
        help={t('auth.emailHelp')}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        label={t('auth.password')}
        placeholder={t('auth.password')}
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={onPassword}
        disabled={disabled}
      />
    </>
  );
}

/** Log In / Sign Up. After either, the user goes to the page they asked for (or Recent Albums). */
export function LoginPage() {
  const t = useT();
  const location = useLocation();
  const signedIn = useSignedIn();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const [tab, setTab] = useState<TabKey>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [notice] = useState(takeLoginNotice);
  const busy = signIn.isPending || signUp.isPending;

  // Signed in (already, or just now): on to the page that was asked for.
  if (signedIn && !busy) return <Navigate to={redirectTarget(location.state)} replace />;
  if (signIn.data) return <SecondFactorPrompt pending={signIn.data} onBack={signIn.reset} />;

  // The e-mail and password are cleared after each attempt, whatever its outcome.
  const clearCredentials = () => {
    setEmail('');
    setPassword('');
  };

  const onLogIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password }, { onSettled: clearCredentials });
  };

  const onSignUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    signUp.mutate(
      { email: email.trim(), password, name: name.trim() },
      { onSettled: clearCredentials },
    );
  };

  const fields = (
    idPrefix: string,
    autoComplete: CredentialFieldsProps['passwordAutoComplete'],
  ) => (
    <CredentialFields
      idPrefix={idPrefix}
      email={email}
      password={password}
      onEmail={setEmail}
      onPassword={setPassword}
      disabled={busy}
      passwordAutoComplete={autoComplete}
    />
  );

  return (
    <div className="row justify-content-center">
      <PageTitle title={tab === 'login' ? t('auth.logIn') : t('auth.signUp')} />
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="visually-hidden">{t('auth.logInOrSignUp')}</h1>
        {notice && (
          <Alert variant="info" role="status">
            {notice}
          </Alert>
        )}
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <Tabs
            id="login-tabs"
            activeKey={tab}
            onSelect={(key) => setTab(key === 'signup' ? 'signup' : 'login')}
            className="mb-3"
          >
            <Tab eventKey="login" title={t('auth.logIn')}>
              <Form onSubmit={onLogIn} noValidate aria-label={t('auth.logIn')}>
                {fields('login', 'current-password')}
                <div className="d-flex flex-wrap align-items-center gap-3">
                  <Button variant="primary" type="submit" disabled={busy}>
                    {signIn.isPending ? t('auth.loggingIn') : t('auth.logIn')}
                  </Button>
                  <Link to={paths.forgotPassword}>{t('auth.forgotPassword')}</Link>
                </div>
                <PasskeySignIn />
              </Form>
              <SsoSignIn target={redirectTarget(location.state)} />
            </Tab>
            <Tab eventKey="signup" title={t('auth.signUp')}>
              <Form onSubmit={onSignUp} noValidate aria-label={t('auth.signUp')}>
                <Form.Group className="mb-3" controlId="signup-name">
                  <Form.Label>{t('auth.name')}</Form.Label>
                  <Form.Control
                    type="text"
                    placeholder={t('auth.namePlaceholder')}
                    autoComplete="name"
                    value={name}
                    maxLength={USER_NAME_MAX}
                    isInvalid={nameMissing && !name.trim()}
                    onChange={(event) => {
                      setName(event.target.value);
                      setNameMissing(false);
                    }}
                    disabled={busy}
                  />
                  <Form.Control.Feedback type="invalid">
                    {t('auth.enterName')}
                  </Form.Control.Feedback>
                </Form.Group>
                {fields('signup', 'new-password')}
                <Button variant="primary" type="submit" disabled={busy}>
                  {signUp.isPending ? t('auth.signingUp') : t('auth.signUp')}
                </Button>
              </Form>
            </Tab>
          </Tabs>
        </div>
      </div>
    </div>
  );
}
