import { PASSWORD_MIN } from '@photo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { t as text, useRichT, useT } from '../../../i18n/i18n';
import { apiJson } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/api-error';
import { loadIdentityConfig, useNoMail } from '../../../shared/api/client-config';
import { meQuery } from '../../../shared/api/me';
import { decodeTokenPayload } from '../../../shared/auth/jwt';
import { paths } from '../../../shared/config/paths';
import { clearBrowserStorage, readSession, useIdToken } from '../../../shared/auth/session-store';
import { IdentityError, identityClient } from '../../auth/api/identity-client';
import { leaveLoginNotice } from '../../auth/api/login-notice';
import { getFreshIdToken, refreshIdToken, startSession } from '../../auth/api/session';
import { LoadingState } from '../../../shared/components/loading-state';
import { twoStepQuery } from '../api/two-step-query';
import { EmailSummaries, notificationsQuery } from './email-summaries';
import { PasskeysSettings, passkeysQuery } from './passkeys-settings';
import { PasswordForm } from '../../auth/components/password-form';
import { TwoStepSection, useTwoStepOffered } from './two-step-section';
import { useReauthentication } from './use-reauthentication';

function useTokenClaims() {
  const token = useIdToken();
  const payload = token ? decodeTokenPayload(token) : null;
  return {
    email: typeof payload?.email === 'string' ? payload.email : '',
    emailVerified: payload?.email_verified === true,
  };
}

async function currentIdToken(): Promise<string> {
  const token = await getFreshIdToken();
  if (!token) throw new Error(text('errors.sessionEnded'));
  return token;
}

const strong = (chunks: ReactNode[]) => <strong className="text-break">{chunks}</strong>;

/** A notice until the address is confirmed, with a button that sends the link again. */
function VerifyEmailNotice({ email }: { email: string }) {
  const t = useT();
  const send = useMutation({
    mutationFn: async () => identityClient.sendVerification(await currentIdToken()),
    meta: { quiet: true },
  });
  return (
    <Alert variant="warning" className="mx-auto mb-4" style={{ maxWidth: '32rem' }}>
      <p className="mb-2 text-break">{t('auth.pleaseConfirm', { email })}</p>
      {send.isSuccess && (
        <p role="status" className="mb-2">
          {t('auth.sentCheckInbox')}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="mb-2 text-danger-emphasis">
          {errorMessage(send.error)}
        </p>
      )}
      <Button variant="warning" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? t('auth.sending') : t('auth.sendAgain')}
      </Button>
    </Alert>
  );
}

/**
 * When the server sends no e-mail: the address is confirmed by the server's administrator, named
 * when the server says who it is; "Check again" takes a new token, which tells whether they have.
 */
