import type { AdminUser, PasswordLink } from '@photo/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useIntl, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { useDeleteAccount, useSetQuota } from '../api/admin-users';

const MB = 1024 * 1024;

/** A dialog's heading (`id` names the dialog) and its close button. */
function DialogHeading({ id, children }: { id: string; children: ReactNode }) {
  const t = useT();
  return (
    <Modal.Header closeButton closeLabel={t('admin.close')}>
      <Modal.Title id={id} as="h2" className="h5">
        {children}
      </Modal.Title>
    </Modal.Header>
  );
}

/**
 * A dialog that changes an account: a form of `children`, what the server refused, Cancel and
 * the button that sends it (`submit`).
 */
function AccountFormDialog({
  id,
  title,
  onClose,
  onSubmit,
  error,
  submit,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  error: Error | null;
  submit: { label: string; variant: 'primary' | 'danger'; disabled: boolean };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={id}>
      <Form noValidate onSubmit={onSubmit}>
        <DialogHeading id={id}>{title}</DialogHeading>
        <Modal.Body>
          {children}
          {error && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0 py-2">
              {errorMessage(error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant={submit.variant} disabled={submit.disabled}>
            {submit.label}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The link just made, to copy and pass on, with when it stops working; or that it was mailed. */
export function PasswordLinkDialog({
  user,
  link,
  onClose,
}: {
  user: AdminUser;
  link: PasswordLink;
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.link ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const until = (
    <time dateTime={link.expiresAt}>
      {intl.formatDate(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
  return (
    <Modal show onHide={onClose} centered aria-labelledby="password-link-title">
      <DialogHeading id="password-link-title">
        {t('admin.passwordLinkTitle', { name: user.name })}
      </DialogHeading>
      <Modal.Body>
        {link.link === undefined ? (
          <p className="text-break">
            {t('admin.passwordLinkMailed', { name: user.name, email: link.emailAddress })}
          </p>
        ) : (
          <>
            <p className="text-break">
              {t('admin.passwordLinkGive', { name: user.name, email: link.emailAddress })}
            </p>
            <Form.Group controlId="password-link">
              <Form.Label>{t('admin.passwordLinkLabel')}</Form.Label>
              <Form.Control
                readOnly
                value={link.link}
                onFocus={(event) => event.currentTarget.select()}
              />
            </Form.Group>
          </>
        )}
        <p className="small text-body-secondary mt-2 mb-0">
          {t('admin.passwordLinkUntil')} {until}
        </p>
        {copied && (
          <p role="status" className="small mt-2 mb-0">
            {copied === 'yes' ? t('admin.copied') : t('admin.copyFailed')}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('admin.done')}
        </Button>
        {link.link !== undefined && (
          <Button variant="primary" onClick={() => void copy()}>
            {t('admin.copyLink')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The person's storage quota in megabytes (the server keeps bytes); empty: unlimited. A number
 * that is not a whole number of 0 or more is refused here, before anything is sent.
 */
export function QuotaDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT();
  const setQuota = useSetQuota();
  const [value, setValue] = useState(
    user.quotaBytes === null ? '' : String(Math.round((user.quotaBytes / MB) * 100) / 100),
  );
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim().replace(',', '.');
    let quotaBytes: number | null = null;
    if (text !== '') {
      const megabytes = Number(text);
      if (!Number.isFinite(megabytes) || megabytes < 0) {
        setInvalid(true);
        return;
      }
      quotaBytes = Math.round(megabytes * MB);
    }
    setInvalid(false);
    setQuota.mutate({ userId: user.id, quotaBytes }, { onSuccess: onClose });
  };
  return (
    <AccountFormDialog
      id="quota-title"
      title={t('admin.quotaTitle', { name: user.name })}
      onClose={onClose}
      onSubmit={submit}
      error={setQuota.error}
      submit={{ label: t('admin.quotaSave'), variant: 'primary', disabled: setQuota.isPending }}
    >
      <Form.Group controlId="quota-megabytes">
        <Form.Label>{t('admin.quotaLabel')}</Form.Label>
        <Form.Control
          inputMode="decimal"
          value={value}
          isInvalid={invalid}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('admin.quotaPlaceholder')}
          aria-describedby="quota-help"
        />
        <Form.Control.Feedback type="invalid">{t('admin.quotaInvalid')}</Form.Control.Feedback>
        <Form.Text id="quota-help">{t('admin.quotaHelp')}</Form.Text>
      </Form.Group>
    </AccountFormDialog>
  );
}

/** Deleting an account: its address typed again is the confirmation. */
export function DeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.emailAddress.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate({ userId: user.id, confirmEmail: typed.trim() }, { onSuccess: onClose });
  };
  return (
    <AccountFormDialog
      id="delete-title"
      title={t('admin.deleteTitle', { name: user.name })}
      onClose={onClose}
      onSubmit={submit}
      error={remove.error}
      submit={{
        label: t('admin.deleteConfirm'),
        variant: 'danger',
        disabled: !matches || remove.isPending,
      }}
    >
      <p className="text-break">{t('admin.deleteWarning', { name: user.name })}</p>
      <Form.Group controlId="delete-confirm">
        <Form.Label className="text-break">
          {t('admin.deleteTypeEmail', { email: user.emailAddress })}
        </Form.Label>
        <Form.Control
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Form.Group>
    </AccountFormDialog>
  );
}
