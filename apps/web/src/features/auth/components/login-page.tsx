import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { EMAIL_MAX, USER_NAME_MAX } from '@photo/contract';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
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
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email address"
        type="email"
        placeholder="Enter email"
        autoComplete={idPrefix === 'login' ? 'username webauthn' : 'email'}
        value={email}
        maxLength={EMAIL_MAX}
        onChange={onEmail}
        disabled={disabled}
        help="We'll never share your email with anyone else."
      />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        placeholder="Password"
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
      <PageTitle title={tab === 'login' ? 'Log In' : 'Sign Up'} />
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="visually-hidden">Log in or sign up</h1>
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
            <Tab eventKey="login" title="Log In">
              <Form onSubmit={onLogIn} noValidate aria-label="Log In">
                {fields('login', 'current-password')}
                <div className="d-flex flex-wrap align-items-center gap-3">
                  <Button variant="primary" type="submit" disabled={busy}>
                    {signIn.isPending ? 'Logging in…' : 'Log In'}
                  </Button>
                  <Link to={paths.forgotPassword}>Forgot password?</Link>
                </div>
                <PasskeySignIn />
              </Form>
              <SsoSignIn target={redirectTarget(location.state)} />
            </Tab>
            <Tab eventKey="signup" title="Sign Up">
              <Form onSubmit={onSignUp} noValidate aria-label="Sign Up">
                <Form.Group className="mb-3" controlId="signup-name">
                  <Form.Label>Name</Form.Label>
                  <Form.Control
                    type="text"
                    placeholder="Enter your name"
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
                  <Form.Control.Feedback type="invalid">Enter your name.</Form.Control.Feedback>
                </Form.Group>
                {fields('signup', 'new-password')}
                <Button variant="primary" type="submit" disabled={busy}>
                  {signUp.isPending ? 'Signing up…' : 'Sign Up'}
                </Button>
              </Form>
            </Tab>
          </Tabs>
        </div>
      </div>
    </div>
  );
}
