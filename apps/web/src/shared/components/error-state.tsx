import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { ApiError, errorMessage } from '../api/api-error';
import { paths } from '../config/paths';

interface ErrorStateProps {
  title: string;
  /** What went wrong (the server's message); the notification area shows it too. */
  message?: string;
  onRetry?: () => void;
  /** Announced as an alert: for a failure the notification area does not tell. */
  announce?: boolean;
  children?: ReactNode;
}

/**
 * A screen's error state: what failed, and a way out. Not an ARIA alert unless `announce`: the
 * notification area already announces the failure.
 */
export function ErrorState({ title, message, onRetry, announce, children }: ErrorStateProps) {
  const t = useT();
  return (
    <div className="alert alert-warning my-4" role={announce ? 'alert' : undefined}>
      <h2 className="alert-heading h5">{title}</h2>
      {message && <p className="mb-2">{message}</p>}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {onRetry && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        )}
        {children}
      </div>
    </div>
  );
}

/**
 * The error state of a screen about one thing (an album, a photo): "does not exist" for a 404,
 * otherwise the reason and a retry; either way a way back to Recent Albums.
 */
export function ItemErrorState({
  what,
  error,
  onRetry,
  missingCode,
}: {
  what: 'album' | 'photo';
  error: unknown;
  onRetry: () => void;
  /** The 404 code the query keeps from the notification area: this state announces it. */
  missingCode?: string;
}) {
  const t = useT();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <ErrorState
      title={missing ? t('common.itemMissing', { what }) : t('common.itemNotLoaded', { what })}
      message={missing ? t('common.mayBeDeleted') : errorMessage(error)}
      onRetry={missing ? undefined : onRetry}
      announce={
        missingCode !== undefined && error instanceof ApiError && error.code === missingCode
      }
    >
      <Link to={paths.recentAlbums} className="btn btn-sm btn-primary">
        {t('common.goToRecentAlbums')}
      </Link>
    </ErrorState>
  );
}
