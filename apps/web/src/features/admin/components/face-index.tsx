import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useIntl, useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { useFaceIndexStatus, useStartFaceBackfill } from '../api/face-index';

/**
 * Faces (decision 0102): how many of the photos stored are indexed, the indexing of those stored
 * before started from here, its progress and its latest failures.
 */
export function FaceIndex() {
  const t = useT();
  const intl = useIntl();
  const status = useFaceIndexStatus();
  const start = useStartFaceBackfill();
  if (status.isPending) return null;
  // Said quietly: the figures above carry the page's own alert when the server cannot answer.
  if (status.isError) return <p className="text-body-secondary">{errorMessage(status.error)}</p>;
  const { enabled, photos, indexed, failed, waiting, active, errors } = status.data;
  const running = waiting + active > 0;
  const percent = photos === 0 ? 100 : Math.round((indexed / photos) * 100);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5">{t('admin.faces.title')}</h2>
        {!enabled ? (
          <p className="mb-0 text-body-secondary">{t('admin.faces.off')}</p>
        ) : (
          <>
            <p className="mb-2">
              {t('admin.faces.progress', {
                indexed: intl.formatNumber(indexed),
                photos: intl.formatNumber(photos),
              })}
              {failed > 0 && ` ${t('admin.faces.failed', { count: failed })}`}
            </p>
            <div className="progress mb-3">
              <div
                className="progress-bar"
                role="progressbar"
                aria-label={t('admin.faces.title')}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuetext={`${percent} %`}
                style={{ width: `${percent}%` }}
              />
            </div>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button
                size="sm"
                variant="outline-primary"
                disabled={start.isPending || running || indexed >= photos}
                onClick={() => start.mutate()}
              >
                {t('admin.faces.start')}
              </Button>
              {running && (
                <span role="status" className="small">
                  {t('admin.faces.running', { count: waiting + active })}
                </span>
              )}
              {start.error && (
                <span role="alert" className="small text-danger">
                  {errorMessage(start.error)}
                </span>
              )}
            </div>
            {errors.length > 0 && (
              <details className="mt-3">
                <summary>{t('admin.faces.errors')}</summary>
                <ul className="small mb-0 mt-2">
                  {errors.map((error) => (
                    <li key={error.fileId}>
                      <code>{error.fileId}</code>: {error.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
