import { EMAIL_MAX } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useNoMail } from '../../../shared/api/client-config';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { identityClient } from '../api/identity-client';

/**
 * On a server that sends no e-mail: nothing to send, and whom to ask. Says nothing about whether
 * an account uses some address.
 */
function AskTheAdministrator() {
  return (
    <div>
      <p>
        E-mail is not set up on this server, so it cannot send you a link to choose a new password.
      </p>
      <p className="mb-0">
        Ask the server&rsquo;s administrator for a password link: they can make one for your account
        and give it to you. It works once, for one hour.
      </p>
    </div>
  );
}

/** "Forgot password?": e-mails a link that opens the page where a new password is chosen. */
export function ForgotPasswordPage() {
  const noMail = useNoMail();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => identityClient.sendPasswordReset(address),
    meta: { quiet: true },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setMissing(true);
      return;
    }
    send.mutate(address);
  };

  return (
    <div className="row justify-content-center">
      <PageTitle title="Reset your password" />
      <div className="col-12 col-md-8 col-lg-6">
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <h1 className="h3 mb-3">Reset your password</h1>
          {noMail ? (
            <AskTheAdministrator />
          ) : send.isSuccess ? (
            <Alert variant="success" role="status">
              If an account uses <strong className="text-break">{send.data.email}</strong>, we have
              sent it a link to choose a new password. Check your inbox (and your spam folder); the
              link works for one hour.
            </Alert>
          ) : (
            <Form onSubmit={onSubmit} noValidate aria-label="Reset your password">
              <p>
                Enter the e-mail address of your account. We will send you a link to choose a new
                password.
              </p>
              <Form.Group className="mb-3" controlId="forgot-email">
                <Form.Label>Email address</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="email"
                  placeholder="Enter email"
                  value={email}
                  maxLength={EMAIL_MAX}
                  isInvalid={missing && !email.trim()}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setMissing(false);
                  }}
                  disabled={send.isPending}
                />
                <Form.Control.Feedback type="invalid">
                  Enter your e-mail address.
                </Form.Control.Feedback>
              </Form.Group>
              {send.isError && (
                <Alert variant="danger" role="alert">
                  {errorMessage(send.error)}
                </Alert>
              )}
              <Button type="submit" variant="primary" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send the link'}
              </Button>
            </Form>
          )}
          <p className="mt-3 mb-0">
            <Link to={paths.login}>Back to Log In</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
