import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The dialog of ConfirmDialog, loaded when one is first opened. */
export default function ConfirmDialogModal(props: ConfirmDialogProps) {
  const { show, title, children, confirmLabel, busy = false, onConfirm, onCancel } = props;
  const t = useT();
  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      centered
      aria-labelledby="confirm-title"
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? t('common.working') : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
