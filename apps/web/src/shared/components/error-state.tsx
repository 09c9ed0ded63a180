import Button from 'react-bootstrap/Button';
import type { ReactNode } from 'react';

interface ErrorStateProps {
  title: string;
  /** What went wrong (the server's message); the notification area shows it too. */
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
}

/**
 * A screen's error state: what failed, and a way out. Not an ARIA alert: the notification area
 * already announces the failure.
 */
export function ErrorState({ title, message, onRetry, children }: ErrorStateProps) {
  return (
    <div className="alert alert-warning my-4">
      <h2 className="alert-heading h5">{title}</h2>
      {message && <p className="mb-2">{message}</p>}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {onRetry && (
          <Button variant="outline-dark" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}