function AdminVerifiesNotice({ email }: { email: string }) {
  const t = useT();
  const rich = useRichT();
  // The notice does well enough without the name: a failure here is not told.
  const me = useQuery({ ...meQuery, meta: { quiet: true } });
  const check = useMutation({
    mutationFn: async () => {
      const token = await refreshIdToken(await currentIdToken());
      if (!token) throw new Error(t('errors.sessionEnded'));
      const claims = decodeTokenPayload(token);
      if (claims?.email_verified !== true) throw new Error(t('auth.notConfirmedYet'));
    },
    meta: { quiet: true },
  });
  const adminName = me.data?.adminName;
  return (
    <Alert variant="warning" className="mx-auto mb-4" style={{ maxWidth: '32rem' }}>
      <p className="mb-2 text-break">{t('auth.notConfirmedNoMail', { email })}</p>
      {me.data?.isAdmin ? (
        <p className="mb-2">
          {rich('auth.youAreAdmin', {
            link: (chunks) => (
              <Link to={paths.admin} className="alert-link">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : (
        <p className="mb-2">
          {adminName
            ? rich('auth.adminConfirmsNamed', { name: adminName, b: strong })
            : t('auth.adminConfirms')}
        </p>
      )}
      {check.isError && (
        <p role="alert" className="mb-2 text-danger-emphasis">
          {errorMessage(check.error)}
        </p>
      )}
      <Button variant="warning" size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? t('auth.checking') : t('auth.checkAgain')}
      </Button>
    </Alert>
  );
}

/** The re-authentication's refusal of the current password (older services say INVALID_PASSWORD). */
const WRONG_PASSWORD_CODES = new Set(['INVALID_LOGIN_CREDENTIALS', 'INVALID_PASSWORD']);

/** Change password: the current one first (a fresh sign-in), then the new one. */
function ChangePassword({ email }: { email: string }) {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const reauthentication = useReauthentication();
  const change = useMutation({
    mutationFn: async () => {
      const signedIn = await reauthentication.signIn(email, current);
      const answer = await identityClient.updatePassword(signedIn.idToken, next);
      // Every other sign-in has ended; this browser keeps the one the change answered.
      if (answer.idToken && answer.refreshToken) {
        startSession({
          idToken: answer.idToken,
          refreshToken: answer.refreshToken,
          expiresIn: answer.expiresIn ?? '3600',
        });
      } else {
        startSession(signedIn);
      }
    },
    onSettled: () => {
      setCurrent('');
      setNext('');
    },
    meta: { quiet: true },
  });

  return (
    <>
      {reauthentication.dialog}
      <PasswordForm
        label={t('auth.changePassword')}
        email={email}
        intro={<h2 className="h5">{t('auth.changePassword')}</h2>}
        fields={[
          {
            id: 'current-password',
            label: t('auth.currentPassword'),
            autoComplete: 'current-password',
            value: current,
            onChange: setCurrent,
          },
          {
            id: 'new-password',
            label: t('auth.newPassword'),
            autoComplete: 'new-password',
            value: next,
            onChange: setNext,
            help: t('auth.newPasswordHelp', { min: PASSWORD_MIN }),
          },
        ]}
        problemOf={() => {
          if (!current) return t('auth.enterCurrent');
          if (next.length < PASSWORD_MIN) return t('auth.newTooShort', { min: PASSWORD_MIN });
          return null;
        }}
        send={change}
        fieldErrorOf={(error) =>
          error instanceof IdentityError && WRONG_PASSWORD_CODES.has(error.code)
            ? { id: 'current-password', message: t('auth.currentWrong') }
            : null
        }
        submitLabel={t('auth.changePassword')}
        done={
          change.isSuccess && (
            <Alert variant="success" role="status">
              {t('auth.passwordChangedOthers')}
            </Alert>
          )
        }
      />
    </>
  );
}

/** Delete account: after the e-mail address is typed again. */
function DeleteAccount({ email }: { email: string }) {
  const t = useT();
  const rich = useRichT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase() && email !== '';
  const remove = useMutation({
    mutationFn: async () => {
      await apiJson<null>('/api/users/me', {
        method: 'DELETE',
        json: { confirmEmail: typed.trim() },
      });
      // With a hosted provider, the sign-in account is deleted there too.
      const identity = await loadIdentityConfig();
      if (!identity.embedded) await identityClient.deleteAccount(await currentIdToken());
    },
    onSuccess: () => {
      leaveLoginNotice(t('auth.accountDeleted'));
      clearBrowserStorage();
      queryClient.clear();
    },
    meta: { quiet: true },
  });
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    remove.reset();
  };

  return (
    <div>
      <h2 className="h5">{t('auth.deleteAccount')}</h2>
      <p>{t('auth.deleteAccountText')}</p>
      <Button variant="outline-danger" onClick={() => setOpen(true)}>
        {t('auth.deleteAccountOpen')}
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-account-title">
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate();
          }}
          noValidate
        >
          <Modal.Header closeButton={!remove.isPending}>
            <Modal.Title id="delete-account-title" as="h2" className="h5">
              {t('auth.deleteQuestion')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('auth.deleteWarning')}</p>
            <Form.Group controlId="delete-confirm-email">
              <Form.Label>{rich('auth.typeEmail', { email, b: strong })}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                disabled={remove.isPending}
              />
            </Form.Group>
            {remove.isError && (
              <Alert variant="danger" role="alert" className="mt-3 mb-0">
                {errorMessage(remove.error)}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
              {remove.isPending ? t('auth.deleting') : t('auth.deleteMine')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}

/** How often an unconfirmed address is asked about again while its notice shows (ms). */
const RECHECK_MS = 15_000;

/**
 * While the address is not confirmed: a new ID token (which says whether it is now) when the
 * person comes back to the tab, and every RECHECK_MS while it is shown, so that a confirmation
 * made elsewhere (the administrator, the link opened on another device) shows without a reload.
 */
function useRecheckConfirmation(unconfirmed: boolean) {
  useEffect(() => {
    if (!unconfirmed) return;
    const recheck = () => {
      if (document.visibilityState !== 'visible') return;
      const session = readSession();
      if (session) refreshIdToken(session.idToken).catch(() => undefined);
    };
    const timer = setInterval(recheck, RECHECK_MS);
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [unconfirmed]);
}

/**
 * Until the signed-in user's address is confirmed: a notice, with "Send the link again"; on a
 * server that sends no e-mail, who confirms it instead. It goes by itself once the address is
 * confirmed (see useRecheckConfirmation).
 */
export function VerifyEmailBanner() {
  const { email, emailVerified } = useTokenClaims();
  const noMail = useNoMail();
  useRecheckConfirmation(!emailVerified && email !== '');
  if (emailVerified || !email) return null;
  return noMail ? <AdminVerifiesNotice email={email} /> : <VerifyEmailNotice email={email} />;
}

/**
 * Whether what the settings' sections show first has been read once: the server's settings
 * (which sections there are), the e-mail summaries, and with the embedded identity service the
 * second factor and the passkeys. A failed read counts (its section says so), and isFetched
 * stays true while it is tried again, so that the sections are not taken away meanwhile.
 */
function useSettingsRead(): boolean {
  const embedded = useTwoStepOffered();
  const notifications = useQuery(notificationsQuery);
  const twoStep = useQuery({ ...twoStepQuery, enabled: embedded === true });
  const passkeys = useQuery({ ...passkeysQuery, enabled: embedded === true });
  if (embedded === undefined || !notifications.isFetched) return false;
  return !embedded || (twoStep.isFetched && passkeys.isFetched);
}

/**
 * The signed-in user's account: e-mail summaries; at the identity provider, password, deletion.
 * They appear whole, once read and once their code is there: a section filled in later would
 * move the ones below it, and a press meant for one button could land on another.
 */
export function AccountSettings() {
  const { email, emailVerified } = useTokenClaims();
  const t = useT();
  const loading = <LoadingState label={t('auth.settingsLoading')} />;
  const read = useSettingsRead();
  return (
    <Card className="shadow-sm">
      <Card.Body className="d-grid gap-4">
        {read ? (
          <Suspense fallback={loading}>
            <EmailSummaries emailVerified={emailVerified} />
            <hr className="my-0" />
            <ChangePassword email={email} />
            <TwoStepSection />
            <PasskeysSettings />
            <hr className="my-0" />
            <DeleteAccount email={email} />
          </Suspense>
        ) : (
          loading
        )}
      </Card.Body>
    </Card>
  );
}
