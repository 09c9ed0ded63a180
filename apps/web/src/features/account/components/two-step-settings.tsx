import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useIntl, useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';
import { readSession } from '../../../shared/auth/session-store';
import { identityClient } from '../../auth/api/identity-client';
import { mfaClient, type TotpSessionInfo } from '../../auth/api/mfa-client';
import { mfaErrorMessageId } from '../../auth/api/mfa-errors';
import { startSession } from '../../auth/api/session';
import { OneTimeCodeField } from '../../auth/components/one-time-code-field';
import { QrCode } from './qr-code';
import { twoStepIdToken, twoStepQuery } from '../api/two-step-query';

const ISSUER = 'My Photo Application';

/** The key-URI authenticator apps read from the QR code. */
function otpauthUri(info: TotpSessionInfo, email: string): string {
  const label = encodeURIComponent(`${ISSUER}:${email}`);
  const query = new URLSearchParams({
    secret: info.sharedSecretKey,
    issuer: ISSUER,
    algorithm: info.hashingAlgorithm,
    digits: String(info.verificationCodeLength),
    period: String(info.periodSec),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; info: TotpSessionInfo }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turningOff' }
  | { kind: 'regenerating' };

/** A 6-digit code asked for, sent with `send`; its refusal told under the field. */
function CodeForm({
  id,
  intro,
  submitLabel,
  send,
  onCancel,
  children,
}: {
  id: string;
  intro: ReactNode;
  submitLabel: string;
  send: { mutate: (code: string) => void; isPending: boolean; error: unknown; reset: () => void };
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setMissing(true);
      return;
    }
    send.mutate(code);
    setCode('');
  };
  return (
    <Form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      {intro}
      {children}
      <OneTimeCodeField
        id={id}
        label={t('mfa.codeLabel')}
        value={code}
        onChange={(value) => {
          setCode(value);
          setMissing(false);
          send.reset();
        }}
        disabled={send.isPending}
        help={t('mfa.codeHelp')}
        error={
          missing ? t('mfa.codeMissing') : send.error ? t(mfaErrorMessageId(send.error)) : undefined
        }
      />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('mfa.checking') : submitLabel}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={send.isPending}>
          {t('mfa.cancel')}
        </Button>
      </div>
    </Form>
  );
}

