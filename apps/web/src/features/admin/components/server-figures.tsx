import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useIntl, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { formatBytes } from '../../../shared/lib/file-checks';
import { useRetryJobs, useServerStats } from '../api/admin-users';

/** The server's figures: photos, bytes stored (and of them in Trash), background jobs, and a retry of the failed ones. */
export function ServerFigures() {
  const t = useT();
  const intl = useIntl();
  const stats = useServerStats();
  const retry = useRetryJobs();
  if (stats.isPending) return null;
  if (stats.isError) {
    return (
      <Alert variant="warning" className="py-2">
        {errorMessage(stats.error)}
      </Alert>
    );
  }
  const figures = [
    [t('admin.figureUsers'), intl.formatNumber(stats.data.users)],
    [t('admin.figurePhotos'), intl.formatNumber(stats.data.photos)],
    [t('admin.figureStored'), formatBytes(stats.data.storedBytes)],
    // Of those, what only Trash still holds: freed by the purge or an Empty Trash (decision 0080).
    [t('admin.figureTrash'), formatBytes(stats.data.trashBytes)],
    [t('admin.figureWaiting'), intl.formatNumber(stats.data.jobs.waiting + stats.data.jobs.active)],
    [t('admin.figureFailed'), intl.formatNumber(stats.data.jobs.failed)],
  ] as const;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5">{t('admin.serverTitle')}</h2>
        <dl className="row row-cols-2 row-cols-sm-3 row-cols-lg-6 g-2 mb-0">
          {figures.map(([label, value]) => (
            <div key={label} className="col">
              <dt className="small text-body-secondary fw-normal">{label}</dt>
              <dd className="fs-5 mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={retry.isPending || stats.data.jobs.failed === 0}
            onClick={() => retry.mutate()}
          >
            {t('admin.retryFailed')}
          </Button>
          {retry.data && (
            <span role="status" className="small">
              {t('admin.retried', { count: retry.data.retried })}
            </span>
          )}
          {retry.error && (
            <span role="alert" className="small text-danger">
              {errorMessage(retry.error)}
            </span>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
