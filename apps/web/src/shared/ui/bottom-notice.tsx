import type { ReactNode } from 'react';

/**
 * A short message at the bottom of the screen (`children`, none for no message) with a button
 * that dismisses it; a status for screen readers. The region is always there, so the message is
 * announced.
 */
export function BottomNotice({
  className,
  dismissLabel,
  onDismiss,
  children,
}: {
  /** The region's own class, besides app-notice-region. */
  className?: string;
  dismissLabel: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className={className ? `app-notice-region ${className}` : 'app-notice-region'}
    >
      {children && (
        <div className="app-notice">
          {children}
          <button
            type="button"
            className="btn-close btn-close-white"
            aria-label={dismissLabel}
            onClick={onDismiss}
          />
        </div>
      )}
    </div>
  );
}
