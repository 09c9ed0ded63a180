import { EMAIL_MAX } from '@photo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useRichT, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { useNoMail } from '../../../shared/api/client-config';
import { PageTitle } from '../../../shared/components/page-title';
import { paths } from '../../../shared/config/paths';
import { identityClient } from '../api/identity-client';

const strong = (chunks: ReactNode[]) => <strong className="text-break">{chunks}</strong>;

/**
 * On a server that sends no e-mail: nothing to send, and whom to ask. Says nothing about whether
 * an account uses some address.
 */
function AskTheAdministrator() {
  const t = useT();
  return (
    <div>
      <p>{t('auth.noMail')}</p>
      <p className="mb-0">{t('auth.askAdministrator')}</p>
    </div>
  );
}

/** "Forgot password?": e-mails a link that opens the page where a new password is chosen. */
export function ForgotPasswordPage() {
  const t = useT();
  const rich = useRichT();
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
      <PageTitle title={t('auth.resetTitle')} />
      <div className="col-12 col-md-8 col-lg-6">
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <h1 className="h3 mb-3">{t('auth.resetTitle')}</h1>
          {noMail ? (
            <AskTheAdministrator />
          ) : send.isSuccess ? (
            <Alert variant="success" role="status">
              {rich('auth.resetSent', { email: send.data.email, b: strong })}
            </Alert>
          ) : (
            <Form onSubmit={onSubmit} noValidate aria-label={t('auth.resetTitle')}>
              <p>{t('auth.resetIntro')}</p>
              <Form.Group className="mb-3" controlId="forgot-email">
                <Form.Label>{t('auth.email')}</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="email"
                  placeholder={t('auth.emailPlaceholder')}
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
                  {t('auth.error.missingEmail')}
                </Form.Control.Feedback>
              </Form.Group>
              {send.isError && (
                <Alert variant="danger" role="alert">
                  {errorMessage(send.error)}
                </Alert>
              )}
              <Button type="submit" variant="primary" disabled={send.isPending}>
                {send.isPending ? t('auth.sending') : t('auth.sendLink')}
              </Button>
            </Form>
          )}
          <p className="mt-3 mb-0">
            <Link to={paths.login}>{t('auth.backToLogIn')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
