import type { ReactNode } from 'react';

/** The pictures an empty state can show (drawn by theme.css). */
export type EmptyStateIcon =
  'album' | 'photos' | 'search' | 'trash' | 'archive' | 'lock' | 'people';

interface EmptyStateProps {
  icon?: EmptyStateIcon;
  /** What is (not) here. */
  title?: ReactNode;
  /** What to do next. */
  text?: ReactNode;
  /** The one thing to do next: a button or a link styled as one. */
  action?: ReactNode;
  children?: ReactNode;
}

/** A page or list with nothing to show: what it is, what to do next, and one action to do it. */
export function EmptyState({ icon, title, text, action, children }: EmptyStateProps) {
  return (
    <div className="app-empty">
      {icon && <span className={`app-empty-icon app-empty-icon-${icon}`} aria-hidden="true" />}
      {title && <h2 className="app-empty-title">{title}</h2>}
      {text && <p className="app-empty-text">{text}</p>}
      {children}
      {action}
    </div>
  );
}