/** The recovery codes, shown once: copy them, or download them as a text file. */
function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = `${t('mfa.downloadHeading', { email })}\n\n${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div>
      <h3 className="h6">{t('mfa.recoveryTitle')}</h3>
      <p>{t('mfa.recoveryIntro')}</p>
      <ul
        aria-label={t('mfa.recoveryListLabel')}
        className="list-unstyled font-monospace d-grid gap-1 p-3 bg-body-tertiary border rounded"
        style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button variant="outline-secondary" onClick={copy}>
          {t('mfa.copy')}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {t('mfa.download')}
        </Button>
        <Button onClick={onDone}>{t('mfa.done')}</Button>
        {copied && (
          <span role="status" className="text-success">
            {t('mfa.copied')}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The account's second factor as the identity service has it, and what changes it: start and
 * finish an enrolment, withdraw it, make new recovery codes (each but the first with a code).
 */
function useTwoStep(
  mode: Mode,
  setMode: (mode: Mode) => void,
  setNotice: (notice: MessageId | null) => void,
) {
  const queryClient = useQueryClient();
  const lookup = useQuery(twoStepQuery);
  const account = lookup.data;
  const factor = account?.mfaInfo?.[0];
  const reset = () => setMode({ kind: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoStepQuery.queryKey });

  const start = useMutation({
    mutationFn: async () =>
      (await mfaClient.startEnrollment(await twoStepIdToken())).totpSessionInfo,
    onSuccess: (info) => {
      setNotice(null);
      setMode({ kind: 'enrolling', info });
    },
    meta: { quiet: true },
  });
  const finalize = useMutation({
    mutationFn: async (code: string) => {
      if (mode.kind !== 'enrolling') throw new Error('not enrolling');
      const previous = readSession();
      const answer = await mfaClient.finalizeEnrollment(
        await twoStepIdToken(),
        mode.info.sessionInfo,
        code,
      );
      // The enrolment answers a new sign-in: keep it, and end the one it replaces.
      startSession(answer);
      if (previous?.refreshToken) {
        identityClient.signOut(previous.refreshToken).catch(() => undefined);
      }
      return answer.recoveryCodes ?? [];
    },
    onSuccess: (codes) => {
      setMode({ kind: 'codes', codes });
      void refresh();
    },
    meta: { quiet: true },
  });
  const withdraw = useMutation({
    mutationFn: async (code: string) => {
      if (!factor) throw new Error('no factor');
      await mfaClient.withdraw(await twoStepIdToken(), factor.mfaEnrollmentId, code);
    },
    onSuccess: () => {
      reset();
      setNotice('mfa.turnedOff');
      void refresh();
    },
    meta: { quiet: true },
  });
  const regenerate = useMutation({
    mutationFn: async (code: string) =>
      (await mfaClient.regenerateRecoveryCodes(await twoStepIdToken(), code)).recoveryCodes,
    onSuccess: (codes) => setMode({ kind: 'codes', codes }),
    meta: { quiet: true },
  });
  return { lookup, account, factor, reset, start, finalize, withdraw, regenerate };
}

/** Turning on: the QR code and the key for an authenticator app, and the code that confirms. */
function EnrolForm({
  info,
  email,
  send,
  onCancel,
}: {
  info: TotpSessionInfo;
  email: string;
  send: ReturnType<typeof useTwoStep>['finalize'];
  onCancel: () => void;
}) {
  const t = useT();
  const uri = otpauthUri(info, email);
  return (
    <CodeForm
      id="two-step-enrol-code"
      intro={<p>{t('mfa.scanIntro')}</p>}
      submitLabel={t('mfa.confirm')}
      send={send}
      onCancel={onCancel}
    >
      <div className="d-flex flex-wrap gap-4 align-items-center mb-3">
        <QrCode text={uri} label={t('mfa.qrLabel')} />
        <div className="text-break">
          <div className="small text-body-secondary" id="two-step-secret-label">
            {t('mfa.secretLabel')}
          </div>
          <code
            className="fs-6 text-body user-select-all"
            aria-labelledby="two-step-secret-label"
            data-testid="two-step-secret"
          >
            {info.sharedSecretKey.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>
        </div>
      </div>
    </CodeForm>
  );
}

/**
 * Two-step verification: turn it on (QR code or key for an authenticator app, confirmed with a
 * code; then the recovery codes, shown once), turn it off, or make new recovery codes (each with
 * a current code).
 */
export function TwoStepSettings() {
  const t = useT();
  const intl = useIntl();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState<MessageId | null>(null);
  const { lookup, account, factor, reset, start, finalize, withdraw, regenerate } = useTwoStep(
    mode,
    setMode,
    setNotice,
  );
  const email = account?.email ?? '';

  let body: ReactNode;
  if (mode.kind === 'enrolling') {
    body = (
      <EnrolForm
        info={mode.info}
        email={email}
        send={finalize}
        onCancel={() => {
          finalize.reset();
          reset();
        }}
      />
    );
  } else if (mode.kind === 'codes') {
    body = (
      <>
        <Alert variant="success" role="status">
          {t('mfa.enabled')}
        </Alert>
        <RecoveryCodes codes={mode.codes} email={email} onDone={reset} />
      </>
    );
  } else if (mode.kind === 'turningOff') {
    body = (
      <CodeForm
        id="two-step-off-code"
        intro={<p>{t('mfa.turnOffIntro')}</p>}
        submitLabel={t('mfa.turnOff')}
        send={withdraw}
        onCancel={() => {
          withdraw.reset();
          reset();
        }}
      />
    );
  } else if (mode.kind === 'regenerating') {
    body = (
      <CodeForm
        id="two-step-regenerate-code"
        intro={<p>{t('mfa.regenerateIntro')}</p>}
        submitLabel={t('mfa.regenerate')}
        send={regenerate}
        onCancel={() => {
          regenerate.reset();
          reset();
        }}
      />
    );
  } else if (factor) {
    body = (
      <>
        <p className="mb-2">
          {t('mfa.statusOn', { date: intl.formatDate(factor.enrolledAt, { dateStyle: 'medium' }) })}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={() => setMode({ kind: 'regenerating' })}>
            {t('mfa.regenerate')}
          </Button>
          <Button variant="outline-danger" onClick={() => setMode({ kind: 'turningOff' })}>
            {t('mfa.turnOff')}
          </Button>
        </div>
      </>
    );
  } else if (account) {
    body = (
      <>
        <p className="mb-2">{t('mfa.statusOff')}</p>
        {start.isError && (
          <Alert variant="danger" role="alert">
            {t(mfaErrorMessageId(start.error))}
          </Alert>
        )}
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? t('mfa.starting') : t('mfa.turnOn')}
        </Button>
      </>
    );
  } else if (lookup.isError) {
    body = (
      <Alert variant="danger" role="alert">
        {t(mfaErrorMessageId(lookup.error))}
      </Alert>
    );
  }

  return (
    <section aria-labelledby="two-step-title">
      <h2 className="h5" id="two-step-title">
        {t('mfa.title')}
      </h2>
      <p className="text-body-secondary">{t('mfa.intro')}</p>
      {notice && mode.kind === 'idle' && (
        <Alert variant="info" role="status">
          {t(notice)}
        </Alert>
      )}
      {body}
    </section>
  );
}
