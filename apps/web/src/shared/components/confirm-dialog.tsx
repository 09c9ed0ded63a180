import { Suspense, lazy } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';
import type { ConfirmDialogProps } from './confirm-dialog-modal';

// The dialog and its library (react-bootstrap's Modal) load when a dialog is first opened, not
// with the page that may open one.
const ConfirmDialogModal = lazy(() => import('./confirm-dialog-modal'));

/** Asks before doing something that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.show);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
