import { PASSKEY_NAME_MAX } from '@photo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import type { PasskeyInfo } from '@photo/contract';
import { useIntl, useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';
import { useIdentityConfig } from '../../../shared/api/client-config';
import { passkeyErrorMessage } from '../../auth/api/passkey-errors';
import {
  PasskeyAborted,
  browserHasPasskeys,
  openedByName,
  passkeysApi,
} from '../../auth/api/passkeys';

const passkeysKey = ['identity', 'passkeys'] as const;

/** The account's passkeys, as the embedded identity service lists them. */
export const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => passkeysApi.list(),
  meta: { quiet: true },
});

function ErrorAlert({ error }: { error: unknown }) {
  const t = useT();
  if (error === null || error instanceof PasskeyAborted) return null;
  return (
    <Alert variant="danger" role="alert" className="mb-0">
      {t(passkeyErrorMessage(error), { max: PASSKEY_NAME_MAX })}
    </Alert>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyInfo; onRemove: () => void }) {
  const t = useT();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => passkeysApi.rename(passkey.id, name.trim()),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
    meta: { quiet: true },
  });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });

  if (editing) {
    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      rename.mutate();
    };
    return (
      <ListGroup.Item as="li">
        <Form onSubmit={onSubmit} noValidate className="d-grid gap-2">
          <Form.Control
            aria-label={t('passkeys.settings.renameLabel', { name: passkey.name })}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            disabled={rename.isPending}
            autoFocus
          />
          <ErrorAlert error={rename.error} />
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
              {t('passkeys.settings.save')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                rename.reset();
              }}
              disabled={rename.isPending}
            >
              {t('passkeys.settings.cancel')}
            </Button>
          </div>
        </Form>
      </ListGroup.Item>
    );
  }

  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto" style={{ minWidth: 0 }}>
        <div className="fw-semibold text-break">{passkey.name}</div>
        <div className="small text-body-secondary">
          {t('passkeys.settings.created', { date: date(passkey.createdAt) })}
          {' · '}
          {passkey.lastUsedAt
            ? t('passkeys.settings.lastUsed', { date: date(passkey.lastUsedAt) })
            : t('passkeys.settings.neverUsed')}
        </div>
      </div>
      <div className="d-flex gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={t('passkeys.settings.renameAction', { name: passkey.name })}
          onClick={() => setEditing(true)}
        >
          {t('passkeys.settings.rename')}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          aria-label={t('passkeys.settings.removeAction', { name: passkey.name })}
          onClick={onRemove}
        >
          {t('passkeys.settings.remove')}
        </Button>
      </div>
    </ListGroup.Item>
  );
}

/**
 * Account settings' "Passkeys": the account's passkeys (added, last used), adding one through
 * the browser's prompt, renaming, and removing one after a confirmation.
 */
export function PasskeysSettings() {
  const t = useT();
  const identity = useIdentityConfig();
  const queryClient = useQueryClient();
  const embedded = identity?.embedded !== false;
  const list = useQuery({ ...passkeysQuery, enabled: embedded });
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => passkeysApi.add(name.trim() || t('passkeys.settings.defaultName')),
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
    meta: { quiet: true },
  });
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => passkeysApi.remove(id),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
    meta: { quiet: true },
  });
  if (!embedded) return null;

  const unavailable: MessageId | null = !browserHasPasskeys()
    ? 'passkeys.settings.unsupported'
    : openedByName()
      ? null
      : 'passkeys.settings.ipAddress';
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate();
  };
  const closeRemove = () => {
    if (remove.isPending) return;
    setRemoving(null);
    remove.reset();
  };

  return (
    <>
      <hr className="my-0" />
      <section aria-labelledby="passkeys-title">
        <h2 className="h5" id="passkeys-title">
          {t('passkeys.settings.title')}
        </h2>
        <p>{t('passkeys.settings.intro')}</p>
        {list.isPending && <p className="text-body-secondary">{t('passkeys.settings.loading')}</p>}
        {list.isError && (
          <Alert variant="danger" role="alert">
            {t('passkeys.settings.loadFailed')}
          </Alert>
        )}
        {list.isSuccess &&
          (list.data.length === 0 ? (
            <p className="text-body-secondary">{t('passkeys.settings.empty')}</p>
          ) : (
            <ListGroup as="ul" className="mb-3" aria-label={t('passkeys.settings.title')}>
              {list.data.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  onRemove={() => setRemoving(passkey)}
                />
              ))}
            </ListGroup>
          ))}
        {unavailable === null ? (
          <Form onSubmit={onAdd} noValidate className="d-grid gap-2">
            <Form.Group controlId="passkey-name">
              <Form.Label>{t('passkeys.settings.nameLabel')}</Form.Label>
              <Form.Control
                value={name}
                placeholder={t('passkeys.settings.namePlaceholder')}
                maxLength={PASSKEY_NAME_MAX}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
                disabled={add.isPending}
              />
            </Form.Group>
            {add.isSuccess && (
              <p role="status" className="mb-0 text-success">
                {t('passkeys.settings.added')}
              </p>
            )}
            <ErrorAlert error={add.error} />
            <div>
              <Button type="submit" variant="outline-primary" disabled={add.isPending}>
                {add.isPending ? t('passkeys.settings.adding') : t('passkeys.settings.add')}
              </Button>
            </div>
          </Form>
        ) : (
          <p className="text-body-secondary mb-0">{t(unavailable)}</p>
        )}
      </section>
      <Modal
        show={removing !== null}
        onHide={closeRemove}
        centered
        aria-labelledby="remove-passkey-title"
      >
        <Modal.Header closeButton={!remove.isPending}>
          <Modal.Title id="remove-passkey-title" as="h2" className="h5">
            {t('passkeys.settings.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-break">
            {t('passkeys.settings.confirmBody', { name: removing?.name ?? '' })}
          </p>
          <ErrorAlert error={remove.error} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={closeRemove} disabled={remove.isPending}>
            {t('passkeys.settings.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => removing && remove.mutate(removing.id)}
            disabled={remove.isPending}
          >
            {remove.isPending
              ? t('passkeys.settings.removing')
              : t('passkeys.settings.confirmRemove')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
