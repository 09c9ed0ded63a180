import type { AdminUser } from '@photo/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useIntl, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { formatBytes } from '../../../shared/lib/file-checks';
import { useMakePasswordLink, useMarkVerified, useSetDisabled } from '../api/admin-users';
import { DeleteDialog, PasswordLinkDialog, QuotaDialog } from './admin-dialogs';

/**
 * One account, as a card (it reads the same at phone width): who, since when, the last sign-in,
 * storage and photos, and what an administrator can do. Nobody disables or deletes themself.
 */
export function PersonCard({
  user,
  embedded,
  isSelf,
}: {
  user: AdminUser;
  embedded: boolean;
  isSelf: boolean;
}) {
  const t = useT();
  const intl = useIntl();
  const verify = useMarkVerified();
  const makeLink = useMakePasswordLink();
  const disable = useSetDisabled();
  const [dialog, setDialog] = useState<'quota' | 'delete' | null>(null);
  const failure = verify.error ?? makeLink.error ?? disable.error;
  const date = (iso: string) => (
    <time dateTime={iso}>{intl.formatDate(iso, { dateStyle: 'medium' })}</time>
  );
  const storage =
    user.quotaBytes === null
      ? t('admin.storageUnlimited', { used: formatBytes(user.storageUsed) })
      : t('admin.storageOfQuota', {
          used: formatBytes(user.storageUsed),
          quota: formatBytes(user.quotaBytes),
        });
  const resetOthers = () => {
    verify.reset();
    makeLink.reset();
    disable.reset();
  };
  return (
    <ListGroup.Item as="li" className="py-3" aria-label={user.name}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="app-min-w-0">
          <h2 className="h6 fw-semibold mb-1 text-break">
            {user.name}
            {user.isAdmin && (
              <Badge bg="secondary" className="ms-2 align-text-bottom">
                {t('admin.administrator')}
              </Badge>
            )}
            {user.disabled && (
              <Badge bg="danger" className="ms-2 align-text-bottom">
                {t('admin.disabled')}
              </Badge>
            )}
          </h2>
          <div className="text-break">{user.emailAddress}</div>
          <div className="small text-body-secondary">
            {user.emailVerified ? (
              <span className="text-success-emphasis">{t('admin.addressConfirmed')}</span>
            ) : (
              <span className="text-warning-emphasis">{t('admin.addressNotConfirmed')}</span>
            )}{' '}
            · {t('admin.joined')} {date(user.dateCreated)} · {t('admin.lastSignIn')}{' '}
            {user.lastSignIn ? date(user.lastSignIn) : t('admin.never')}
          </div>
          <div className="small text-body-secondary">
            {storage}
            {user.trashBytes > 0 && (
              <> ({t('admin.storageInTrash', { bytes: formatBytes(user.trashBytes) })})</>
            )}{' '}
            · {t('admin.photoCount', { count: user.photoCount })}
          </div>
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {embedded && !user.emailVerified && (
          <Button
            size="sm"
            variant="outline-success"
            onClick={() => {
              resetOthers();
              verify.mutate(user.id);
            }}
            disabled={verify.isPending}
            aria-label={t('admin.markVerifiedFor', { name: user.name })}
          >
            {verify.isPending ? t('admin.marking') : t('admin.markVerified')}
          </Button>
        )}
        {embedded && (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => {
              resetOthers();
              makeLink.mutate(user.id);
            }}
            disabled={makeLink.isPending}
            aria-label={t('admin.passwordLinkFor', { name: user.name })}
          >
            {makeLink.isPending ? t('admin.making') : t('admin.passwordLink')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => setDialog('quota')}
          aria-label={t('admin.setQuotaFor', { name: user.name })}
        >
          {t('admin.setQuota')}
        </Button>
        {!isSelf && (
          <Button
            size="sm"
            variant={user.disabled ? 'outline-success' : 'outline-secondary'}
            onClick={() => {
              resetOthers();
              disable.mutate({ userId: user.id, disabled: !user.disabled });
            }}
            disabled={disable.isPending}
            aria-label={t(user.disabled ? 'admin.enableFor' : 'admin.disableFor', {
              name: user.name,
            })}
          >
            {user.disabled ? t('admin.enable') : t('admin.disable')}
          </Button>
        )}
        {!isSelf && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => setDialog('delete')}
            aria-label={t('admin.deleteFor', { name: user.name })}
          >
            {t('admin.delete')}
          </Button>
        )}
      </div>
      {failure && (
        <Alert variant="danger" role="alert" className="mt-2 mb-0 py-2">
          {errorMessage(failure)}
        </Alert>
      )}
      {makeLink.data && (
        <PasswordLinkDialog user={user} link={makeLink.data} onClose={() => makeLink.reset()} />
      )}
      {dialog === 'quota' && <QuotaDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog user={user} onClose={() => setDialog(null)} />}
    </ListGroup.Item>
  );
}
